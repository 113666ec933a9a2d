/**
 * The load run (issue item "Load"): operators, each with a session of their own, list, filter, open
 * and act on orders over loopback HTTP (autocannon, one instance per kind of work) while the
 * merchant's system places signed orders at a fixed rate. Every answer is read: anything but HTTP
 * 200 with code 200 is an error. The server runs in its own process (server-handle.ts), sampled
 * each second for RSS and heapUsed, and checked for the ledger invariants after the run.
 */
import { loadavg } from 'node:os';
import autocannon, { type Instance, type Request } from 'autocannon';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { signOf } from '../../server/orders/sign.js';
import { orderApi } from '../../resources/orders/api.js';
import { latencyOf, memoryOf, type Latency, type MemoryFigures } from './figures.js';
import { OPERATOR_KINDS, OrderPool, shareOut, type Call, type OperatorRole } from './operators.js';
import { LoadServer } from './server-handle.js';
import { LOAD_PRODUCT_ID, type MemorySample } from './protocol.js';

export interface LoadOptions {
  seconds: number;
  operators: number;
  /** Orders placed per second through the merchant API. */
  orderRate: number;
  /** Requests per second each operator makes at most (0: as fast as answers come). */
  operatorRate: number;
  /** A PostgreSQL database of its own for the run; none runs on an in-memory PGlite. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface LoadError {
  kind: string;
  status: number;
  code: number | null;
  msg: string;
  count: number;
}

export interface LoadReport {
  options: Omit<LoadOptions, 'log' | 'databaseUrl'> & { database: 'pglite' | 'postgres' };
  /** Per kind of work: its latency, and requests that got no answer (socket error or 10-s timeout). */
  kinds: (Latency & { kind: string; operators: number; unanswered: number })[];
  errors: LoadError[];
  errorCount: number;
  /** Socket errors and timeouts autocannon saw (no answer at all). */
  connectionErrors: number;
  ordersPlaced: number;
  ordersPerSecond: number;
  memory: MemoryFigures;
  /** The machine's 1-minute load average at the end (it is shared: figures depend on it). */
  loadAverage: number;
  ledger: { ok: boolean; text: string; orders: number; supplemented: number };
}

const DEMO_MCH_ID = '20001';
const DEMO_KEY = 'demoMerchantKey20001';

class Tally {
  private readonly errors = new Map<string, LoadError>();
  readonly latencies = new Map<string, number[]>();

  check(kind: string, status: number, body: string): { code: number; data?: { orderCode?: string } } | null {
    let parsed: { code?: number; msg?: string; data?: { orderCode?: string } } | null = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      // An unreadable body is counted below as an error with no code.
    }
    if (status === 200 && parsed?.code === 200) return { code: 200, data: parsed.data };
    const key = `${kind} ${status} ${parsed?.code ?? '-'} ${parsed?.msg ?? body.slice(0, 80)}`;
    const found = this.errors.get(key) ?? { kind, status, code: parsed?.code ?? null, msg: parsed?.msg ?? body.slice(0, 80), count: 0 };
    found.count++;
    this.errors.set(key, found);
    return null;
  }

  list = () => [...this.errors.values()].sort((a, b) => b.count - a.count);
}

/** An operator's session headers: the token, and the second-level token2 when its work moves money. */
type SessionHeaders = Record<string, string>;

async function login(base: string, account: string, secondLevel: boolean): Promise<SessionHeaders> {
  const response = await fetch(`${base}/v1.0/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: account, password: DEMO_PASSWORD }) });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 200) throw new Error(`login ${account}: ${body.msg}`);
  const token = body.data.token;
  if (!secondLevel) return { token };
  const second = await fetch(`${base}/v1.0/user/login2`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ password: DEMO_PASSWORD, logInReason: 'load run' }) });
  const answer = (await second.json()) as { code: number; msg: string; data: { token2: string } };
  if (answer.code !== 200) throw new Error(`login2 ${account}: ${answer.msg}`);
  return { token, token2: answer.data.token2 };
}

const asRequest = (call: Call, headers: Record<string, string>): Partial<Request> => ({
  method: call.method,
  path: call.path,
  headers: { ...headers, ...(call.body ? { 'content-type': 'application/json' } : {}) },
  ...(call.body ? { body: JSON.stringify(call.body) } : {}),
});

/** A few calls of every kind, one after another, so the measured run starts on a warm server (JIT, query plans). */
async function warmUp(base: string, sessions: SessionHeaders[][], tally: Tally, pool: OrderPool): Promise<void> {
  for (let n = 0; n < 5; n++) {
    const payload = { mchId: DEMO_MCH_ID, productId: LOAD_PRODUCT_ID, mchOrderNo: `WARM${Date.now()}${n}`, amount: 10_000, notifyUrl: 'https://shop.example.com/notify', subject: 'Load' };
    const response = await fetch(`${base}/v1.0${orderApi.create}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...payload, sign: signOf(payload, DEMO_KEY) }) });
    const ok = tally.check('warm-up', response.status, await response.text());
    if (ok?.data?.orderCode) pool.add(ok.data.orderCode, true);
  }
  for (const [i, kind] of OPERATOR_KINDS.entries()) {
    for (const session of sessions[i].slice(0, kind.roles.length)) {
      for (let n = 0; n < 3; n++) {
        const call = kind.next(pool);
        const response = await fetch(`${base}${call.path}`, { method: call.method, headers: { ...session, 'content-type': 'application/json' }, ...(call.body ? { body: JSON.stringify(call.body) } : {}) });
        tally.check('warm-up', response.status, await response.text());
      }
    }
  }
}

