/**
 * Money moves only behind the second factor: every route that moves money or redirects
 * it, or decides what it will be (rates, the key that signs orders), needs the second-level token
 * of login2 (1024 without it) besides its ability. The money routes are listed here; the walk
 * derives from the route table every signed-in change that could touch money (a change on a
 * subject that carries it, an idempotent route, a money Google-code switch) and fails unless each
 * is either a listed money route or named below with why it moves none. So a new route is
 * classified when it is added, and a money route that loses its guard fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allRoutes } from '../../server/routes.js';
import { abilityFor, allows } from '../../server/http/access.js';
import { userProducts, users } from '../../server/db/schema/index.js';
import { ROLES, type Role } from '../../providers/roles.js';
import { variantsOf } from '../../providers/ability-engine.js';
import { ERRORS } from '../../server/errors.js';
import { orderApi } from '../../resources/orders/api.js';
import type { RouteSpec } from '../../server/http/route.js';
import { dbFingerprint } from './db-fingerprint.js';
import { useTestServer } from './harness.js';
import { insertOrder, orderByCode, orderLedger } from './orders-fixture.js';
import { placeBankPayout } from './payout-fixture.js';

// Background jobs off: the walk compares table contents before and after each refused call.
const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;

/** Routes that move or redirect money, or decide it: each must declare `secondLevel`. */
const MONEY_ROUTES = [
  // Collection orders: each posts the order's money or reverses it.
  'POST /order/confirmOrder',
  'POST /order/replenishmentOrder',
  'POST /order/reverseOrder',
  'POST /order/updateOrderStatus',
  // Payouts: the reserve back to the merchant, a payment undone, a state repaired, the payee changed.
  'POST /payProxyOrder/reject',
  'POST /payProxyOrder/cancel',
  'POST /payProxyOrder/reverse',
  'POST /payProxyOrder/updateStatus',
  'POST /payProxyOrder/reselect',
  // Rates and fees: what every later order and payout posts.
  'POST /userProduct/add',
  'POST /userProduct/update',
  'GET /userProduct/delete',
  // Balance operations (BALANCE_OPERATION_GUARD).
  'POST /merchant/adjustBalance',
  'POST /merchant/freezeBalance',
  'POST /merchant/unfreezeBalance',
  'POST /merchant/clearBalance',
  'POST /supplier/adjustBalance',
  'POST /supplier/freezeBalance',
  'POST /supplier/unfreezeBalance',
  'POST /merchant/restore',
  'POST /supplier/restore',
  'POST /admin/repairUser',
  'GET /admin/resetPayPassword',
  // The key that signs a member's orders and payouts.
  'POST /merchant/regenerateKey',
  'POST /supplier/regenerateKey',
  'GET /merchant/getMerchantKey',
  'GET /supplier/getMerchantKey',
  // A merchant's batch file uploaded in the admin: payouts in it spend its balance.
  'POST /order/createBatch',
  // Test payouts: real payouts on the merchant's balance, signed by the server for it.
  'POST /order/testPayout',
  'POST /order/testAdminPayout',
  // Payout batches: every step of the workflow.
  'POST /payoutBatch/create',
  'POST /payoutBatch/export',
  'POST /payoutBatch/confirm',
  'POST /payoutBatch/exception',
  'POST /payoutBatch/upload',
];

