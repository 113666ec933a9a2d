/**
 * Global config: a get and a set call per setting, the
 * trusted-chain parameters and the global security setting. Only superAdmin sets; every set is
 * audited; the Google-code switches need the second-level login and are honoured at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { useTestServer } from './harness.js';
import { auditRecords } from '../../server/db/schema/index.js';
import { SETTINGS, settingPath } from '../../resources/system-config/settings.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { allRoutes } from '../../server/routes.js';

const server = useTestServer();
const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const role of ['superAdmin', 'admin', 'technicalMaintenance', 'merchant', 'customerService']) tokens[role] = await server.login(role);
});
// The last change of a setting recorded (a refusal leaves a failure row, which is no change; the
// server's own jobs, which a slow machine may run meanwhile, record other actions).
const lastAudit = async () =>
  (await server.database.db.select().from(auditRecords).where(and(eq(auditRecords.success, true), like(auditRecords.action, 'systemConfig.%'))).orderBy(desc(auditRecords.id)).limit(1))[0];
const token2Of = async (token: string) => (await server.call('POST', '/user/login2', { token, body: { password: DEMO_PASSWORD, logInReason: 'config' } })).data.token2 as string;

describe('a get and a set route for every setting', () => {
  it('exist with the first letter upper-cased', () => {
    const urls = new Set(allRoutes.map((r) => `${r.method} ${r.url}`));
    for (const s of SETTINGS) {
      expect(urls, s.name).toContain(`GET ${settingPath('get', s.name)}`);
      expect(urls, s.name).toContain(`POST ${settingPath('set', s.name)}`);
    }
    expect(urls).toContain('GET /system-config/getOrderTimeoutMinutes');
    expect(urls).toContain('POST /system-config/setRedWalletCount');
  });

  it('answer the declared default, then what superAdmin set, for each kind', async () => {
    const boss = tokens.superAdmin;
    expect((await server.call('GET', '/system-config/getOrderTimeoutMinutes', { token: boss })).data).toEqual({ value: 15 });
    expect((await server.call('GET', '/system-config/getEnableService', { token: boss })).data).toEqual({ enable: true });

    expect((await server.call('POST', '/system-config/setOrderTimeoutMinutes', { token: boss, body: { value: 30 } })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getOrderTimeoutMinutes', { token: tokens.admin })).data).toEqual({ value: 30 });
    expect(await lastAudit()).toMatchObject({ action: 'systemConfig.set', target: 'OrderTimeoutMinutes', before: { value: 15 }, after: { value: 30 } });

    expect((await server.call('POST', '/system-config/setEnableService', { token: boss, body: { enable: false } })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getEnableService', { token: tokens.technicalMaintenance })).data).toEqual({ enable: false });
    expect(await lastAudit()).toMatchObject({ target: 'enableService', before: { enable: true }, after: { enable: false } });

    expect((await server.call('POST', '/system-config/setContactInfo', { token: boss, body: { value: '  support@example.com ' } })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getContactInfo', { token: boss })).data).toEqual({ value: 'support@example.com' });
  });

  it.each([
    ['setOrderTimeoutMinutes', { value: -1 }, 'value'],
    ['setOrderTimeoutMinutes', { value: 1.5 }, 'value'],
    ['setOrderTimeoutMinutes', { value: 'soon' }, 'value'],
    ['setOrderTimeoutMinutes', { value: 3e9 }, 'value'],
    ['setOrderTimeoutMinutes', { enable: true }, 'value'],
    ['setEnableService', { enable: 'maybe' }, 'enable'],
    ['setEnableService', { value: 1 }, 'enable'],
    ['setApiUrl', { value: 'javascript:alert(1)' }, 'value'],
    ['setContactInfo', { value: 'x'.repeat(501) }, 'value'],
  ])('refuses %s %j by the setting kind, naming the field, and writes nothing', async (call, body, field) => {
    const before = await lastAudit();
    const result = await server.call('POST', `/system-config/${call}`, { token: tokens.superAdmin, body });
    expect(result.code, result.msg).toBe(4000);
    expect(result.msg).toContain(field);
    expect((await lastAudit()).id).toBe(before.id);
  });

  it('lets only superAdmin set, and only the config roles read', async () => {
    for (const role of ['admin', 'technicalMaintenance', 'customerService', 'merchant']) {
      expect((await server.call('POST', '/system-config/setRedWalletCount', { token: tokens[role], body: { value: 3 } })).code, role).toBe(4003);
    }
    for (const role of ['customerService', 'merchant']) {
      expect((await server.call('GET', '/system-config/getRedWalletCount', { token: tokens[role] })).code, role).toBe(4003);
    }
    expect((await server.call('GET', '/system-config/getRedWalletCount', { token: tokens.superAdmin })).data).toEqual({ value: 1 });
  });

  it('masks a bot token for readers who cannot change it, and in the audit', async () => {
    const token = '123456789:AAFakeBotTokenValue';
    expect((await server.call('POST', '/system-config/setBotToken', { token: tokens.superAdmin, body: { value: token } })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getBotToken', { token: tokens.superAdmin })).data).toEqual({ value: token });
    const masked = (await server.call('GET', '/system-config/getBotToken', { token: tokens.admin })).data.value;
    expect(masked).not.toBe(token);
    expect(masked).toMatch(/^1234•+alue$/);
    expect(JSON.stringify(await lastAudit())).not.toContain(token);
  });
});

describe('the per-action Google-code switches', () => {
  it('need the second-level login to set, and take effect at once', async () => {
    const boss = tokens.superAdmin;
    expect((await server.call('POST', '/system-config/setGoogleVerifyIpRule', { token: boss, body: { enable: true } })).code).toBe(1024);
    expect((await server.call('GET', '/system-config/getGoogleVerifyIpRule', { token: boss })).data).toEqual({ enable: false });
    const token2 = await token2Of(boss);
    expect((await server.call('POST', '/system-config/setGoogleVerifyIpRule', { token: boss, token2, body: { enable: true } })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getGoogleVerifyIpRule', { token: boss })).data).toEqual({ enable: true });
    expect(await lastAudit()).toMatchObject({ action: 'systemConfig.set', target: 'GoogleVerifyIpRule', after: { enable: true } });
    expect((await server.call('POST', '/system-config/setGoogleVerifyIpRule', { token: boss, token2, body: { enable: false } })).code).toBe(200);
    // An ordinary switch needs no second login.
    expect((await server.call('POST', '/system-config/setShowLogo', { token: boss, body: { enable: true } })).code).toBe(200);
  });
});

describe('trusted-chain parameters and global security setting', () => {
  it('answer defaults, store what superAdmin sends (amount x100 as sent) per type, and audit', async () => {
    const boss = tokens.superAdmin;
    const defaults = await server.call('GET', '/system-config/getSecurityFreqParameters', { token: boss });
    expect(defaults.data).toMatchObject({ type: 0, minReliableCheckAmount: 0 });
    const body = { sbLeakCheckInterval: 30, minReliableChainSize: 4, minReliableCheckSize: 5, minReliableCheckTimeRange: 120, minReliableCheckAmount: 1999, type: 1 };
    expect((await server.call('POST', '/system-config/setSecurityFreqParameters', { token: boss, body })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getSecurityFreqParameters', { token: tokens.technicalMaintenance, query: { type: 1 } })).data).toEqual(body);
    expect((await server.call('GET', '/system-config/getSecurityFreqParameters', { token: boss, query: { type: 0 } })).data.minReliableCheckAmount).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'systemConfig.setSecurityFreqParameters', target: '1', after: { minReliableCheckAmount: 1999 } });

    const decimals = await server.call('POST', '/system-config/setSecurityFreqParameters', { token: boss, body: { ...body, minReliableCheckAmount: 19.99 } });
    expect(decimals.code).toBe(4000);
    expect(decimals.msg).toContain('minReliableCheckAmount');
    const missing = await server.call('POST', '/system-config/setSecurityFreqParameters', { token: boss, body: { type: 0 } });
    expect(missing).toMatchObject({ code: 4000, msg: 'Invalid parameter: sbLeakCheckInterval is required' });
    for (const role of ['admin', 'technicalMaintenance']) expect((await server.call('POST', '/system-config/setSecurityFreqParameters', { token: tokens[role], body })).code, role).toBe(4003);
  });

  it('keeps the global security setting', async () => {
    const boss = tokens.superAdmin;
    expect((await server.call('GET', '/system-config/getGlobalSecuritySetting', { token: boss })).data).toEqual({
      lookForwardMinutes: 30,
      perMinuteFreqCount: 10,
      messageMaxCacheTime: 60,
      messageInSecurityChainCacheTime: 60,
    });
    const body = { lookForwardMinutes: 15, perMinuteFreqCount: 20, messageMaxCacheTime: 90, messageInSecurityChainCacheTime: 45 };
    expect((await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: boss, body })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getGlobalSecuritySetting', { token: tokens.admin })).data).toEqual(body);
    expect(await lastAudit()).toMatchObject({ action: 'systemConfig.setGlobalSecuritySetting', before: { lookForwardMinutes: 30 }, after: body });
    const bad = await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: boss, body: { ...body, perMinuteFreqCount: -5 } });
    expect(bad.code).toBe(4000);
    expect(bad.msg).toContain('perMinuteFreqCount');
    expect((await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: tokens.technicalMaintenance, body })).code).toBe(4003);
  });
});

/** A valid value of the setting's kind other than its default. */
function otherValue(s: (typeof SETTINGS)[number]): boolean | number | string {
  if (s.kind === 'enable') return !s.default;
  if (s.kind === 'number') {
    const min = s.min ?? 0;
    return s.default === min ? Math.min(min + 1, s.max ?? min + 1) : min;
  }
  if (s.options) return s.options.find((o) => o !== s.default)!;
  if (s.url) return 'https://hooks.example.com/config';
  return s.secret ? '987654321:AAOtherBotToken' : 'Desk 7';
}
const bodyOf = (s: (typeof SETTINGS)[number], v: boolean | number | string) => (s.kind === 'enable' ? { enable: v } : { value: v });

