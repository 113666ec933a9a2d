/**
 * Property test of hostile input: for every declared route, payloads built from the route's own zod
 * schema (tests/api/hostile-arbitraries.ts: its fields with values past their bounds, of the wrong
 * kind, SQL, script tags, CSV formulas, unicode tricks, NUL, 1e309...) sent by a signed-in superAdmin
 * with its second-level token. Every reply is the envelope with a code and a msg, never a 5xx, a
 * crash, a stack trace or database error text; a refusal carries no data; and a route that refused
 * every payload left the database as it was.
 *
 * Short by default (HOSTILE_RUNS payloads per route, seed HOSTILE_SEED, both fixed so a failure
 * reproduces); raise HOSTILE_RUNS for the long form.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allRoutes } from '../../server/routes.js';
import { ERRORS } from '../../server/errors.js';
import { sessionApi } from '../../resources/session/api.js';
import { dbFingerprint } from './db-fingerprint.js';
import { useTestServer } from './harness.js';
import { fieldsOf, hostileBody, hostileQuery } from './hostile-arbitraries.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 6);
const SEED = Number(process.env.HOSTILE_SEED ?? 20261125);

// Background jobs off: the test compares table contents before and after refused calls.
const server = useTestServer({ BACKGROUND_JOBS: 'off' });

const fingerprint = () => dbFingerprint(server.database.db);

/** Text that only a leak would put in a reply: stack frames, source paths, database errors. */
const LEAKS = [/\n\s+at /, /\bat \S+ \(\S+:\d+:\d+\)/, /node_modules/, /\.[cm]?[jt]s:\d+/, /syntax error at or near/i, /violates \S+ constraint/i, /duplicate key value/i, /invalid input syntax/i, /out of range for type/i, /null value in column/i, /relation "\w+"/i, /column "\w+"/i, /Failed query/i, /PGlite|postgres/i];

/** Calls that change the caller's own session when they succeed. */
const SESSION_CALLS = new Set<string>([sessionApi.logout, sessionApi.login, sessionApi.login2]);
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

let token = '';
let token2 = '';
async function signIn() {
  token = await server.login('superAdmin');
  token2 = await server.login2(token);
}

async function send(method: 'GET' | 'POST', url: string, payload: string | Record<string, string>) {
  const search = typeof payload === 'string' ? '' : `?${new URLSearchParams(payload)}`;
  const response = await server.app.inject({
    method,
    url: `/v1.0${pathOf(url)}${search}`,
    headers: { token, token2, lang: 'en-US', 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    ...(method === 'POST' ? { payload: typeof payload === 'string' ? payload : '{}' } : {}),
  });
  return { status: response.statusCode, body: response.body, type: String(response.headers['content-type'] ?? '') };
}

/**
 * What is wrong with a reply (empty when it is a proper answer); `refused` tells the caller whether
 * it was a refusal. A route declared `download` answers its success as a CSV file.
 */
function problemsOf(reply: { status: number; body: string; type?: string }, download = false): { problems: string[]; refused: boolean; code?: number } {
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`HTTP ${reply.status}`);
  for (const leak of LEAKS) if (leak.test(reply.body)) problems.push(`leaks ${leak}: ${reply.body.slice(0, 200)}`);
  if (download && reply.status === 200 && reply.type?.startsWith('text/csv')) return { problems, refused: false, code: 200 };
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(reply.body);
  } catch {
    return { problems: [...problems, `not JSON: ${reply.body.slice(0, 100)}`], refused: true };
  }
  if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string' || !envelope.msg) problems.push(`not the envelope: ${reply.body.slice(0, 100)}`);
  if (envelope.code === ERRORS.internal) problems.push(`internal error: ${envelope.msg}`);
  const refused = envelope.code !== 200;
  if (refused && envelope.data !== null && envelope.data !== undefined) problems.push(`a refusal with data: ${reply.body.slice(0, 100)}`);
  return { problems, refused, code: envelope.code as number };
}

