/**
 * Between a channel kind's request and the one table: which value goes to a column, to `extras` or
 * (encrypted) to `secrets`, and what a caller may read back. Secrets are never returned, only a
 * mask saying one is set.
 */
import { ACCOUNT_FIELDS, isAccountField } from '../../resources/receiving-accounts/fields.js';
import { DISABLED_STATE, ENABLED_STATE } from '../../resources/receiving-accounts/options.js';
import { SECRET_MASK } from '../../resources/receiving-accounts/rules.js';
import type { AccountKind } from '../../resources/receiving-accounts/kind.js';
import { receivingAccounts } from '../db/schema/index.js';
import { encryptSecret } from '../security/secrets.js';

export type AccountRow = typeof receivingAccounts.$inferSelect;
type AccountValues = Partial<typeof receivingAccounts.$inferInsert>;

/** What every list, detail and audit record shows of an account. */
export function publicAccount(kind: AccountKind, row: AccountRow, supplierName: string | null) {
  const record: Record<string, unknown> = {
    id: row.id,
    kind: row.kind,
    supplierId: row.supplierId,
    supplierName,
    productId: row.productId,
    state: row.enabled ? ENABLED_STATE : DISABLED_STATE,
    enabled: row.enabled,
    reportedBalance: row.reportedBalance,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  for (const name of Object.keys(kind.fields)) {
    if (!isAccountField(name)) continue;
    const storage = ACCOUNT_FIELDS[name].storage;
    if (storage === 'secret') record[name] = row.secrets[name] ? SECRET_MASK : null;
    else if (storage === 'extra') record[name] = row.extras[name] ?? null;
    else record[name] = row[name as keyof AccountRow] ?? null;
  }
  return record;
}

/**
 * Row values from a parsed request. `current` is the stored row on edit: a blank secret keeps the
 * stored one, and extras of fields the kind no longer declares are kept rather than dropped.
 */
export function accountValues(kind: AccountKind, body: Record<string, unknown>, current?: AccountRow): AccountValues {
  const values: Record<string, unknown> = { productId: body.productId };
  const extras: Record<string, string> = { ...(current?.extras ?? {}) };
  const secrets: Record<string, string> = { ...(current?.secrets ?? {}) };
  for (const name of Object.keys(kind.fields)) {
    if (!isAccountField(name)) continue;
    const value = body[name];
    const storage = ACCOUNT_FIELDS[name].storage;
    if (storage === 'secret') {
      if (typeof value === 'string' && value !== '') secrets[name] = encryptSecret(value);
    } else if (storage === 'extra') {
      if (value === null || value === undefined) delete extras[name];
      else extras[name] = String(value);
    } else {
      values[name] = value ?? null;
    }
  }
  return { ...values, extras, secrets } as AccountValues;
}

/** The kind's fields kept only encrypted, as a change held for review stores them too. */
export const secretFieldsOf = (kind: AccountKind): string[] => Object.keys(kind.fields).filter((name) => isAccountField(name) && ACCOUNT_FIELDS[name].storage === 'secret');

/** How a to-do list names a new account: its holder (or wallet) and its card (or address). */
export const accountSubject = (body: Record<string, unknown>): string =>
  [body.accountName ?? body.nickname ?? body.walletName, body.cardNumber ?? body.walletAddress ?? body.upiAccount].filter((v) => typeof v === 'string' && v !== '').join(' · ');