describe('every declared setting', () => {
  it('round-trips get/set with a valid value of its kind, audited, then back to its default', async () => {
    const boss = tokens.superAdmin;
    const token2 = await token2Of(boss);
    for (const s of SETTINGS) {
      const value = otherValue(s);
      const was = (await server.call('GET', settingPath('get', s.name), { token: boss })).data;
      const set = await server.call('POST', settingPath('set', s.name), { token: boss, token2, body: bodyOf(s, value) });
      expect(set.code, `${s.name}: ${set.msg}`).toBe(200);
      expect((await server.call('GET', settingPath('get', s.name), { token: boss })).data, s.name).toEqual(bodyOf(s, value));
      // Each change leaves its audit row, before and after (a credential only masked).
      const row = await lastAudit();
      expect(row, s.name).toMatchObject({ action: 'systemConfig.set', target: s.name, type: 'update', before: s.secret ? expect.anything() : was });
      if (!s.secret) expect(row.after, s.name).toEqual(bodyOf(s, value));
      else expect(JSON.stringify(row), s.name).not.toContain(String(value));
      expect((await server.call('POST', settingPath('set', s.name), { token: boss, token2, body: bodyOf(s, s.default) })).code, s.name).toBe(200);
      expect((await server.call('GET', settingPath('get', s.name), { token: boss })).data, s.name).toEqual(bodyOf(s, s.default));
    }
  });

  it('is refused to every role but superAdmin, and nothing changes', async () => {
    const before = await lastAudit();
    for (const role of ['admin', 'technicalMaintenance', 'customerService', 'merchant']) {
      for (const s of SETTINGS) {
        const answer = await server.call('POST', settingPath('set', s.name), { token: tokens[role], body: bodyOf(s, otherValue(s)) });
        expect(answer.code, `${role} ${s.name}`).toBe(4003);
      }
    }
    for (const s of SETTINGS) expect((await server.call('GET', settingPath('get', s.name), { token: tokens.superAdmin })).data, s.name).toEqual(bodyOf(s, s.default));
    expect((await lastAudit()).id).toBe(before.id);
  });

  it('has its bounds and options enforced by the server, with a 4000 naming the field', async () => {
    const boss = tokens.superAdmin;
    const bad: [string, unknown][] = [];
    for (const s of SETTINGS) {
      if (s.kind === 'number') bad.push([s.name, (s.min ?? 0) - 1], [s.name, (s.max ?? 2147483647) + 1]);
      if (s.options) bad.push([s.name, 'not-an-option']);
      if (s.url) bad.push([s.name, 'ftp://example.com']);
      if (s.maxLength) bad.push([s.name, 'x'.repeat(s.maxLength + 1)]);
    }
    expect(bad.length).toBeGreaterThan(20);
    const token2 = await token2Of(boss);
    const before = await lastAudit();
    for (const [name, value] of bad) {
      const answer = await server.call('POST', settingPath('set', name), { token: boss, token2, body: { value } });
      expect(answer.code, `${name} ${String(value).slice(0, 20)}`).toBe(4000);
      expect(answer.msg).toMatch(/^Invalid parameter: value /);
    }
    expect((await lastAudit()).id).toBe(before.id);
    expect((await server.call('POST', '/system-config/setOrderTimeoutMinutes', { token: boss, body: { value: 0 } })).msg).toBe('Invalid parameter: value must be at least 1');
    expect((await server.call('POST', '/system-config/setLimitMode', { token: boss, body: { value: 'loose' } })).msg).toBe('Invalid parameter: value is not one of the allowed values');
    expect((await server.call('POST', '/system-config/setLimitMode', { token: boss, body: { value: ' relaxed ' } })).code).toBe(200);
    expect((await server.call('GET', '/system-config/getLimitMode', { token: boss })).data).toEqual({ value: 'relaxed' });
    await server.call('POST', '/system-config/setLimitMode', { token: boss, body: { value: 'strict' } });
  });

  it('bounds the security parameters', async () => {
    const boss = tokens.superAdmin;
    const good = { sbLeakCheckInterval: 30, minReliableChainSize: 4, minReliableCheckSize: 5, minReliableCheckTimeRange: 120, minReliableCheckAmount: 1999, type: 2 };
    for (const [field, value] of [['minReliableChainSize', 0], ['sbLeakCheckInterval', 86_401], ['minReliableCheckTimeRange', 0]] as const) {
      const answer = await server.call('POST', '/system-config/setSecurityFreqParameters', { token: boss, body: { ...good, [field]: value } });
      expect(answer.code, field).toBe(4000);
      expect(answer.msg).toContain(field);
    }
    const global = { lookForwardMinutes: 15, perMinuteFreqCount: 0, messageMaxCacheTime: 90, messageInSecurityChainCacheTime: 45 };
    expect((await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: boss, body: { ...global, lookForwardMinutes: 1441 } })).msg).toBe('Invalid parameter: lookForwardMinutes must not exceed 1440');
    expect((await server.call('POST', '/system-config/setGlobalSecuritySetting', { token: boss, body: global })).code).toBe(200);
  });
});
