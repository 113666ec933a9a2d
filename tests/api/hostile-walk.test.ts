/**
 * Every registered route (server/routes.ts, so a new one is walked too), called by a signed-in
 * superAdmin and supplier with what an attacker sends: coerced numbers and ids in the query and
 * the body, a body nested thousands deep, text the database cannot store. Each reply must be the
 * envelope (HTTP 200 or a refusal with a code, never a 5xx or a bare framework body), no row may
 * change where the route needs input it was not given, and the caller's session must still work.
 */
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/routes.js';
import { ERRORS } from '../../server/errors.js';
import { sessionApi } from '../../resources/session/api.js';
import { dbFingerprint } from './db-fingerprint.js';
import { useTestServer } from './harness.js';

// Background jobs off: the test compares table contents before and after each refused call.
const server = useTestServer({ BACKGROUND_JOBS: 'off' });

const fingerprint = () => dbFingerprint(server.database.db);

/** A JSON text nested `levels` deep, written out directly (building and stringifying it would overflow first). */
const deep = (levels: number) => ({ json: `${'{"id":'.repeat(levels)}"x"${'}'.repeat(levels)}` });

const QUERIES: Record<string, string>[] = [{ id: '0x3' }, { id: '1e0' }, { id: ' 2 ' }, { id: '' }, { pageIndex: '0x1', pageSize: '1e1' }, { id: '2x' }, { id: '+2' }, { id: '2.0' }, { resourceId: '0x1', userId: '1e0', msg_id: ' 1' }];
const BODIES: unknown[] = [{ id: true }, { id: [3] }, { id: ' 7 ' }, { id: '7' }, { id: 1.5, userId: -1 }, deep(5000), { id: 1, nickname: '\ud800x', name: 'a\udc00', account: '\ud800' }];

/** Calls that change the caller's own session when they succeed: walked, but not expected to leave it alone. */
const SESSION_CALLS = new Set<string>([sessionApi.logout, sessionApi.login, sessionApi.login2]);

/**
 * A route whose request may be empty (it acts on the caller: reveal one's own key, start one's own
 * binding) ignores the fields below and may rightly write; it is walked after the fingerprint.
 */
const needsInput = (spec: (typeof allRoutes)[number]) => {
  const schema = spec.method === 'GET' ? spec.query : spec.body;
  return Boolean(schema && !schema.safeParse({}).success);
};

const isText = (body: unknown): body is { json: string } => typeof body === 'object' && body !== null && 'json' in body;

async function raw(method: 'GET' | 'POST', url: string, token: string, query?: Record<string, string>, body?: unknown) {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  const response = await server.app.inject({ method, url: `/v1.0${url}${search}`, headers: { token, 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: isText(body) ? body.json : JSON.stringify(body ?? {}) } : {}) });
  return { status: response.statusCode, body: response.body, type: String(response.headers['content-type'] ?? '') };
}

describe('hostile input on every route', () => {
  for (const role of ['superAdmin', 'supplier'] as const) {
    it(`as ${role}: envelope only, nothing written, session kept`, async () => {
      const token = await server.login(role);
      // Taken after signing in: a login writes the last-login time and an audit record.
      const before = await fingerprint();
      const problems: string[] = [];
      const walk = allRoutes.filter((spec) => !SESSION_CALLS.has(spec.url));
      let after = '';
      for (const spec of [...walk.filter(needsInput), null, ...walk.filter((r) => !needsInput(r))]) {
        if (spec === null) {
          after = await fingerprint();
          continue;
        }
        const attempts = spec.method === 'GET' ? QUERIES.map((q) => raw('GET', spec.url, token, q)) : BODIES.map((b) => raw('POST', spec.url, token, undefined, b));
        for (const [i, attempt] of (await Promise.all(attempts)).entries()) {
          const where = `${spec.method} ${spec.url} #${i}`;
          if (attempt.status >= 500) problems.push(`${where}: HTTP ${attempt.status}`);
          // A download's success is its file; its refusals are the envelope like any other.
          if (spec.download && attempt.status === 200 && attempt.type.startsWith('text/csv')) continue;
          let reply: { code?: unknown; msg?: unknown };
          try {
            reply = JSON.parse(attempt.body);
          } catch {
            problems.push(`${where}: not JSON`);
            continue;
          }
          if (typeof reply.code !== 'number' || typeof reply.msg !== 'string') problems.push(`${where}: not the envelope`);
          if (reply.code === ERRORS.internal) problems.push(`${where}: internal error`);
        }
      }
      expect(problems).toEqual([]);
      expect(after).toBe(before);
      expect((await server.call('POST', sessionApi.getInfo, { token })).code).toBe(200);
      // Every route times every payload: minutes, not seconds, on a shared 2-core machine.
    }, 180_000);
  }

  it('refuses a deep or unstorable body on the session calls and keeps the session', async () => {
    const token = await server.login('admin');
    for (const body of [deep(5000), { password: '\ud800', logInReason: 'x' }]) {
      for (const url of [sessionApi.logout, sessionApi.login2]) {
        const reply = JSON.parse((await raw('POST', url, token, undefined, body)).body);
        expect(reply.code, url).toBe(ERRORS.invalidParam);
      }
    }
    expect((await server.call('POST', sessionApi.getInfo, { token })).code).toBe(200);
  });
});
