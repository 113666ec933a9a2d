/**
 * The one writer of audit rows. Every row says who (user id and account), from where (IP), what
 * kind of event (AUDIT_TYPES), what (action, target), before and after, and whether the call
 * succeeded; secrets never reach it (masked below, whatever the caller passed).
 *
 * A request runs in a scope (who is calling, which type its route records), kept by the request's
 * async context: code deep in a domain (the order state machine, in a transaction of its own) writes
 * rows with the request's actor and type without being handed them, and the route framework learns
 * the request wrote its own row, so it adds no generic one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { auditRecords } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { insertValues, placeholdersFor, Statements } from '../db/prepared.js';
import { maskSecret } from '../security/secrets.js';
import type { AuditType } from '../../resources/audit-records/types.js';

export interface AuditScope {
  userId: number | null;
  account: string | null;
  ip: string | null;
  type: AuditType;
  /** Set once a row was written in this scope. */
  written: boolean;
}

interface AuditEntry {
  action: string;
  target?: string | number | null;
  before?: unknown;
  after?: unknown;
  type?: AuditType;
  userId?: number | null;
  account?: string | null;
  ip?: string | null;
  success?: boolean;
  errorCode?: number | null;
  errorMsg?: string | null;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs a request in `scope`: rows written meanwhile, on any connection, take its actor and type. */
export function inAuditScope<T>(scope: AuditScope, run: () => Promise<T>): Promise<T> {
  return scopes.run(scope, run);
}

/**
 * Names the actor of a public call once it is known (login: the account tried, and its user when
 * there is one), so a refusal is recorded against them.
 */
export function auditActor(userId: number | null, account: string | null): void {
  const scope = scopes.getStore();
  if (!scope) return;
  scope.userId = userId;
  scope.account = account;
}

/** Names whose values are secrets: passwords, tokens, keys, Google (TOTP) codes and secrets, signatures. */
const SECRET_NAME = /pass(word)?|pwd|secret|token|(^|[a-z_])key$|^key|googleCode|totp|^sign$|signature|cvv|pin$/i;
/** A stored row can be large (an uploaded file's rows): past this, the row keeps only the keys. */
const MAX_JSON = 16_000;

/** A long random value (a key, a token) keeps its ends to be told apart; anything shorter (a password, a code) shows nothing. */
const masked = (v: unknown): string => (typeof v === 'string' && v.length >= 16 ? maskSecret(v) : '••••••');

/** A copy of `value` with every secret masked, however deep. */
function scrub(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  // A hostile body nested thousands deep is cut short: the row keeps its first levels.
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  // Text jsonb cannot store (NUL, a lone surrogate) would lose the whole row: it is replaced.
  if (typeof value === 'string') return value.replaceAll('\u0000', '\ufffd').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  if (typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_NAME.test(k) && v !== null && v !== undefined && typeof v !== 'boolean' ? masked(v) : scrub(v, depth + 1)]),
  );
}

function bounded(value: unknown): unknown {
  const clean = scrub(value);
  if (clean === null) return null;
  const text = JSON.stringify(clean);
  if (text === undefined) return null;
  if (text.length <= MAX_JSON) return clean;
  return { truncated: true, keys: typeof clean === 'object' && !Array.isArray(clean) ? Object.keys(clean as object) : [], length: text.length };
}

/** Up to this many rows, an insert is built once per row count (server/db/prepared.ts): every action writes one or two. */
const FEW = 4;
const auditInserts = new Statements<unknown, Record<string, unknown>>((db, shape) => {
  const [count, columns] = shape.split(':');
  const rows = Array.from({ length: Number(count) }, (_, i) => placeholdersFor(auditRecords, columns, `r${i}_`));
  return db.insert(auditRecords).values(rows as unknown as (typeof auditRecords.$inferInsert)[]);
});

/** The rows of the entries, completed from the transaction's scope (as writeAudit writes them). */
export function auditRows(entries: AuditEntry | AuditEntry[], scope: AuditScope | undefined = scopes.getStore()) {
  return (Array.isArray(entries) ? entries : [entries]).map((entry) => {
    // The scope's account belongs to the scope's user: a row naming another actor (the system) does not take it.
    const userId = entry.userId !== undefined ? entry.userId : (scope?.userId ?? null);
    const sameActor = scope !== undefined && userId === scope.userId;
    return {
      userId,
      account: entry.account !== undefined ? entry.account : sameActor ? scope.account : null,
      type: entry.type ?? scope?.type ?? 'general',
      action: entry.action,
      target: entry.target === null || entry.target === undefined ? null : String(entry.target),
      ip: entry.ip !== undefined ? entry.ip : (scope?.ip ?? null),
      before: bounded(entry.before),
      after: bounded(entry.after),
      success: entry.success ?? true,
      errorCode: entry.errorCode ?? null,
      errorMsg: entry.errorMsg?.slice(0, 500) ?? null,
    };
  });
}

/** Tells the request's scope it wrote its own row (rows written by another statement than writeAudit's). */
export function auditWritten(scope: AuditScope | undefined = scopes.getStore()): void {
  if (scope) scope.written = true;
}

/** One insert: the entry (or entries, as one statement), completed from the transaction's scope. */
export async function writeAudit(db: Db, entries: AuditEntry | AuditEntry[], scope: AuditScope | undefined = scopes.getStore()): Promise<void> {
  const rows = auditRows(entries, scope);
  if (!rows.length) return;
  const filled = rows.length <= FEW ? rows.map((row, i) => insertValues(auditRecords, row, `r${i}_`)) : [];
  // Built once per row count, for rows of the same columns (every row here sets them all).
  if (filled.length && filled.every((f) => f.columns === filled[0].columns)) await auditInserts.run(db, `${rows.length}:${filled[0].columns}`, Object.assign({}, ...filled.map((f) => f.values)));
  else await db.insert(auditRecords).values(rows);
  auditWritten(scope);
}
