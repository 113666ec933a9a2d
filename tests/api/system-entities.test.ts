/**
 * Bot settings, gateway config and message templates: declared entities served by the entity kit.
 * Round trips as superAdmin, the read-only roles refused on every write with nothing changed, the
 * shared schemas' refusals naming the field, the gateway key never answered in clear, and the bot
 * fund records read from the ledger of members a fund-record group serves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { auditRecords, botGroups, chatWhitelist, ledgerEntries, messageTemplates, payGateways, transferBots, users } from '../../server/db/schema/index.js';
import { decryptSecret } from '../../server/security/secrets.js';
import { useTestServer } from './harness.js';

const server = useTestServer();
const db = () => server.database.db;
const tokens: Record<string, string> = {};
const idOf = async (account: string) => (await db().select().from(users).where(eq(users.account, account)))[0].id;
const post = (role: string, url: string, body: unknown) => server.call('POST', url, { token: tokens[role], body });
const get = (role: string, url: string, query: Record<string, unknown> = {}) => server.call('GET', url, { token: tokens[role], query });
const snapshot = async () => ({
  groups: await db().select().from(botGroups).orderBy(botGroups.id),
  whitelist: await db().select().from(chatWhitelist).orderBy(chatWhitelist.id),
  transfer: await db().select().from(transferBots).orderBy(transferBots.id),
  gateways: await db().select().from(payGateways).orderBy(payGateways.id),
  templates: await db().select().from(messageTemplates).orderBy(messageTemplates.id),
});

const gateway = { code: 'GW_ONE', name: 'Gateway One', productIds: [1034, 3017], baseUrl: 'https://gw.example.com/api', merchantNo: 'M10001', secretKey: 'sk-live-9f8e7d6c5b4a', callbackIps: '203.0.113.7\n2001:db8::1, 198.51.100.0/24', timeoutMs: 8000 };
const template = { code: 'order.timeout.en', kind: 'orderTimeout', language: 'en-US', channel: 'bot', subject: 'Order {orderCode}', body: 'Order {orderCode} of {merchantName} for {amount} timed out.' };

let merchantId = 0;
let supplierId = 0;
let groupRowId = 0;

beforeAll(async () => {
  for (const role of ['superAdmin', 'admin', 'customerService', 'technicalMaintenance', 'merchant']) tokens[role] = await server.login(role);
  merchantId = await idOf('merchant');
  supplierId = await idOf('supplier');
});

describe('bot settings', () => {
  it('round-trips a bot group, its whitelist entries and a transfer bot setting as superAdmin, each audited', async () => {
    const group = await post('superAdmin', '/botGroup/add', { groupId: '12345@chatroom', name: 'Demo merchant funds', merchantId, purpose: 'fundRecord', status: 'active' });
    expect(group.code, group.msg).toBe(200);
    expect(group.data).toMatchObject({ groupId: '12345@chatroom', merchantId, supplierId: null, errorCount: 0, whitelistCount: 0, memberName: expect.stringContaining('merchant') });
    groupRowId = group.data.id;

    const entry = await post('superAdmin', '/botChatWhitelist/add', { chatId: 'wxid_ops01', nickname: 'Ops', kind: 'contact', botGroupId: groupRowId });
    expect(entry.data).toMatchObject({ chatId: 'wxid_ops01', botGroupName: 'Demo merchant funds', enabled: true });
    expect((await post('superAdmin', '/botChatWhitelist/add', { chatId: 'wxid_everywhere', nickname: 'Boss', kind: 'contact' })).data.botGroupId).toBeNull();
    expect((await get('superAdmin', '/botGroup/getOne', { id: groupRowId })).data.whitelistCount).toBe(1);

    const transfer = await post('superAdmin', '/transferBot/add', { name: 'Group transfers', scope: 'group', botGroupId: groupRowId, targetChat: '12345@chatroom', minAmount: 10000, maxAmount: 5000000 });
    expect(transfer.data).toMatchObject({ botGroupName: 'Demo merchant funds', minAmount: 10000, maxAmount: 5000000 });
    // Made global, it names no group any more.
    const global = await post('superAdmin', '/transferBot/update', { id: transfer.data.id, name: 'All transfers', scope: 'global', targetChat: '-1001234567', minAmount: 100, maxAmount: 100 });
    expect(global.data).toMatchObject({ name: 'All transfers', scope: 'global', botGroupId: null, botGroupName: null });

    // Rebound to the supplier: the merchant is cleared.
    const moved = await post('superAdmin', '/botGroup/update', { id: groupRowId, groupId: '12345@chatroom', name: 'Demo merchant funds', supplierId, purpose: 'fundRecord', status: 'paused' });
    expect(moved.data).toMatchObject({ merchantId: null, supplierId, status: 'paused' });
    await post('superAdmin', '/botGroup/update', { id: groupRowId, groupId: '12345@chatroom', name: 'Demo merchant funds', merchantId, purpose: 'fundRecord', status: 'active' });

    const options = await get('admin', '/botGroup/getOptions');
    expect(options.data).toContainEqual({ value: groupRowId, label: 'Demo merchant funds (12345@chatroom)' });

    expect((await get('superAdmin', '/transferBot/delete', { id: transfer.data.id })).code).toBe(200);
    const audit = await db().select().from(auditRecords).where(like(auditRecords.action, 'transferBot.%'));
    expect(audit.map((a) => a.action).sort()).toEqual(['transferBot.create', 'transferBot.delete', 'transferBot.update']);
  });

  it('refuses bad input naming the field, and duplicates, writing nothing', async () => {
    const before = await snapshot();
    for (const [url, body, code, field] of [
      ['/botChatWhitelist/add', { chatId: 'a b', nickname: 'x', kind: 'contact' }, 4000, 'chatId'],
      ['/botChatWhitelist/add', { chatId: 'wxid_new', nickname: 'x', kind: 'robot' }, 4000, 'kind'],
      ['/botChatWhitelist/add', { chatId: 'wxid_new', nickname: 'x', kind: 'contact', botGroupId: 999999 }, 4000, 'botGroupId'],
      ['/botChatWhitelist/add', { chatId: 'wxid_ops01', nickname: 'again', kind: 'contact' }, 4012, ''],
      ['/botGroup/add', { groupId: '999@chatroom', name: 'Both', merchantId, supplierId, purpose: 'reminder', status: 'active' }, 4000, 'supplierId'],
      ['/botGroup/add', { groupId: '999@chatroom', name: 'Wrong role', merchantId: supplierId, purpose: 'reminder', status: 'active' }, 4000, 'merchantId'],
      ['/botGroup/add', { groupId: '12345@chatroom', name: 'Same chat', purpose: 'reminder', status: 'active' }, 4012, ''],
      ['/transferBot/add', { name: 'T', scope: 'group', targetChat: 'chat_1', minAmount: 1, maxAmount: 2 }, 4000, 'botGroupId'],
      ['/transferBot/add', { name: 'T', scope: 'global', targetChat: 'chat_1', minAmount: 500, maxAmount: 100 }, 4000, 'maxAmount'],
      ['/transferBot/add', { name: 'T', scope: 'global', targetChat: 'chat_1', minAmount: 1.5, maxAmount: 100 }, 4000, 'minAmount'],
    ] as const) {
      const answer = await post('superAdmin', url, body);
      expect(answer.code, `${url} ${JSON.stringify(body)}`).toBe(code);
      expect(answer.msg).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets customer service and technical maintenance read, never write; merchants see nothing', async () => {
    const before = await snapshot();
    const [entry] = before.whitelist;
    for (const role of ['customerService', 'technicalMaintenance']) {
      expect((await get(role, '/botChatWhitelist/getList', { pageIndex: 1 })).code).toBe(200);
      expect((await get(role, '/botGroup/getOne', { id: groupRowId })).code).toBe(200);
      expect((await get(role, '/transferBot/getList', { pageIndex: 1 })).code).toBe(200);
      for (const [method, url, input] of [
        ['POST', '/botChatWhitelist/add', { chatId: 'wxid_sneak', nickname: 'x', kind: 'contact' }],
        ['POST', '/botChatWhitelist/update', { id: entry.id, chatId: entry.chatId, nickname: 'changed', kind: 'contact' }],
        ['GET', '/botChatWhitelist/delete', { id: entry.id }],
        ['POST', '/botGroup/add', { groupId: '77@chatroom', name: 'x', purpose: 'reminder', status: 'active' }],
        ['POST', '/botGroup/update', { id: groupRowId, groupId: '12345@chatroom', name: 'changed', purpose: 'reminder', status: 'error' }],
        ['GET', '/botGroup/delete', { id: groupRowId }],
        ['POST', '/transferBot/add', { name: 'x', scope: 'global', targetChat: 'chat_1', minAmount: 1, maxAmount: 2 }],
        ['GET', '/transferBot/delete', { id: 1 }],
      ] as const) {
        const answer = method === 'GET' ? await get(role, url, input) : await post(role, url, input);
        expect(answer.code, `${role} ${url}`).toBe(4003);
      }
    }
    expect((await get('merchant', '/botGroup/getList', { pageIndex: 1 })).code).toBe(4003);
    expect((await get('merchant', '/botFundRecord/getList', { pageIndex: 1 })).code).toBe(4003);
    expect(await snapshot()).toEqual(before);
  });

  it('lists as bot fund records the ledger rows of members a fund-record group serves', async () => {
    const other = await idOf('merchant2');
    await db().insert(ledgerEntries).values([
      { userId: merchantId, amount: 123456n, reason: 'adjustment', balanceAfter: 999999n, refType: 'order', refId: 'PBOT0001' },
      { userId: other, amount: 500n, reason: 'adjustment', balanceAfter: 500n },
    ]);
    const page = await get('technicalMaintenance', '/botFundRecord/getList', { pageIndex: 1, pageSize: 500 });
    expect(page.code).toBe(200);
    expect(page.data.list[0]).toMatchObject({ memberAccount: 'merchant', amount: 123456, balanceAfter: 999999, orderCode: 'PBOT0001', groupNames: 'Demo merchant funds' });
    // merchant2 has no bot group: the bot announces nothing for it.
    expect(page.data.list.every((r: { memberAccount: string }) => r.memberAccount === 'merchant')).toBe(true);
    const ledger = await db().select().from(ledgerEntries).where(sql`${ledgerEntries.userId} = ${merchantId} and ${ledgerEntries.account} = 'member'`);
    expect(page.data.total).toBe(ledger.length);
    const byGroup = await get('admin', '/botFundRecord/getList', { pageIndex: 1, botGroupId: groupRowId });
    expect(byGroup.data.total).toBe(ledger.length);
    expect((await get('admin', '/botFundRecord/getList', { pageIndex: 1, botGroupId: 999999 })).data.total).toBe(0);
  });
});

describe('gateway config', () => {
  let gatewayId = 0;

  it('round-trips a gateway as superAdmin, storing the key encrypted and answering only its mask', async () => {
    const created = await post('superAdmin', '/payGatewayConfig/add', gateway);
    expect(created.code, created.msg).toBe(200);
    gatewayId = created.data.id;
    expect(created.data).toMatchObject({ code: 'GW_ONE', productIds: [1034, 3017], secretKey: '••••••', callbackIps: '203.0.113.7\n2001:db8::1\n198.51.100.0/24', timeoutMs: 8000 });
    const [stored] = await db().select().from(payGateways).where(eq(payGateways.id, gatewayId));
    expect(stored.secretKey).not.toContain('sk-live');
    expect(decryptSecret(stored.secretKey)).toBe(gateway.secretKey);

    // The mask (or a blank key) sent back by the edit form keeps the key; a new one replaces it.
    const edited = await post('superAdmin', '/payGatewayConfig/update', { ...gateway, id: gatewayId, code: undefined, name: 'Gateway Uno', secretKey: '••••••' });
    expect(edited.data).toMatchObject({ name: 'Gateway Uno', secretKey: '••••••' });
    expect(decryptSecret((await db().select().from(payGateways).where(eq(payGateways.id, gatewayId)))[0].secretKey)).toBe(gateway.secretKey);
    await post('superAdmin', '/payGatewayConfig/update', { ...gateway, id: gatewayId, code: undefined, secretKey: 'sk-rotated-0001' });
    expect(decryptSecret((await db().select().from(payGateways).where(eq(payGateways.id, gatewayId)))[0].secretKey)).toBe('sk-rotated-0001');

    const audit = await db().select().from(auditRecords).where(like(auditRecords.action, 'payGateway.%'));
    expect(audit.length).toBe(3);
    expect(JSON.stringify(audit)).not.toMatch(/sk-live|sk-rotated/);
  });

  it('never answers the key in clear: not in lists, not to the read-only role', async () => {
    const list = await get('superAdmin', '/payGatewayConfig/getList', { pageIndex: 1 });
    const readonly = await get('technicalMaintenance', '/payGatewayConfig/getOne', { id: gatewayId });
    expect(readonly.code).toBe(200);
    for (const answer of [list, readonly]) {
      expect(JSON.stringify(answer)).not.toMatch(/sk-live|sk-rotated|v1:/);
    }
    expect(readonly.data.secretKey).toBe('••••••');
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const before = await snapshot();
    for (const [body, code, field] of [
      [{ ...gateway, code: 'GW_TWO', baseUrl: 'http://gw.example.com' }, 4000, 'baseUrl'],
      [{ ...gateway, code: 'GW_TWO', baseUrl: 'ftp://gw.example.com' }, 4000, 'baseUrl'],
      [{ ...gateway, code: 'GW_TWO', callbackIps: '203.0.113.7\nnot-an-ip' }, 4000, 'callbackIps'],
      [{ ...gateway, code: 'GW_TWO', timeoutMs: 100 }, 4000, 'timeoutMs'],
      [{ ...gateway, code: 'GW_TWO', timeoutMs: 600000 }, 4000, 'timeoutMs'],
      [{ ...gateway, code: 'GW_TWO', productIds: [9999] }, 4000, 'productIds'],
      [{ ...gateway, code: 'GW_TWO', productIds: [] }, 4000, 'productIds'],
      [{ ...gateway, code: 'GW_TWO', secretKey: '' }, 4000, 'secretKey'],
      [{ ...gateway, code: 'GW ONE' }, 4000, 'code'],
      [gateway, 4012, ''],
    ] as const) {
      const answer = await post('superAdmin', '/payGatewayConfig/add', body);
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.msg).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every write to technical maintenance and admin, and every read to admin', async () => {
    const before = await snapshot();
    for (const role of ['technicalMaintenance', 'admin']) {
      expect((await post(role, '/payGatewayConfig/add', { ...gateway, code: 'GW_SNEAK' })).code).toBe(4003);
      expect((await post(role, '/payGatewayConfig/update', { ...gateway, id: gatewayId, secretKey: 'stolen-key' })).code).toBe(4003);
      expect((await get(role, '/payGatewayConfig/delete', { id: gatewayId })).code).toBe(4003);
    }
    expect((await get('admin', '/payGatewayConfig/getList', { pageIndex: 1 })).code).toBe(4003);
    expect(await snapshot()).toEqual(before);
  });
});

describe('message templates', () => {
  it('round-trips a template as superAdmin, with its placeholders and a preview filled with sample values', async () => {
    const created = await post('superAdmin', '/messageTemplate/add', template);
    expect(created.code, created.msg).toBe(200);
    expect(created.data.placeholders).toBe('{orderCode} {merchantName} {amount} {createdAt}');
    expect(created.data.preview).toBe('Order P202611240001 of Demo Merchant for 1,000.00 timed out.');
    const edited = await post('superAdmin', '/messageTemplate/update', { ...template, code: undefined, id: created.data.id, body: 'Timed out: {orderCode}', enabled: false });
    expect(edited.data).toMatchObject({ code: 'order.timeout.en', body: 'Timed out: {orderCode}', enabled: false });
    expect((await get('technicalMaintenance', '/messageTemplate/getOne', { id: created.data.id })).data.preview).toBe('Timed out: P202611240001');
  });

  it('refuses placeholders the kind does not know, over-long bodies and duplicate codes, naming the field', async () => {
    const before = await snapshot();
    for (const [body, code, field] of [
      [{ ...template, code: 'x1', body: 'Balance {balance} for {orderCode}' }, 4000, 'body'],
      [{ ...template, code: 'x1', subject: 'About {utr}' }, 4000, 'subject'],
      [{ ...template, code: 'x1', body: 'y'.repeat(2001) }, 4000, 'body'],
      [{ ...template, code: 'x1', language: 'fr-FR' }, 4000, 'language'],
      [{ ...template, code: 'x1', channel: 'fax' }, 4000, 'channel'],
      [template, 4012, ''],
    ] as const) {
      const answer = await post('superAdmin', '/messageTemplate/add', body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(answer.msg).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every write to technical maintenance, which reads the list', async () => {
    const before = await snapshot();
    const [row] = before.templates;
    const maintenance = 'technicalMaintenance';
    expect((await get(maintenance, '/messageTemplate/getList', { pageIndex: 1 })).data.total).toBe(1);
    expect((await post(maintenance, '/messageTemplate/add', { ...template, code: 'sneak' })).code).toBe(4003);
    expect((await post(maintenance, '/messageTemplate/update', { ...template, id: row.id, body: 'changed' })).code).toBe(4003);
    expect((await get(maintenance, '/messageTemplate/delete', { id: row.id })).code).toBe(4003);
    expect((await get('superAdmin', '/messageTemplate/delete', { id: row.id })).code).toBe(200);
    expect((await db().select().from(messageTemplates)).length).toBe(before.templates.length - 1);
  });
});
