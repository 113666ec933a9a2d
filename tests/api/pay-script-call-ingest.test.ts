/**
 * The pay runner reports the calls it made with a pay script (POST /ingest/payScriptCall): only a
 * pay runner's token is taken, a bad field is refused naming it and nothing is stored, a report
 * with the runner's call id is stored once, and a stored call shows on the call records list to
 * the roles that read it, and to no other.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAY_SCRIPT_CALL_INGEST } from '../../resources/scripts/call-report.js';
import { payScriptCalls as callsDeclaration } from '../../resources/scripts/calls.js';
import { ingestClients as clientsDeclaration } from '../../resources/ingest-clients/index.js';
import { payScriptCalls, scripts } from '../../server/db/schema/index.js';
import { DEMO_DEVICE_TOKEN, DEMO_PAY_RUNNER_TOKEN } from '../../server/ingest/seed.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';
import { userIdOf } from './orders-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;
const tokens: Record<string, string> = {};
let scriptId = 0;
const READERS = ['superAdmin', 'technicalMaintenance', 'technicalSupport'];
const OTHERS = ['admin', 'merchant', 'supplier', 'customerService'];
const addClient = (body: Record<string, unknown>) => server.call('POST', clientsDeclaration.api.create!, { token: tokens.admin, body });

const report = (body: unknown, token: string | null = DEMO_PAY_RUNNER_TOKEN) => server.call('POST', PAY_SCRIPT_CALL_INGEST, { body, headers: token === null ? {} : { 'x-ingest-token': token } });
const good = (fields: Record<string, unknown> = {}) => ({ scriptId, version: 2, orderCode: 'P2026REPORT0001', success: true, durationMs: 240, request: { amount: 10000 }, response: '{"status":"OK"}', ...fields });
const callCount = async () => (await db().select({ id: payScriptCalls.id }).from(payScriptCalls)).length;
const listed = (role: string, orderCode: string) => server.call('GET', callsDeclaration.api.list!, { token: tokens[role], query: { pageIndex: 1, pageSize: 10, orderCode } });

beforeAll(async () => {
  for (const role of [...READERS, ...OTHERS]) tokens[role] = await server.login(role);
  [{ id: scriptId }] = await db().select({ id: scripts.id }).from(scripts).where(eq(scripts.name, 'Demo bank pay'));
});

describe('the API document of the report', () => {
  it('documents the route, and each example gets the documented answer from the live server', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/v1.0/openapi.json?lang=en-US' })).json();
    const operation = doc.paths[PAY_SCRIPT_CALL_INGEST].post;
    expect(operation.operationId).toBe('reportPayScriptCall');
    const requests = operation.requestBody.content['application/json'].examples;
    const answers = operation.responses['200'].content['application/json'].examples;
    expect(Object.keys(requests)).toEqual(['reported', 'missingScript', 'badToken']);
    for (const [name, example] of Object.entries(requests) as [string, { description: string; value: unknown }][]) {
      const token = example.description.replace('X-Ingest-Token: ', '');
      const documented = answers[name].value;
      // The record's id is what this database makes; everything else is as documented.
      expect(await report(example.value, token), name).toEqual(documented.data ? { ...documented, data: { ...documented.data, id: expect.any(Number) } } : documented);
    }
    expect((await listed('technicalSupport', requests.reported.value.orderCode)).data.total).toBe(1);
  });
});

describe('pay script call reports', () => {
  it('refuses a report without a token, with an unknown one, or with a device token, and stores nothing', async () => {
    const before = await callCount();
    for (const token of [null, 'noSuchToken', DEMO_DEVICE_TOKEN]) expect((await report(good(), token)).code, String(token)).toBe(ERRORS.ingestTokenInvalid);
    expect(await callCount()).toBe(before);
  });

  it('refuses a bad field with 4000 naming it, and stores nothing', async () => {
    const before = await callCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ scriptId: undefined }, 'scriptId'],
      [{ scriptId: '1' }, 'scriptId'],
      [{ scriptId: 999_999 }, 'scriptId'],
      [{ version: 99 }, 'version'],
      [{ success: 'yes' }, 'success'],
      [{ durationMs: -1 }, 'durationMs'],
      [{ durationMs: 1.5 }, 'durationMs'],
      [{ orderCode: 'x'.repeat(65) }, 'orderCode'],
      [{ request: 'x'.repeat(16_001) }, 'request'],
      [{ response: { text: 'y'.repeat(16_000) } }, 'response'],
      [{ id: 'a b' }, 'id'],
    ];
    for (const [change, field] of cases) {
      const answer = await report(good(change));
      expect(answer.code, field).toBe(ERRORS.invalidParam);
      expect(answer.msg, field).toMatch(new RegExp(`^Invalid parameter: ${field} `));
    }
    // The monitor script is no pay script.
    const [monitor] = await db().select({ id: scripts.id }).from(scripts).where(eq(scripts.kind, 'monitor')).limit(1);
    expect((await report(good({ scriptId: monitor.id, version: 1 }))).msg).toBe('Invalid parameter: scriptId is not one of the allowed values');
    expect(await callCount()).toBe(before);
  });

  it('stores a good report once per call id and shows it to the roles that read call records, and to no other', async () => {
    const orderCode = `P2026RUN${Date.now()}`;
    const first = await report(good({ id: 'run-42', orderCode }));
    expect(first).toMatchObject({ code: 200, data: { duplicate: false } });
    const again = await report(good({ id: 'run-42', orderCode, success: false }));
    expect(again).toMatchObject({ code: 200, data: { id: first.data.id, duplicate: true } });
    for (const role of READERS) {
      const list = await listed(role, orderCode);
      expect(list.code, role).toBe(200);
      expect(list.data, role).toMatchObject({ total: 1, list: [{ id: first.data.id, scriptName: 'Demo bank pay', version: 2, orderCode, success: true, durationMs: 240, request: '{"amount":10000}', response: '{"status":"OK"}' }] });
    }
    for (const role of OTHERS) expect((await listed(role, orderCode)).code, role).toBe(ERRORS.forbidden);
    // Without an id every report is a call of its own.
    await report(good({ orderCode }));
    await report(good({ orderCode }));
    expect((await listed('superAdmin', orderCode)).data.total).toBe(3);
  });
});

describe('pay runner clients', () => {
  it('are made on the ingest clients screen without supplier or account, and their token reports calls', async () => {
    const made = await addClient({ code: 'RUN-T1', name: 'Runner 1', kind: 'payRunner' });
    expect(made.code, made.msg).toBe(200);
    expect(made.data).toMatchObject({ kind: 'payRunner', supplierId: null, accountId: null });
    expect((await report(good({ id: 'runner-1-call' }), made.data.token)).code).toBe(200);
    const supplierId = await userIdOf(db(), 'supplier');
    const owned = await addClient({ code: 'RUN-T2', name: 'Runner 2', kind: 'payRunner', supplierId });
    expect(owned).toMatchObject({ code: ERRORS.invalidParam });
    expect(owned.msg).toMatch(/supplierId.* must be empty for a pay runner/);
    const orphan = await addClient({ code: 'DEV-T9', name: 'Phone 9', kind: 'device' });
    expect(orphan).toMatchObject({ code: ERRORS.invalidParam });
    expect(orphan.msg).toMatch(/supplierId.* is required/);
    // A runner's token is no device's.
    expect((await server.call('POST', '/ingest/sms', { body: {}, headers: { 'x-ingest-token': made.data.token } })).code).toBe(ERRORS.ingestTokenInvalid);
  });
});