/**
 * Each autocannon connection waits for its answer before the next request, so the rate holds only
 * while latency stays under connections / rate: two orders per connection per second allow 500 ms.
 */
const orderConnections = (rate: number) => Math.max(2, Math.ceil(rate / 2));

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => undefined);
  const server = await LoadServer.start(options.databaseUrl);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    log(`server listening on ${base}`);
    const tally = new Tally();
    const pool = new OrderPool();
    const counts = shareOut(options.operators);

    // One session per operator, roles taken in turn within each kind.
    const sessions: SessionHeaders[][] = [];
    for (const [i, kind] of OPERATOR_KINDS.entries()) {
      const accounts = Array.from({ length: counts[i] }, (_, n) => kind.roles[n % kind.roles.length] as OperatorRole);
      sessions.push(await Promise.all(accounts.map((account) => login(base, account, kind.secondLevel === true))));
    }
    log(`${options.operators} operators logged in (${OPERATOR_KINDS.map((k, i) => `${k.name} ${counts[i]}`).join(', ')})`);

    await warmUp(base, sessions, tally, pool);
    log('warmed up; load starts');

    const instances: { kind: string; instance: Instance }[] = [];
    const track = (kind: string, instance: Instance) => {
      const ms: number[] = [];
      tally.latencies.set(kind, ms);
      instance.on('response', (_client, _status, _bytes, took) => ms.push(took));
      instances.push({ kind, instance });
    };
    const common = { url: base, duration: options.seconds, timeout: 10 };

    // The merchant's system: signed orders at the set rate, each a new merchant order number.
    let placed = 0;
    let serial = 0;
    const run = Date.now().toString(36);
    const creating: Request = {
      method: 'POST',
      path: `/v1.0${orderApi.create}`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const n = ++serial;
        const payload = { mchId: DEMO_MCH_ID, productId: LOAD_PRODUCT_ID, mchOrderNo: `LOAD${run}${n}`, amount: 10_000 + (n % 1000) * 100, notifyUrl: 'https://shop.example.com/notify', subject: 'Load' };
        return { ...request, body: JSON.stringify({ ...payload, sign: signOf(payload, DEMO_KEY) }) };
      },
      onResponse: (status, body) => {
        const ok = tally.check('create', status, body);
        if (ok?.data?.orderCode) {
          placed++;
          pool.add(ok.data.orderCode, true);
        }
      },
    };
    if (options.orderRate > 0) track('create', autocannon({ ...common, connections: orderConnections(options.orderRate), overallRate: options.orderRate, requests: [creating] }));

    for (const [i, kind] of OPERATOR_KINDS.entries()) {
      let next = 0;
      const tokens = sessions[i];
      const request = (session: SessionHeaders): Request => ({
        setupRequest: (defaults) => ({ ...defaults, ...asRequest(kind.next(pool), session) }),
        onResponse: (status, body) => void tally.check(kind.name, status, body),
      });
      const rate = options.operatorRate > 0 ? { connectionRate: options.operatorRate } : {};
      track(
        kind.name,
        autocannon({ ...common, ...rate, connections: tokens.length, requests: [request(tokens[0])], setupClient: (client) => client.setRequests([request(tokens[next++ % tokens.length])]) }),
      );
    }

    // The server's memory each second while the load runs.
    const samples: MemorySample[] = [];
    const gcStart = await server.gc();
    const sampler = setInterval(() => void server.memory().then((s) => samples.push(s)), 1000);
    const results = await Promise.all(instances.map((i) => i.instance));
    clearInterval(sampler);
    // Let answers in flight and the callback jobs settle before the last GC.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const gcEnd = await server.gc();
    const ledger = await server.ledger();

    const errors = tally.list();
    return {
      options: { seconds: options.seconds, operators: options.operators, orderRate: options.orderRate, operatorRate: options.operatorRate, database: options.databaseUrl ? 'postgres' : 'pglite' },
      kinds: instances.map(({ kind }, i) => ({
        kind,
        operators: kind === 'create' ? 0 : counts[OPERATOR_KINDS.findIndex((k) => k.name === kind)],
        ...latencyOf(tally.latencies.get(kind) ?? []),
        unanswered: results[i].errors + results[i].timeouts,
      })),
      errors,
      errorCount: errors.reduce((sum, e) => sum + e.count, 0),
      connectionErrors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      ordersPlaced: placed,
      ordersPerSecond: Math.round((placed / options.seconds) * 10) / 10,
      memory: memoryOf(gcStart, gcEnd, samples),
      loadAverage: Math.round(loadavg()[0] * 10) / 10,
      ledger,
    };
  } finally {
    await server.close();
  }
}