const walked = allRoutes.filter((spec) => !SESSION_CALLS.has(spec.url));

describe('hostile payloads from the zod schemas, every route, as superAdmin', () => {
  it(`answers ${walked.length} routes x ${RUNS} payloads with the envelope, no leak, nothing written when refused`, async () => {
    await signIn();
    const problems: string[] = [];
    let sent = 0;
    const codes = new Map<number | undefined, number>();
    // One fingerprint per route: the one after a route is the one before the next.
    let last = await fingerprint();
    for (const [routeIndex, spec] of walked.entries()) {
      const fields = fieldsOf(spec.method === 'GET' ? spec.query : spec.body);
      const arbitrary = spec.method === 'GET' ? hostileQuery(fields) : hostileBody(fields);
      let allRefused = true;
      // The property: every payload gets a proper answer. fast-check shrinks a failing payload to
      // a small one and names the seed that reproduces it.
      const property = fc.asyncProperty(arbitrary, async (payload: string | Record<string, string>) => {
        let reply = await send(spec.method, spec.url, payload);
        // A payload that ended the session (it should not): note it, sign in again and go on.
        if (reply.body.includes('"code":1003')) {
          problems.push(`${spec.method} ${spec.url}: the session ended after ${JSON.stringify(payload).slice(0, 120)}`);
          await signIn();
          reply = await send(spec.method, spec.url, payload);
        }
        sent += 1;
        const result = problemsOf(reply, spec.download);
        allRefused &&= result.refused;
        codes.set(result.code, (codes.get(result.code) ?? 0) + 1);
        if (result.problems.length) throw new Error(result.problems.join('; '));
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED + routeIndex, endOnFailure: false });
      } catch (error) {
        problems.push(`${spec.method} ${spec.url}: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
      }
      const now = await fingerprint();
      if (allRefused && now !== last) problems.push(`${spec.method} ${spec.url}: refused every payload but the database changed`);
      last = now;
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(walked.length * RUNS);
    // The payloads reach the validation (4000) and some are accepted; none stops at a missing
    // second-level token (1024) or session (1003), which would test nothing.
    expect(codes.get(ERRORS.invalidParam)).toBeGreaterThan(sent / 3);
    expect(codes.get(200)).toBeGreaterThan(0);
    expect(codes.has(1024) || codes.has(1003)).toBe(false);
  }, 600_000);

  it('has an oracle that sees a crash, a leak and a refusal with data', () => {
    expect(problemsOf({ status: 500, body: '{"code":5000,"data":null,"msg":"x"}' }).problems).toHaveLength(2);
    expect(problemsOf({ status: 200, body: '{"code":4000,"data":null,"msg":"Error: x\\n    at f (/srv/server/app.ts:10:3)"}' }).problems.length).toBeGreaterThan(0);
    expect(problemsOf({ status: 200, body: '{"code":4000,"data":null,"msg":"syntax error at or near \\"x\\""}' }).problems.length).toBeGreaterThan(0);
    expect(problemsOf({ status: 200, body: '{"code":4003,"data":{"id":1},"msg":"Forbidden"}' }).problems).toHaveLength(1);
    expect(problemsOf({ status: 200, body: '{"code":4000,"data":null,"msg":"Invalid parameter: id"}' })).toEqual({ problems: [], refused: true, code: 4000 });
  });

  it('refuses a body over 10 MB and one nested too deep with the envelope, not a crash', async () => {
    await signIn();
    const spec = walked.find((s) => s.method === 'POST' && s.body && !s.idempotent)!;
    const huge = `{"x":"${'a'.repeat(10 * 1024 * 1024 + 10)}"}`;
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const payload of [huge, deep]) {
      const reply = await send('POST', spec.url, payload);
      const { problems, refused } = problemsOf(reply);
      expect(problems).toEqual([]);
      expect(refused).toBe(true);
    }
  }, 120_000);
});
