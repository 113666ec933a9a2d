/**
 * Walks EVERY registered /v1.0 route (server/routes.ts, so a route added later is walked too) for
 * EVERY demo role and checks the server answers exactly as providers/abilities.ts says: a denied
 * call answers the forbidden code (4003) and writes nothing; an allowed call is not refused for
 * permissions (it may still fail validation on the empty request the walk sends). No reply, allowed
 * or refused, may carry the internal-error code: a crash is never an answer.
 *
 * The walk covers the server's own route table: Fastify's table as mounted (app.routeTable, from
 * its onRoute hook) must be exactly the declared routes plus the payer's public pages, so a route
 * mounted any other way (and so without an ability) fails here instead of escaping the walk.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allRoutes } from '../../server/routes.js';
import { abilityFor, allows } from '../../server/http/access.js';
import { users } from '../../server/db/schema/index.js';
import { ROLES, type Role } from '../../providers/roles.js';
import { rowScope, variantsOf } from '../../providers/ability-engine.js';
import { ERRORS } from '../../server/errors.js';
import { abilityUserOf } from '../../server/users/team.js';
import { dbFingerprint, tableFingerprints } from './db-fingerprint.js';
import { useTestServer } from './harness.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { API_PREFIX } from '../../server/http/register.js';
import type { MountedRoute } from '../../server/http/route-table.js';
import type { RouteSpec } from '../../server/http/route.js';

// Background jobs off: the test compares table contents before and after the refused calls.
const server = useTestServer({ BACKGROUND_JOBS: 'off' });

/** Written by every request (its session's last-seen time) and by every refusal (its audit record, by design). */
const UNWATCHED = new Set(['public.sessions', 'public.audit_records']);

/** The watched tables whose fingerprints differ. */
const changedTables = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((table) => !UNWATCHED.has(table) && after[table] !== before[table]);

const tokens = new Map<Role, string>();
async function tokenFor(role: Role): Promise<string> {
  let token = tokens.get(role);
  if (!token) {
    token = await server.login(role);
    tokens.set(role, token);
  }
  return token;
}

/**
 * Calls a route as a role with its kept token; an allowed call may end that session (logout, a
 * password change), so one answered "token invalid" signs the role in again and calls once more.
 */
async function callAs(role: Role, spec: RouteSpec) {
  const call = async () => server.call(spec.method, pathOf(spec.url), { token: await tokenFor(role), body: {}, query: {} });
  const result = await call();
  if (result.code !== ERRORS.tokenInvalid) return result;
  tokens.delete(role);
  return call();
}

/**
 * Routes that need no declaration: the payer's pages (a payer has no account, so no role; each page
 * is scoped by its unguessable order or resource code; `/p/` is the short pay link), the realtime
 * socket, which checks the token of every command it gets as an API call does and pushes each user
 * only the rows the abilities let it list (tests/api/realtime.test.ts), the merchant API
 * document and its page, public by design: made from declarations and demo examples, never from the
 * database (tests/api/api-docs.test.ts), and /metrics, which belongs to no user: it asks for the
 * operator's METRICS_TOKEN and answers 404 without one (tests/api/metrics.test.ts).
 */
const SELF_GUARDED = new Set([
  'GET /pay/resource/:ref',
  'GET /pay/jump',
  'GET /pay/assets/countdown.js',
  'GET /pay/order/:orderCode',
  'POST /pay/order/:orderCode/utr',
  'GET /p/:orderCode',
  `GET ${API_PREFIX}/ws`,
  `GET ${API_PREFIX}/openapi.json`,
  `GET ${API_PREFIX}/openapi`,
  'GET /metrics',
]);

/** What in a mounted table is not a declared route with its access (empty when all is well). */
function undeclared(table: MountedRoute[], specs: RouteSpec[]): string[] {
  const declared = new Map(specs.map((spec) => [`${spec.method} ${API_PREFIX}${spec.url}`, spec]));
  const mounted = new Set(table.map((r) => `${r.method} ${r.url}`));
  const problems = table
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => !SELF_GUARDED.has(key) && !declared.get(key)?.access)
    .map((key) => `${key} is mounted without a declared access`);
  for (const key of declared.keys()) if (!mounted.has(key)) problems.push(`${key} is declared but not mounted`);
  return problems;
}