/** The derived candidates that move no money, and why. */
const NOT_MONEY: Record<string, string> = {
  'POST /user/bindUser': 'binds an authenticator',
  'POST /user/unbind': 'unbinds an authenticator',
  'POST /user/enableGoogleVerify': "switches whether an account's sign-in asks a Google code; no balance, rate or key",
  'POST /merchant/add': 'a new account, with no balance',
  'POST /merchant/update': 'names, password and the accept-orders switch',
  'GET /merchant/delete': 'the balance stays in the ledger; restoring it is the guarded step',
  'POST /merchant/setAcceptOrders': 'an on/off switch for new orders',
  'POST /supplier/add': 'a new account, with no balance',
  'POST /supplier/update': 'names, password and the accept-orders switch',
  'GET /supplier/delete': 'the balance stays in the ledger; restoring it is the guarded step',
  'POST /supplier/setAcceptOrders': 'an on/off switch for new orders',
  'GET /system-config/resetSystemResourcePool': 'times out unpaid orders past their expiry and clears stale claim markers; nothing is posted',
  'GET /system-config/fixSystemResources': 'recomputes the running-balance column; the balances (sums of rows) stay',
  'POST /order/reject': 'refuses an unpaid order: nothing was posted',
  'POST /order/freeResource': 'closes an unpaid order early',
  'POST /order/callback': "resends the merchant's notification",
  'POST /order/lockOrder': 'hands an order to automation',
  'POST /order/unlockOrder': 'takes an order back from automation',
  'POST /order/updateOrderMark': 'a label',
  'POST /order/testOrder': 'collection orders only: a payout product is refused (order-create.test.ts); test payouts have guarded routes of their own',
  'POST /order/testAdminOrder': 'collection orders only: a payout product is refused (order-create.test.ts); test payouts have guarded routes of their own',
  'POST /order/reselect': 'an unpaid order moves to another account of the platform; the merchant it credits is unchanged',
  'POST /order/retryOrder': 'allocates an unpaid order again',
  'POST /order/releaseOrder': 'reopens a timed-out unpaid order',
  'POST /payProxyOrder/release': 'a claimed payout back to the pool; the reserve stays',
  'POST /payProxyOrder/retry': 'a held payout back to the pool after review; the reserve stays, the payee is unchanged',
  'POST /payProxyOrder/updateMark': 'a label',
  'POST /payoutOrderClaim/claimOrder': "a supplier takes a payout to pay; the reserve stays until it is paid",
  'POST /payoutOrderClaim/cancelClaim': 'a supplier gives its claim back; the reserve stays',
  'POST /payoutBatch/uploadPreview': 'reads a bank result file and answers what the upload would do; changes nothing (payout-batch-result.test.ts)',
};

const MONEY_SUBJECTS = new Set<string>([
  ...variantsOf('orders'),
  'orderTest',
  'orderTestAdmin',
  'orderBatch',
  ...variantsOf('payouts'),
  'payoutPool',
  ...variantsOf('payoutBatches'),
  ...variantsOf('userProducts'),
  ...variantsOf('merchants'),
  ...variantsOf('suppliers'),
  ...variantsOf('fundRecords'),
  'systemMaintenance',
]);
const MONEY_SWITCHES = new Set(['BalanceOperation', 'ManualSupplement', 'BatchOperations']);

const keyOf = (spec: Pick<RouteSpec, 'method' | 'url'>) => `${spec.method} ${spec.url}`;

/** Every signed-in change that could touch money: on a subject that carries it, idempotent, or behind a money switch. */
function moneyCandidates(routes: readonly RouteSpec[]): string[] {
  return routes
    .filter((spec) => typeof spec.access === 'object' && (spec.method === 'POST' || spec.mutates))
    .filter((spec) => [(spec.access as { subject: string | readonly string[] }).subject].flat().some((s) => MONEY_SUBJECTS.has(s)) || spec.idempotent || (spec.googleCode && MONEY_SWITCHES.has(spec.googleCode)))
    .map(keyOf);
}

/** The listed money routes that are missing or lack the second-level guard (empty when all is well). */
function unguarded(routes: readonly RouteSpec[]): string[] {
  const byKey = new Map(routes.map((spec) => [keyOf(spec), spec]));
  return MONEY_ROUTES.flatMap((key) => {
    const spec = byKey.get(key);
    if (!spec) return [`${key} is not a route`];
    return spec.secondLevel === true ? [] : [`${key} lacks the second-level guard`];
  });
}

const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

/** Each role's session and second-level token, made once for the file. */
const sessions = new Map<Role, { token: string; token2: string }>();
beforeAll(async () => {
  for (const role of ROLES) {
    const token = await server.login(role);
    sessions.set(role, { token, token2: await server.login2(token) });
  }
});

