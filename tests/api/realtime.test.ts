/**
 * The /v1.0/ws socket on one server: a refused token is answered 1003 and the link closes; a page of
 * a foreign origin cannot open it; acknowledgements every 20 s keep it open past 60 s while a silent
 * link is closed (shown on a server whose window is scaled down to 3 s); order events reach the users allowed to see the order, and only them.
 */
import { describe, expect, it } from 'vitest';
import { ACK_INTERVAL_MS, CLOSE_IDLE, CLOSE_TOKEN_REFUSED } from '../../providers/realtime.js';
import { useTestServer } from './harness.js';
import { readConfig } from '../../server/config.js';
import { create, signed } from './order-create-fixture.js';
import { insertOrder } from './orders-fixture.js';
import { names, openSocket, socketUrl } from './realtime-fixture.js';

const server = useTestServer();
const url = () => socketUrl(server.app);

describe('refusals', () => {
  it('answers a bad token with 1003 and closes the link', async () => {
    const socket = await openSocket(await url());
    const answer = await socket.ack('no-such-token');
    expect(answer).toMatchObject({ code: 1003, data: null, msg: 'Login expired, please log in again' });
    expect((await socket.closed).code).toBe(CLOSE_TOKEN_REFUSED);
  });

  it('answers a logged-out token with 1003 at the next acknowledgement', async () => {
    const token = await server.login('customerService');
    const socket = await openSocket(await url());
    expect((await socket.ack(token)).code).toBe(200);
    expect((await server.call('POST', '/user/logout', { token })).code).toBe(200);
    expect((await socket.ack(token)).code).toBe(1003);
    expect((await socket.closed).code).toBe(CLOSE_TOKEN_REFUSED);
  });

  it('refuses a page of a foreign origin before the upgrade, and accepts its own', async () => {
    const target = await url();
    await expect(openSocket(target, { origin: 'https://evil.example.com' })).rejects.toMatchObject({ statusCode: 403 });
    const own = await openSocket(target, { origin: `http://${new URL(target).host}` });
    expect((await own.ack(await server.login('admin'))).code).toBe(200);
    own.ws.close();
  });

  it('answers an unknown or unreadable command with its code, keeping the link', async () => {
    const token = await server.login('admin');
    const socket = await openSocket(await url());
    const id = socket.send('dance', {}, token);
    expect(await socket.next((a) => a.requestId === id)).toMatchObject({ code: 4280, msg: 'Unknown socket command: dance' });
    socket.ws.send('{not json');
    expect(await socket.next((a) => a.code === 4282)).toMatchObject({ requestId: null });
    expect((await socket.ack(token, 'still-here')).data).toEqual({ key: 'still-here' });
    socket.ws.close();
  });
});

describe('keeping the link', () => {
  it('closes a link by default after 60 s of silence: three of the admin\'s 20 s acknowledgements missed', () => {
    expect(readConfig({}).socketIdleMs).toBe(60_000);
    expect(readConfig({}).socketIdleMs).toBe(3 * ACK_INTERVAL_MS);
  });

  // The same rule on a server whose window is 3 s (SOCKET_IDLE_SECONDS), acknowledged every second
  // (a third of it, as the admin does): real timers, scaled down, the link kept well past its window.
  const scaled = useTestServer({ SOCKET_IDLE_SECONDS: '3' });
  it('acknowledgements keep the link open past the idle window; a silent link is closed at it', { timeout: 60_000 }, async () => {
    const windowMs = 3000;
    const every = windowMs / 3;
    const token = await scaled.login('admin');
    const kept = await openSocket(await socketUrl(scaled.app));
    const silent = await openSocket(await socketUrl(scaled.app));
    expect((await kept.ack(token)).code).toBe(200);
    expect((await silent.ack(token)).code).toBe(200);
    const started = Date.now();
    let silentClosedAt = 0;
    void silent.closed.then(() => (silentClosedAt = Date.now()));
    while (Date.now() - started < 2 * windowMs) {
      await new Promise((r) => setTimeout(r, every));
      expect((await kept.ack(token)).code).toBe(200);
    }
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
    expect((await kept.ack(token, 'after-two-windows')).data).toEqual({ key: 'after-two-windows' });
    expect((await silent.closed).code).toBe(CLOSE_IDLE);
    expect(silentClosedAt - started).toBeGreaterThanOrEqual(windowMs - 100);
    kept.ws.close();
  });
});

describe('pushes', () => {
  it('a new order reaches staff and its merchant, not another merchant, nor a socket that sent no command', async () => {
    const sockets = Object.fromEntries(await Promise.all(['admin', 'merchant', 'merchant2', 'supplier2'].map(async (role) => [role, await openSocket(await url())] as const)));
    for (const [role, socket] of Object.entries(sockets)) expect((await socket.ack(await server.login(role))).code).toBe(200);
    const anonymous = await openSocket(await url());

    const created = await create(server, signed({}));
    expect(created.code).toBe(200);
    const { orderCode } = created.data;
    const seen = (e: { data: unknown }) => names([e.data as never], 'orders', orderCode);
    const event = await sockets.admin.next((a) => a.requestId === null && seen(a));
    expect(event).toMatchObject({ code: 200, msg: '', data: { kind: 'rows', resource: 'orders', type: 'created' } });
    await sockets.merchant.next((a) => a.requestId === null && seen(a));

    // Another merchant's order: the merchant hears nothing of it, merchant2 does.
    const foreign = await insertOrder(server.database.db, { merchant: 'merchant2', supplier: 'supplier2' });
    await sockets.merchant2.next((a) => a.requestId === null && names([a.data as never], 'orders', foreign.orderCode));
    await sockets.admin.next((a) => a.requestId === null && names([a.data as never], 'orders', foreign.orderCode));
    await sockets.supplier2.next((a) => a.requestId === null && names([a.data as never], 'orders', foreign.orderCode));
    expect(names(sockets.merchant.events(), 'orders', foreign.orderCode)).toBe(false);
    expect(names(sockets.merchant2.events(), 'orders', orderCode)).toBe(false);
    expect(names(sockets.supplier2.events(), 'orders', orderCode)).toBe(false);
    expect(anonymous.received).toEqual([]);
    for (const socket of [...Object.values(sockets), anonymous]) socket.ws.close();
  });
});