const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('every route x every role follows providers/abilities.ts', () => {
  it('has routes to walk, each declaring its access', () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    for (const spec of allRoutes) expect(spec.access, `${spec.method} ${spec.url}`).toBeTruthy();
  });

  it("walks the server's own route table: every mounted route is a declared one with its access", async () => {
    await server.app.ready();
    expect(server.app.routeTable.length).toBeGreaterThan(allRoutes.length);
    expect(undeclared(server.app.routeTable, allRoutes)).toEqual([]);
  });

  it('fails a route mounted without a declaration, and refuses to start with a declaration without access', async () => {
    const config = { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' };
    const app = await buildApp({ database: server.database, config });
    app.get(`${API_PREFIX}/order/sneakyExport`, async () => ({ code: 200, data: [], msg: 'success' }));
    app.post('/internal/sneaky', async () => 'ok');
    await app.ready();
    expect(undeclared(app.routeTable, allRoutes)).toEqual([`GET ${API_PREFIX}/order/sneakyExport is mounted without a declared access`, 'POST /internal/sneaky is mounted without a declared access']);
    await app.close();
    const open = { ...allRoutes[1], url: '/order/sneakyOpen', access: undefined } as unknown as RouteSpec;
    await expect(buildApp({ database: server.database, config, routes: [...allRoutes, open] })).rejects.toThrow(/sneakyOpen/);
  });

  /** The roles each route refuses, as the walk below finds them, for the refused calls after it. */
  const refusedRoles = new Map<RouteSpec, Role[]>();

  for (const spec of allRoutes) {
    it(`${spec.method} ${spec.url}`, async () => {
      const forbidden: Role[] = [];
      refusedRoles.set(spec, forbidden);
      for (const role of ROLES) {
        const [user] = await server.database.db.select().from(users).where(eq(users.account, role));
        if (!allows(await abilityFor(server.app.services, user), spec.access)) {
          forbidden.push(role);
          continue;
        }
        const result = await callAs(role, spec);
        expect([4003, 1003], `${role} should be allowed on ${spec.method} ${spec.url}: ${result.msg}`).not.toContain(result.code);
        expect(result.code, `${role} on ${spec.method} ${spec.url} crashed: ${result.msg}`).not.toBe(ERRORS.internal);
      }
    });
  }

  /**
   * Every refused call of every route between two fingerprints of the database: a refusal that
   * wrote anything changes it, and the tables it changed are named. (A fingerprint around each
   * route's refusals took a fifth of the file's time and proved no more.)
   */
  it('refuses every role a route does not allow (4003), and no refusal writes anything', async () => {
    expect(refusedRoles.size).toBe(allRoutes.length);
    // Every session checked first: a login writes the user's last-login time, which is not a refused call's doing.
    for (const role of ROLES) {
      const token = tokens.get(role);
      if (!token || (await server.call('POST', '/user/getInfo', { token })).code !== 200) tokens.set(role, await server.login(role));
    }
    const refuseAll = async (spec: RouteSpec, roles: Role[]) => {
      for (const role of roles) {
        const result = await server.call(spec.method, pathOf(spec.url), { token: tokens.get(role)!, body: {}, query: {} });
        expect(result.code, `${role} must be refused on ${spec.method} ${spec.url}`).toBe(4003);
        expect(result.data).toBeNull();
      }
    };
    const fingerprints = () => tableFingerprints(server.database.db);
    const before = await fingerprints();
    for (const [spec, roles] of refusedRoles) await refuseAll(spec, roles);
    const changed = changedTables(before, await fingerprints());
    if (!changed.length) return;
    // Something was written: the walk again, a route at a time, names the routes that write.
    const writers: string[] = [];
    for (const [spec, roles] of refusedRoles) {
      const start = await dbFingerprint(server.database.db);
      await refuseAll(spec, roles);
      if ((await dbFingerprint(server.database.db)) !== start) writers.push(`${spec.method} ${spec.url}`);
    }
    expect.fail(`refused calls wrote to ${changed.join(', ')}${writers.length ? `: ${writers.join(', ')}` : ''}`);
  }, 180_000);

  it('refuses every role-restricted route without a token (1003), public ones excepted', async () => {
    for (const spec of allRoutes) {
      if (spec.access === 'public') continue;
      const result = await server.call(spec.method, pathOf(spec.url), { body: {} });
      expect(result.code, `${spec.method} ${spec.url}`).toBe(1003);
    }
  });

  it('answers every public route without the internal-error code', async () => {
    for (const spec of allRoutes) {
      if (spec.access !== 'public') continue;
      const result = await server.call(spec.method, pathOf(spec.url), { body: {}, query: {} });
      expect(result.code, `${spec.method} ${spec.url}: ${result.msg}`).not.toBe(ERRORS.internal);
    }
  });

  it('gives list handlers the row scope of the caller', async () => {
    const { db } = server.database;
    const services = server.app.services;
    const [merchant] = await db.select().from(users).where(eq(users.account, 'merchant'));
    expect(rowScope(await abilityFor(services, merchant), 'list', 'errorLogs')).toEqual({ userId: [merchant.id] });
    const [supplier] = await db.select().from(users).where(eq(users.account, 'supplier'));
    const scope = rowScope(await abilityFor(services, supplier), 'list', variantsOf('internationalCardToCard'));
    expect(scope).toEqual({ supplierId: [supplier.id, ...((await abilityUserOf(db, supplier))?.agentIds ?? [])] });
    const [admin] = await db.select().from(users).where(eq(users.account, 'admin'));
    expect(rowScope(await abilityFor(services, admin), 'list', variantsOf('internationalCardToCard'))).toBeNull();
  });
});
