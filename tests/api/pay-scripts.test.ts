/**
 * Versioned scripts (dynamic pay scripts, the monitor script) and the pay scripts' call records:
 * saving appends versions, never overwrites; diffs between any two versions; only superAdmin
 * writes (technicalMaintenance and technicalSupport read); validation refuses and writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords, scripts, scriptVersions } from '../../server/db/schema/index.js';

const server = useTestServer();
const tokens: Record<string, string> = {};
const V1 = 'export function build(order) {\n  return { amount: order.amount };\n}\n';
const V2 = 'export function build(order) {\n  return { amount: order.amount, currency: "INR" };\n}\n';
let scriptId = 0;

const versionsOf = async (id: number) => (await server.database.db.select().from(scriptVersions).where(eq(scriptVersions.scriptId, id)).orderBy(scriptVersions.version)).map((v) => v.text);

beforeAll(async () => {
  for (const role of ['superAdmin', 'admin', 'technicalMaintenance', 'technicalSupport', 'customerService']) tokens[role] = await server.login(role);
  const created = await server.call('POST', '/payScript/add', { token: tokens.superAdmin, body: { name: 'Test bank', target: '1034', language: 'javascript', text: V1, note: 'first' } });
  expect(created.code, created.msg).toBe(200);
  scriptId = created.data.id;
});

describe('versioned pay scripts', () => {
  it('creates a script with its text as version 1', async () => {
    const one = await server.call('GET', '/payScript/getOne', { token: tokens.superAdmin, query: { id: scriptId } });
    expect(one.data).toMatchObject({ name: 'Test bank', target: '1034', language: 'javascript', enabled: true, currentVersion: 1 });
    expect(await versionsOf(scriptId)).toEqual([V1]);
  });

  it('appends a version on save, keeps the old ones, and audits it', async () => {
    const saved = await server.call('POST', '/payScript/saveVersion', { token: tokens.superAdmin, body: { id: scriptId, baseVersion: 1, text: V2, note: 'currency' } });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.version).toBe(2);
    expect(await versionsOf(scriptId)).toEqual([V1, V2]);
    const versions = await server.call('GET', '/payScript/getVersions', { token: tokens.superAdmin, query: { id: scriptId } });
    expect(versions.data.map((v: { version: number; note: string; authorName: string }) => [v.version, v.note, v.authorName])).toEqual([
      [1, 'first', 'superAdmin'],
      [2, 'currency', 'superAdmin'],
    ]);
    expect(versions.data[0].text).toBeUndefined();
    const text = await server.call('GET', '/payScript/getVersion', { token: tokens.technicalMaintenance, query: { id: scriptId, version: 1 } });
    expect(text.data.text).toBe(V1);
    const audits = await server.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'payScripts.saveVersion'));
    expect(audits.at(-1)).toMatchObject({ target: String(scriptId), before: { version: 1 }, after: { version: 2, note: 'currency' } });
  });

  it('refuses a save based on a replaced version, and a save that changes nothing', async () => {
    const stale = await server.call('POST', '/payScript/saveVersion', { token: tokens.superAdmin, body: { id: scriptId, baseVersion: 1, text: 'x();' } });
    expect(stale.code).toBe(4009);
    const same = await server.call('POST', '/payScript/saveVersion', { token: tokens.superAdmin, body: { id: scriptId, baseVersion: 2, text: V2 } });
    expect(same.code).toBe(4240);
    expect(await versionsOf(scriptId)).toHaveLength(2);
  });

  it('answers the diff between any two versions, line by line and as a patch', async () => {
    const diff = await server.call('GET', '/payScript/diff', { token: tokens.technicalSupport, query: { id: scriptId, from: 1, to: 2 } });
    expect(diff.code, diff.msg).toBe(200);
    expect(diff.data).toMatchObject({ from: 1, to: 2, added: 1, removed: 1 });
    expect(diff.data.lines.filter((l: { kind: string }) => l.kind !== 'same')).toEqual([
      { kind: 'del', text: '  return { amount: order.amount };', oldLine: 2 },
      { kind: 'add', text: '  return { amount: order.amount, currency: "INR" };', newLine: 2 },
    ]);
    expect(diff.data.patch).toContain('+  return { amount: order.amount, currency: "INR" };');
    const backwards = await server.call('GET', '/payScript/diff', { token: tokens.superAdmin, query: { id: scriptId, from: 2, to: 1 } });
    expect(backwards.data).toMatchObject({ added: 1, removed: 1 });
    const missing = await server.call('GET', '/payScript/diff', { token: tokens.superAdmin, query: { id: scriptId, from: 1, to: 9 } });
    expect(missing.code).toBe(4004);
  });

  it('edits the metadata only, never the text', async () => {
    const edited = await server.call('POST', '/payScript/update', { token: tokens.superAdmin, body: { id: scriptId, name: 'Test bank 2', language: 'typescript', enabled: false } });
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data).toMatchObject({ name: 'Test bank 2', language: 'typescript', enabled: false, currentVersion: 2 });
    expect(await versionsOf(scriptId)).toEqual([V1, V2]);
  });

  it('refuses every write from read-only roles, technicalSupport included, and writes nothing', async () => {
    const [before] = await server.database.db.select().from(scripts).where(eq(scripts.id, scriptId));
    for (const role of ['technicalMaintenance', 'technicalSupport', 'admin', 'customerService']) {
      const writes = [
        await server.call('POST', '/payScript/add', { token: tokens[role], body: { name: `by ${role}`, language: 'javascript', text: 'x();' } }),
        await server.call('POST', '/payScript/update', { token: tokens[role], body: { id: scriptId, name: 'hijacked', language: 'javascript' } }),
        await server.call('POST', '/payScript/saveVersion', { token: tokens[role], body: { id: scriptId, baseVersion: 2, text: 'evil();' } }),
        await server.call('POST', '/monitorScript/saveVersion', { token: tokens[role], body: { id: 1, baseVersion: 1, text: 'evil();' } }),
      ];
      expect(writes.map((w) => w.code), role).toEqual([4003, 4003, 4003, 4003]);
    }
    const [after] = await server.database.db.select().from(scripts).where(eq(scripts.id, scriptId));
    expect(after).toEqual(before);
    expect(await versionsOf(scriptId)).toHaveLength(2);
    // Reading is open to the read-only screens; admin and customer service have none.
    expect((await server.call('GET', '/payScript/getList', { token: tokens.technicalMaintenance })).code).toBe(200);
    expect((await server.call('GET', '/payScript/getList', { token: tokens.technicalSupport })).code).toBe(200);
    expect((await server.call('GET', '/payScript/getList', { token: tokens.admin })).code).toBe(4003);
    expect((await server.call('GET', '/payScript/getVersions', { token: tokens.customerService, query: { id: scriptId } })).code).toBe(4003);
  });

  it('validates: name required, text required and at most 200 KB, names unique per kind', async () => {
    const add = (body: Record<string, unknown>) => server.call('POST', '/payScript/add', { token: tokens.superAdmin, body: { language: 'javascript', ...body } });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', text: 'x();' }, 'name'],
      [{ name: 'No text', text: '   ' }, 'text'],
      [{ name: 'Huge', text: 'x'.repeat(200 * 1024 + 1) }, 'text'],
      [{ name: 'Bad language', text: 'x();', language: 'python' }, 'language'],
    ];
    for (const [body, field] of cases) {
      const answer = await add(body);
      expect(answer.code, field).toBe(4000);
      expect(answer.msg).toContain(field);
    }
    // Multi-byte text counts in bytes: 70,000 three-byte characters are over 200 KB.
    expect((await add({ name: 'Wide', text: '脚'.repeat(70_000) })).code).toBe(4000);
    expect((await add({ name: 'Just fits', text: 'x'.repeat(200 * 1024) })).code).toBe(200);
    const tooBig = await server.call('POST', '/payScript/saveVersion', { token: tokens.superAdmin, body: { id: scriptId, baseVersion: 2, text: 'y'.repeat(200 * 1024 + 1) } });
    expect(tooBig.code).toBe(4000);
    expect((await add({ name: 'Test bank 2', text: 'x();' })).code).toBe(4012);
    // The monitor script is another kind: the same name is free there.
    expect((await server.call('POST', '/monitorScript/add', { token: tokens.superAdmin, body: { name: 'Test bank 2', language: 'javascript', text: 'x();' } })).code).toBe(200);
    expect(await versionsOf(scriptId)).toHaveLength(2);
  });

  it('keeps the two kinds apart: a pay script id does not open as the monitor script', async () => {
    const list = await server.call('GET', '/monitorScript/getList', { token: tokens.technicalMaintenance });
    expect(list.data.list.every((s: { name: string }) => s.name !== 'Demo bank pay')).toBe(true);
    expect((await server.call('GET', '/monitorScript/getOne', { token: tokens.superAdmin, query: { id: scriptId } })).code).toBe(4004);
    expect((await server.call('GET', '/monitorScript/getVersions', { token: tokens.superAdmin, query: { id: scriptId } })).code).toBe(4004);
  });
});

describe('dynamic pay call records', () => {
  it('lists the seeded calls with filters, read-only for every role that has them', async () => {
    const all = await server.call('GET', '/payScriptCall/getList', { token: tokens.superAdmin, query: { pageIndex: 1, pageSize: 50 } });
    expect(all.code, all.msg).toBe(200);
    expect(all.data.total).toBeGreaterThanOrEqual(4);
    expect(all.data.list[0]).toMatchObject({ scriptName: 'Demo bank pay' });
    const failed = await server.call('GET', '/payScriptCall/getList', { token: tokens.technicalSupport, query: { success: 'false' } });
    expect(failed.data.list.every((c: { success: boolean }) => !c.success)).toBe(true);
    const byOrder = await server.call('GET', '/payScriptCall/getList', { token: tokens.technicalMaintenance, query: { orderCode: 'DEMO1002' } });
    expect(byOrder.data.list.map((c: { orderCode: string }) => c.orderCode)).toEqual(['DEMO1002']);
    const byScript = await server.call('GET', '/payScriptCall/getList', { token: tokens.superAdmin, query: { scriptName: 'nothing like it' } });
    expect(byScript.data.total).toBe(0);
    expect((await server.call('GET', '/payScriptCall/getList', { token: tokens.admin })).code).toBe(4003);
  });
});
