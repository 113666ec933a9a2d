/**
 * WORKERS=2: the real server (tsx server/main.ts) as two processes on one port and one PostgreSQL.
 * Calls land on both (each answer names its worker, x-worker); an order created through one
 * reaches a socket on the other; the login2 limit holds at its figure across the two, with one
 * audit row for its refusals; the background jobs run in one worker only, and in the one started in
 * its place when it dies; SIGTERM to the primary stops both workers (each runs its stop) and exits 0. And the embedded database refuses WORKERS=2.
 * Needs PostgreSQL at PG_TEST_URL: skips when none answers, except in CI with PG_TEST_URL set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACK_COMMAND } from '../../providers/realtime.js';
import { configProblems, readConfig } from '../../server/config.js';
import { auditRecords } from '../../server/db/schema/index.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { seededDatabase } from './faults-fixture.js';
import { signed } from './order-create-fixture.js';
import { pgProblem, pgRequired } from './postgres-fixture.js';
import { freePort } from '../../scripts/free-port.js';

const LIMIT = 5;
const METRICS_TOKEN = 'workers-test-metrics-token';

interface Answer {
  worker: string;
  body: string;
}

/** One call on a connection of its own, so the primary hands each to the next worker. */
function call(port: number, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => void (text += chunk));
      response.on('end', () => resolve({ worker: String(response.headers['x-worker']), body: text }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** A socket on the worker named, signed in with `token`; collects the pushes. */
async function socketOn(port: number, worker: string, token: string): Promise<{ ws: WebSocket; pushed: string[] }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1.0/ws`);
    const on = await new Promise<string>((resolve, reject) => {
      ws.once('upgrade', (response) => resolve(String(response.headers['x-worker'])));
      ws.once('error', reject);
    });
    await new Promise((resolve) => (ws.readyState === ws.OPEN ? resolve(null) : ws.once('open', resolve)));
    if (on !== worker) {
      ws.close();
      continue;
    }
    const pushed: string[] = [];
    const acked = new Promise((resolve) =>
      ws.on('message', (raw) => {
        const text = raw.toString();
        if (text.includes('"requestId":"ack"')) resolve(text);
        else pushed.push(text);
      }),
    );
    ws.send(JSON.stringify({ requestId: 'ack', commandType: ACK_COMMAND, data: { key: 'k' }, token }));
    expect(JSON.parse((await acked) as string).code).toBe(200);
    return { ws, pushed };
  }
  throw new Error(`no socket reached worker ${worker}`);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('the embedded database refuses more than one process', () => {
  const config = readConfig({ WORKERS: '2' });
  expect(configProblems(config, {}).join(' ')).toMatch(/WORKERS=2 needs PostgreSQL \(DATABASE_URL\)/);
  expect(configProblems(readConfig({ WORKERS: '1' }), {})).toEqual([]);
});

describe.skipIf(pgProblem !== null && !pgRequired)('WORKERS=2 on PostgreSQL', () => {
  let seeded: Awaited<ReturnType<typeof seededDatabase>>;
  let child: ChildProcess;
  let output = '';
  let port = 0;
  const exited = () => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

  beforeAll(async () => {
    if (pgProblem) throw new Error(`PG_TEST_URL does not answer (required in CI): ${pgProblem}`);
    seeded = await seededDatabase('payadmin_workers');
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, WORKERS: '2', DATABASE_URL: seeded.url, SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'), PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: String(LIMIT), METRICS_TOKEN, BACKGROUND_JOBS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => void (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const look = () => output.includes('listening on') && resolve();
      child.stdout!.on('data', look);
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited();
    }
    await seeded?.drop();
  });

  /** Whether each worker runs the jobs, as its own /metrics tells (a job's interval is set when its runner starts). */
  const jobsByWorker = async () => {
    const jobsOf = new Map<string, boolean>();
    for (let i = 0; i < 10 && jobsOf.size < 2; i++) {
      const answer = await call(port, 'GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      jobsOf.set(answer.worker, answer.body.includes('payadmin_job_interval_seconds{job="orderTimeouts"'));
    }
    return Object.fromEntries(jobsOf);
  };

  it('calls land on both workers', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(port, 'GET', '/v1.0/health')));
    expect(new Set(answers.map((a) => a.worker))).toEqual(new Set(['1', '2']));
  });

  it('an order created through one worker reaches a socket on the other', async () => {
    const login = JSON.parse((await call(port, 'POST', '/v1.0/user/login', { userName: 'admin', password: DEMO_PASSWORD })).body);
    expect(login.code).toBe(200);
    const sockets = [await socketOn(port, '1', login.data.token), await socketOn(port, '2', login.data.token)];
    const created = await call(port, 'POST', '/v1.0/api/order/create', signed({}));
    const { orderCode } = JSON.parse(created.body).data as { orderCode: string };
    expect(orderCode).toBeTruthy();
    for (const { pushed } of sockets) expect((await until(async () => pushed.join('\n'), (text) => text.includes(orderCode))).includes(orderCode)).toBe(true);
    for (const { ws } of sockets) ws.close();
  }, 30_000);

  it(`the login2 limit lets ${LIMIT} calls a minute through across both workers, and audits its refusals once`, async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < LIMIT + 5; i++) answers.push(await call(port, 'POST', '/v1.0/user/login2', { password: 'x' }));
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    const refused = answers.filter((a) => JSON.parse(a.body).code === 4030);
    expect(answers.length - refused.length).toBe(LIMIT);
    const rows = () => seeded.database.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'session.throttled'), eq(auditRecords.target, '/v1.0/user/login2')));
    await until(rows, (found) => found.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await rows()).toHaveLength(1);
  });

  it('runs the background jobs in one worker only', async () => {
    expect(await jobsByWorker()).toEqual({ '1': true, '2': false });
    expect(output).toMatch(/Worker 1 \(pid \d+\) serving, background jobs/);
  });

  it('a worker started in place of the jobs worker takes the jobs over', async () => {
    const [, pid] = /Worker 1 \(pid (\d+)\) serving/.exec(output)!;
    process.kill(Number(pid), 'SIGKILL');
    await until(async () => output, (text) => /Worker 3 \(pid \d+\) serving, background jobs/.test(text), 60_000);
    expect(output).toMatch(/Worker 3 \(pid \d+\) serving, background jobs/);
    expect(await jobsByWorker()).toEqual({ '2': false, '3': true });
  }, 90_000);

  it('SIGTERM to the primary stops both workers, each as a single server stops, and exits 0', async () => {
    const pids = [...output.matchAll(/Worker \d \(pid (\d+)\) serving/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(3);
    child.kill('SIGTERM');
    expect(await exited()).toBe(0);
    expect(output).toContain('Worker 2: SIGTERM received, shutting down');
    expect(output).toContain('Worker 3: SIGTERM received, shutting down');
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
