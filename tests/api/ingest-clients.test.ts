/**
 * The ingest clients screen's API: a new client's token is answered once and works at once, only
 * its hash is stored (never listed, never audited); regenerating ends the old token; a disabled
 * client is refused; the account must be of the client's supplier; only admins manage clients.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ingestClients as declaration } from '../../resources/ingest-clients/index.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { auditRecords, receivingAccounts } from '../../server/db/schema/index.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';
import { userIdOf } from './orders-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
const api = declaration.api as Required<typeof declaration.api> & { calls: Record<string, string> };
/** A record of the device's own account (a debit, which pays no order). */
const record = (token: string) =>
  server.call('POST', bankStatementApi.ingest.sms, { headers: { 'x-ingest-token': token }, body: { content: `out ${Date.now()}${Math.random()}`, direction: 'debit', amount: 1, time: '2026-01-01 10:00:00' } });

beforeAll(async () => {
  for (const role of ['admin', 'supplier', 'customerService']) tokens[role] = await server.login(role);
});

describe('ingest clients', () => {
  it('answers a new token once, stores only its hash, and lets the device in', async () => {
    const supplierId = await userIdOf(db(), 'supplier');
    const [account] = await db().select({ id: receivingAccounts.id }).from(receivingAccounts).where(eq(receivingAccounts.supplierId, supplierId)).limit(1);
    const created = await server.call('POST', api.create, { token: tokens.admin, body: { code: 'DEV-T1', name: 'Phone 1', kind: 'device', supplierId, accountId: account.id } });
    expect(created).toMatchObject({ code: 200, data: { code: 'DEV-T1', token: expect.any(String), supplierName: expect.any(String) } });
    expect(created.data.tokenHash).toBeUndefined();
    const token = created.data.token as string;
    expect((await record(token)).code).toBe(200);

    const list = await server.call('GET', api.list, { token: tokens.admin, query: { pageIndex: 1, code: 'DEV-T1' } });
    expect(list.data.list[0]).toMatchObject({ code: 'DEV-T1', lastSeenAt: expect.any(String) });
    expect(list.data.list[0].token).toBeUndefined();
    expect(list.data.list[0].tokenHash).toBeUndefined();
    const audits = await db().select().from(auditRecords).where(sql`${auditRecords.action} like 'ingestClient.%'`);
    expect(JSON.stringify(audits)).not.toContain(token);

    const renewed = await server.call('POST', api.calls.regenerateToken, { token: tokens.admin, body: { id: created.data.id } });
    expect(renewed.code).toBe(200);
    expect((await record(token)).code).toBe(ERRORS.ingestTokenInvalid);
    expect((await record(renewed.data)).code).toBe(200);

    expect((await server.call('POST', api.calls.setEnabled, { token: tokens.admin, body: { id: created.data.id, enabled: false } })).code).toBe(200);
    expect((await record(renewed.data)).code).toBe(ERRORS.ingestTokenInvalid);
  });

  it('refuses a taken code, an account of another supplier, and roles without the screen', async () => {
    const supplierId = await userIdOf(db(), 'supplier');
    const body = { code: 'DEV-0001', name: 'Again', kind: 'device', supplierId };
    expect((await server.call('POST', api.create, { token: tokens.admin, body })).code).toBe(ERRORS.duplicate);
    const supplier2 = await userIdOf(db(), 'supplier2');
    const [foreign] = await db().select({ id: receivingAccounts.id }).from(receivingAccounts).where(eq(receivingAccounts.supplierId, supplier2)).limit(1);
    if (foreign) expect((await server.call('POST', api.create, { token: tokens.admin, body: { ...body, code: 'DEV-T2', accountId: foreign.id } })).code).toBe(ERRORS.invalidParam);
    for (const role of ['supplier', 'customerService']) expect((await server.call('GET', api.list, { token: tokens[role], query: { pageIndex: 1 } })).code).toBe(ERRORS.forbidden);
  });
});
