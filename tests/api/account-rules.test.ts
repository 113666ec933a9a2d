/**
 * The field format rules (IFSC, card number, UPI id, wallet address with its checksum, names free of
 * invisible characters, lengths...) on every channel kind that has the field (table-driven), and the
 * admin's duty to name the supplier, refused by the shared schema (so the form refuses it too).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { receivingAccounts, users } from '../../server/db/schema/index.js';
import { CHANNELS } from '../../resources/receiving-accounts/kind.js';
import { accountApi, type AccountKind } from '../../resources/receiving-accounts/kind.js';

const server = useTestServer();
let admin = '';
let supplierId = 0;
beforeAll(async () => {
  admin = await server.login('admin');
  [{ id: supplierId }] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier'));
});

/** A valid value for every field a kind may declare. */
const SAMPLE: Record<string, unknown> = {
  channelType: 'bankCard', mode: 'manual', pageType: 'standard', platformType: 'web', channelId: 'ch_001',
  bankName: 'Test Bank', accountName: 'Test Account', cardNumber: '123456789012', ifscCode: 'ABCD0123456', upiAccount: 'test@upi',
  bankUserName: 'netuser', loginPassword: 'Login#1', userCode: 'Code#1', transactionPassword: 'Trans#1', nickname: 'Nick', walletName: 'Wallet',
  walletAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', minAmount: 10_000, maxAmount: 5_000_000, dailyCountLimit: 100, dailyAmountLimit: 10_000_000, floatAmount: 5,
  maxConcurrentOrders: 10, minAcceptBalance: 0, freezeAmount: 0, extendFields: 'branch=Main',
};
const body = (kind: AccountKind, changes: Record<string, unknown> = {}) => ({
  productId: kind.products[0],
  supplierId,
  ...Object.fromEntries(Object.keys(kind.fields).map((name) => [name, SAMPLE[name]])),
  ...changes,
});
const rowCount = async () => (await server.database.db.select({ id: receivingAccounts.id }).from(receivingAccounts)).length;
const create = (kind: AccountKind, payload: Record<string, unknown>) => server.call('POST', accountApi(kind.kind).create, { token: admin, body: payload });

/** Text a person cannot see or that reorders what they read. */
const HIDDEN = ['Ravi\u200BKumar', 'Ravi\u202EramuK', 'Ravi\u0007', 'Ravi\u2066Kumar'];

/** field, bad values (each refused naming `named`, with `reason` when given), values that pass. */
const RULES: { field: string; bad: unknown[]; good: unknown[]; named?: string; needs?: string[]; reason?: string }[] = [
  { field: 'ifscCode', bad: ['abcd0123456', 'ABCD1123456', 'ABCD012345', 'ABCD01234567', 'AB1D0123456', 'SBIN0A1B2C🙂'], good: ['SBIN0A1B2C3'] },
  { field: 'cardNumber', bad: ['1234 5678', '12345abc', '1'.repeat(21), '1234\u200B5678'], good: ['1'.repeat(20)] },
  ...['bankName', 'accountName', 'bankUserName', 'walletName'].map((field) => ({ field, bad: ['x'.repeat(129)], good: ['x'.repeat(128), 'Ravi Kumar 🙂'] })),
  ...['bankName', 'accountName', 'bankUserName', 'walletName', 'nickname'].map((field) => ({ field, bad: HIDDEN, good: [], reason: 'invisible characters' })),
  { field: 'upiAccount', bad: ['x'.repeat(129), 'no-at-sign', 'two words@ybl', '💸@ybl', 'ravi\u200B@ybl', 'ravi@ok-hdfc'], good: ['ravi.kumar-1@okhdfcbank', '9876543210@ybl'] },
  { field: 'walletAddress', bad: ['TAddr1234567890', '💰', 'x'.repeat(129), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSz\u200BgjLj6t'], good: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'], reason: 'must be a TRON' },
  { field: 'walletAddress', bad: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'], good: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], reason: 'does not match its checksum' },
  { field: 'floatAmount', bad: [101, -101, 1.5], good: [100, -100] },
  // Minimum not above maximum; a blank maximum means no limit.
  { field: 'maxAmount', bad: [9_999], good: [10_000, ''], named: 'maxAmount', needs: ['minAmount'] },
];

const cases = CHANNELS.flatMap((kind) =>
  RULES.filter((r) => r.field in kind.fields && (r.needs ?? []).every((n) => n in kind.fields)).map((rule) => [kind.kind, rule.field, kind, rule] as const),
);

describe('format rules on every kind with the field', () => {
  it('covers every kind', () => {
    expect(new Set(cases.map(([name]) => name))).toEqual(new Set(CHANNELS.map((k) => k.kind)));
  });

  it.each(cases)('%s: %s', async (_name, _field, kind, rule) => {
    for (const value of rule.bad) {
      const before = await rowCount();
      const result = await create(kind, body(kind, { [rule.field]: value }));
      expect(result.code, `${rule.field}=${String(value)}`).toBe(4000);
      expect(result.msg).toContain(rule.named ?? rule.field);
      if (rule.reason) expect(result.msg).toContain(rule.reason);
      expect(await rowCount()).toBe(before);
    }
    for (const value of rule.good) {
      const result = await create(kind, body(kind, { [rule.field]: value }));
      expect(result.code, `${rule.field}=${String(value)}: ${result.msg}`).toBe(200);
    }
  });
});

describe('an admin names the supplier', () => {
  it.each(CHANNELS.map((kind) => [kind.kind, kind] as const))('%s: refused without supplierId, in the server and by the admin form schema', async (_name, kind) => {
    const { supplierId: _omit, ...payload } = body(kind);
    const before = await rowCount();
    const result = await create(kind, payload);
    expect(result.code).toBe(4000);
    expect(result.msg).toContain('supplierId');
    expect(await rowCount()).toBe(before);
    const adminScreen = [kind.declaration, ...(kind.declaration.variants ?? [])].find((v) => v.name === `${kind.kind}-admin`)!;
    const schema = adminScreen.createSchema ?? kind.declaration.createSchema!;
    const parsed = schema.safeParse(payload);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('supplierId');
    // The supplier's own screen never asks for it.
    if (kind.subjects.includes(kind.kind)) expect(kind.declaration.createSchema!.safeParse(payload).success).toBe(true);
  });
});
