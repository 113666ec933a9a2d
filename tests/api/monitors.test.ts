/**
 * Monitors on the real server: the demo monitor (MON-0001) reports its status through the ingest
 * endpoint, which follows the transition table and refuses what it does not allow; its log lines
 * are listed with each filter of the monitor log, newest first; the log is cleared by the roles
 * that may; a monitor silent for MonitorLiveTime seconds is marked disconnected by the job.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, ingestClients, monitorLogs, monitorStates } from '../../server/db/schema/index.js';
import { DEMO_DEVICE_TOKEN, DEMO_MONITOR_TOKEN } from '../../server/ingest/seed.js';
import { disconnectSilentMonitors } from '../../server/monitors/jobs.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';

// The job is run by hand here, so its timing is the test's.
const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const tokens: Record<string, string> = {};
const ingest = (path: 'monitorStatus' | 'monitorLog', body: unknown, token: string | null = DEMO_MONITOR_TOKEN, lang = 'en-US') =>
  server.call('POST', `/ingest/${path}`, { body, lang, headers: token ? { 'x-ingest-token': token } : {} });
const report = (status: string, exception?: string) => ingest('monitorStatus', { status, ...(exception ? { exception } : {}) });
const list = (query: Record<string, unknown> = {}, token = tokens.admin) => server.call('GET', '/monitorLog/getList', { token, query: { pageIndex: 1, pageSize: 50, ...query } });
const contents = async (query: Record<string, unknown>) => (await list(query)).data.list.map((r: { content: string }) => r.content);
const monitors = async (token = tokens.admin) => (await server.call('GET', '/monitorLog/getMonitors', { token })).data.list as Record<string, unknown>[];
const demoMonitor = async () => (await monitors()).find((m) => m.code === 'MON-0001')!;
const logCount = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(monitorLogs))[0].n;

beforeAll(async () => {
  for (const role of ['superAdmin', 'admin', 'customerService', 'technicalMaintenance', 'supplier', 'merchant']) tokens[role] = await server.login(role);
});

describe('monitor status', () => {
  it('starts unreported, then follows starting -> running with heartbeats', async () => {
    expect(await demoMonitor()).toMatchObject({ status: null, exceptionCount: 0 });
    expect(await report('starting')).toMatchObject({ code: 200, data: { monitorId: 'MON-0001', status: 'starting' } });
    expect((await report('running')).data.status).toBe('running');
    expect((await report('running')).data.status).toBe('running');
    expect(await demoMonitor()).toMatchObject({ status: 'running', exceptionInfo: null });
  });

  it('counts exceptions and keeps the last one, clearing the current info on a clean report', async () => {
    await report('running', 'login page changed');
    await report('running', 'captcha refused');
    expect(await demoMonitor()).toMatchObject({ status: 'running', exceptionInfo: 'captcha refused', exceptionCount: 2, lastException: 'captcha refused' });
    await report('running');
    const after = await demoMonitor();
    expect(after).toMatchObject({ exceptionInfo: null, exceptionCount: 2, lastException: 'captcha refused' });
    expect(after.lastExceptionAt).toEqual(expect.any(String));
  });

  it('refuses a status the table does not allow, in the caller language, and changes nothing', async () => {
    const refused = await ingest('monitorStatus', { status: 'starting' }, DEMO_MONITOR_TOKEN);
    expect(refused.code).toBe(ERRORS.monitorStatusConflict);
    expect(refused.msg).toBe('A monitor in status Running cannot report Starting');
    expect((await ingest('monitorStatus', { status: 'starting' }, DEMO_MONITOR_TOKEN, 'zh-CN')).msg).toBe('处于运行中状态的监控不能上报启动中');
    // Only the platform marks a monitor disconnected.
    expect((await report('disconnected')).code).toBe(ERRORS.invalidParam);
    expect((await demoMonitor()).status).toBe('running');
  });

  it('stops through stopping, and starts again only from stopped', async () => {
    expect((await report('stopping')).code).toBe(200);
    expect((await report('running')).code).toBe(ERRORS.monitorStatusConflict);
    expect((await report('stopped')).code).toBe(200);
    expect((await report('running')).code).toBe(ERRORS.monitorStatusConflict);
    expect((await report('starting')).code).toBe(200);
    expect((await report('running')).code).toBe(200);
  });

  it('audits changes of status but not heartbeats', async () => {
    const before = await server.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'monitor.status'));
    await report('running');
    const after = await server.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'monitor.status'));
    expect(after.length).toBe(before.length);
    expect(before.at(-1)).toMatchObject({ target: 'MON-0001', before: { status: 'starting' }, after: { status: 'running' } });
  });

  it('refuses a missing, unknown or device token, and a disabled monitor', async () => {
    for (const token of [null, 'nope', DEMO_DEVICE_TOKEN]) expect((await ingest('monitorStatus', { status: 'running' }, token)).code).toBe(ERRORS.ingestTokenInvalid);
    await server.database.db.update(ingestClients).set({ enabled: false }).where(eq(ingestClients.code, 'MON-0001'));
    expect((await report('running')).code).toBe(ERRORS.ingestTokenInvalid);
    await server.database.db.update(ingestClients).set({ enabled: true }).where(eq(ingestClients.code, 'MON-0001'));
  });

  it('marks a monitor silent for MonitorLiveTime seconds disconnected, once, and lets it come back', async () => {
    const superAdmin = tokens.superAdmin;
    expect((await server.call('POST', '/system-config/setMonitorLiveTime', { token: superAdmin, body: { value: 30 } })).code).toBe(200);
    const db = server.database.db;
    await db.update(monitorStates).set({ reportedAt: sql`now() - interval '20 seconds'` });
    await disconnectSilentMonitors(db);
    expect((await demoMonitor()).status).toBe('running');
    await db.update(monitorStates).set({ reportedAt: sql`now() - interval '31 seconds'` });
    await disconnectSilentMonitors(db);
    await disconnectSilentMonitors(db);
    expect((await demoMonitor()).status).toBe('disconnected');
    expect(await db.select().from(auditRecords).where(eq(auditRecords.action, 'monitor.disconnected'))).toHaveLength(1);
    expect((await report('stopping')).code).toBe(ERRORS.monitorStatusConflict);
    expect((await report('running')).code).toBe(200);
  });
});

describe('monitor log', () => {
  const lines = [
    { orderCode: 'P100', cardNumber: '6222000011112222', logPhase: 'login', content: 'signed in', time: '2026-01-10 09:00:00' },
    { orderCode: 'P100', cardNumber: '6222000011112222', logPhase: 'match', content: 'matched 100.00', time: '2026-01-10 09:01:00' },
    { monitorId: 'MON-0001', orderCode: 'P200', cardNumber: '6222000033334444', logPhase: 'fetch', content: 'statement fetched', time: '2026-01-11 10:00:00' },
  ];

  it('takes several lines in one request and lists them newest first', async () => {
    expect(await ingest('monitorLog', { lines })).toMatchObject({ code: 200, data: { monitorId: 'MON-0001', saved: 3 } });
    expect(await ingest('monitorLog', { lines: [{ logPhase: 'heartbeat', content: 'alive' }] })).toMatchObject({ code: 200, data: { saved: 1 } });
    const page = await list();
    expect(page.data.total).toBe(4);
    expect(page.data.list.map((r: { content: string }) => r.content)).toEqual(['alive', 'statement fetched', 'matched 100.00', 'signed in']);
    expect(page.data.list[3]).toMatchObject({ monitorId: 'MON-0001', orderCode: 'P100', cardNumber: '6222000011112222', logPhase: 'login' });
  });

  it('filters by monitorId, orderCode, cardNumber, logPhase and time range', async () => {
    expect(await contents({ monitorId: 'MON-0001' })).toHaveLength(4);
    expect(await contents({ monitorId: 'MON-0002' })).toEqual([]);
    expect(await contents({ orderCode: 'P100' })).toEqual(['matched 100.00', 'signed in']);
    expect(await contents({ cardNumber: '6222000033334444' })).toEqual(['statement fetched']);
    expect(await contents({ logPhase: 'match' })).toEqual(['matched 100.00']);
    expect(await contents({ startTime: '2026-01-10 00:00:00', endTime: '2026-01-10 23:59:59' })).toEqual(['matched 100.00', 'signed in']);
    expect((await list({ startTime: '2026-01-11 00:00:00', endTime: '2026-01-10 00:00:00' })).code).toBe(ERRORS.invalidParam);
  });

  it('refuses bad lines and a line of another monitor, keeping none of the request', async () => {
    const count = await logCount();
    const bad = [{ lines: [] }, { lines: [{ logPhase: 'has space', content: 'x' }] }, { lines: [{ logPhase: 'ok', content: '' }] }, { lines: [{ logPhase: 'ok', content: 'x', time: '2026-01-10T09:00:00Z' }] }, { lines: Array.from({ length: 201 }, () => ({ logPhase: 'ok', content: 'x' })) }];
    for (const body of bad) expect((await ingest('monitorLog', body)).code).toBe(ERRORS.invalidParam);
    const stranger = await ingest('monitorLog', { lines: [{ logPhase: 'ok', content: 'mine' }, { monitorId: 'MON-9999', logPhase: 'ok', content: 'not mine' }] });
    expect(stranger.code).toBe(ERRORS.monitorIdMismatch);
    expect(stranger.msg).toContain('MON-9999');
    expect((await ingest('monitorLog', { lines: [{ logPhase: 'ok', content: 'x' }] }, DEMO_DEVICE_TOKEN)).code).toBe(ERRORS.ingestTokenInvalid);
    expect(await logCount()).toBe(count);
  });

  it('is read by staff, never by a supplier or a merchant', async () => {
    for (const role of ['superAdmin', 'admin', 'customerService', 'technicalMaintenance']) {
      expect((await list({}, tokens[role])).code).toBe(200);
      expect((await monitors(tokens[role])).map((m) => m.code)).toContain('MON-0001');
    }
    for (const role of ['supplier', 'merchant']) {
      expect((await list({}, tokens[role])).code).toBe(ERRORS.forbidden);
      expect((await server.call('GET', '/monitorLog/getMonitors', { token: tokens[role] })).code).toBe(ERRORS.forbidden);
    }
  });

  it('is cleared by admin and superAdmin only, audited with the number of lines', async () => {
    const count = await logCount();
    expect(count).toBeGreaterThan(0);
    for (const role of ['customerService', 'technicalMaintenance', 'supplier', 'merchant']) {
      expect((await server.call('GET', '/monitorLog/clear', { token: tokens[role] })).code).toBe(ERRORS.forbidden);
    }
    expect(await logCount()).toBe(count);
    expect(await server.call('GET', '/monitorLog/clear', { token: tokens.admin })).toMatchObject({ code: 200, data: { removed: count } });
    expect((await list()).data).toEqual({ list: [], total: 0 });
    const [audit] = await server.database.db.select().from(auditRecords).where(eq(auditRecords.action, 'monitorLog.clear'));
    expect(audit).toMatchObject({ before: { lines: count }, after: { lines: 0 } });
    expect(audit.userId).not.toBeNull();
  });
});