describe('money routes need the second-level token', () => {
  it('classifies every route that could move money, each once', () => {
    expect(new Set(MONEY_ROUTES).size).toBe(MONEY_ROUTES.length);
    expect(MONEY_ROUTES.filter((key) => key in NOT_MONEY)).toEqual([]);
    const classified = [...MONEY_ROUTES, ...Object.keys(NOT_MONEY)].sort();
    expect(moneyCandidates(allRoutes).sort()).toEqual(classified);
  });

  it('declares the guard on every money route', () => {
    expect(unguarded(allRoutes)).toEqual([]);
  });

  it('fails a money route that loses its guard, and a new money route nobody classified', () => {
    const stripped = allRoutes.map((spec) => (keyOf(spec) === 'POST /order/reverseOrder' ? { ...spec, secondLevel: undefined } : spec));
    expect(unguarded(stripped)).toEqual(['POST /order/reverseOrder lacks the second-level guard']);
    const sneaky = { ...allRoutes.find((spec) => keyOf(spec) === 'POST /order/reverseOrder')!, url: '/order/sneakyRefund', secondLevel: undefined };
    expect(moneyCandidates([...allRoutes, sneaky])).toContain('POST /order/sneakyRefund');
  });

  for (const key of MONEY_ROUTES) {
    it(`${key}: refused with 1024 without the token, for every role allowed on it, writing nothing`, async () => {
      const spec = allRoutes.find((r) => keyOf(r) === key)!;
      const allowed: Role[] = [];
      for (const role of ROLES) {
        const [user] = await db().select().from(users).where(eq(users.account, role));
        if (allows(await abilityFor(server.app.services, user), spec.access)) allowed.push(role);
      }
      expect(allowed.length, `${key} is open to no role`).toBeGreaterThan(0);
      const before = await dbFingerprint(db());
      for (const role of allowed) {
        const { token } = sessions.get(role)!;
        for (const token2 of [undefined, 'made-up']) {
          const result = await server.call(spec.method, pathOf(spec.url), { token, token2, body: {}, query: {} });
          expect(result.code, `${role} on ${key} with token2 ${token2}`).toBe(ERRORS.secondLevelRequired);
        }
      }
      expect(await dbFingerprint(db()), `a refused ${key} wrote something`).toBe(before);
      // With the token the guard lets it through (to the input checks: the walk sends nothing).
      for (const role of allowed) {
        const result = await server.call(spec.method, pathOf(spec.url), { token: sessions.get(role)!.token, token2: sessions.get(role)!.token2, body: {}, query: {} });
        expect([ERRORS.secondLevelRequired, ERRORS.secondLevelExpired, ERRORS.forbidden, ERRORS.internal], `${role} on ${key}: ${result.msg}`).not.toContain(result.code);
      }
    });
  }
});

describe('the abuse paths, without the second factor', () => {
  it('an admin session alone neither confirms a submitted payment nor reverses a paid one', async () => {
    const { token, token2 } = sessions.get('admin')!;
    const order = await insertOrder(db(), { state: 'pendingConfirmation' });
    expect((await server.call('POST', orderApi.confirm, { token, body: { orderCode: order.orderCode } })).code).toBe(1024);
    expect(await orderByCode(db(), order.orderCode)).toEqual(order);
    expect((await orderLedger(db(), order.orderCode)).rows).toEqual([]);
    expect((await server.call('POST', orderApi.confirm, { token, token2, body: { orderCode: order.orderCode } })).code).toBe(200);
    const paid = await orderByCode(db(), order.orderCode);
    expect((await server.call('POST', orderApi.reverse, { token, body: { orderCode: order.orderCode } })).code).toBe(1024);
    expect(await orderByCode(db(), order.orderCode)).toEqual(paid);
  });

  it("an admin session alone does not change a payout's payee", async () => {
    const { token } = sessions.get('admin')!;
    const payout = await placeBankPayout(server);
    const body = { orderCode: payout.orderCode, userName: 'Someone Else', cardNumber: '999988887777', ifscCode: 'KKBK0000123', bankName: 'Kotak' };
    expect((await server.call('POST', '/payProxyOrder/reselect', { token, body, headers: { 'idempotency-key': `reselect-${payout.orderCode}` } })).code).toBe(1024);
    expect(await orderByCode(db(), payout.orderCode)).toMatchObject({ userName: payout.userName, cardNumber: payout.cardNumber });
  });

  it("an admin session alone does not change a merchant's rate", async () => {
    const { token } = sessions.get('admin')!;
    const [row] = await db().select().from(userProducts).limit(1);
    expect((await server.call('POST', '/userProduct/update', { token, body: { id: row.id, rate: '0.5' } })).code).toBe(1024);
    expect((await server.call('GET', '/userProduct/delete', { token, query: { id: row.id } })).code).toBe(1024);
    expect((await db().select().from(userProducts).where(eq(userProducts.id, row.id)))[0]).toEqual(row);
  });
});
