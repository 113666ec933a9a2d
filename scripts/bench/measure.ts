/**
 * What every bench case shares: the calls as a signed-in role (app.inject, so the whole request
 * path runs without a socket), timing a call RUNS times after a warm-up, and the median and p95.
 */
import type { FastifyInstance } from 'fastify';

export interface Figure {
  /** Section of the table (e.g. 'GET /order/getList'). */
  group: string;
  name: string;
  runs: number;
  median: number;
  p95: number;
  /** 'ms' for latencies, '/s' for a throughput (median holds the rate, p95 the latency p95 in ms). */
  unit: 'ms' | '/s';
  /** What the call answered (a list's total, an order count), shown so a reader sees it did work. */
  note?: string;
  /** The largest of the runs, where the budget is on it (the longest main-thread task). */
  max?: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];

/** The median and p95 of `times` (ms). */
export function summary(times: number[]): { median: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
}

export interface Session {
  token: string;
  token2?: string;
}

/** Signs the demo accounts in (password Demo12345678), with the second-level token where asked. */
export async function signIn(app: FastifyInstance, roles: string[], secondLevel: string[] = []): Promise<Record<string, Session>> {
  const sessions: Record<string, Session> = {};
  for (const role of roles) {
    const login = await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: role, password: 'Demo12345678' } });
    const token = login.json().data.token as string;
    sessions[role] = { token };
    if (secondLevel.includes(role)) {
      const second = await app.inject({ method: 'POST', url: '/v1.0/user/login2', headers: { token }, payload: { password: 'Demo12345678', logInReason: 'bench' } });
      sessions[role].token2 = second.json().data.token2 as string;
    }
  }
  return sessions;
}

/** One API call; throws on anything but code 200, so a broken case never passes as fast. */
export async function api(app: FastifyInstance, session: Session, method: 'GET' | 'POST', url: string, input: Record<string, unknown> = {}) {
  const headers = { token: session.token, ...(session.token2 ? { token2: session.token2 } : {}) };
  const response =
    method === 'GET'
      ? await app.inject({ method, url: `/v1.0${url}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`, headers })
      : await app.inject({ method, url: `/v1.0${url}`, headers, payload: input });
  const body = response.json();
  if (body.code !== 200) throw new Error(`${method} ${url} ${JSON.stringify(input)}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Times `call` `runs` times after one warm-up; the note comes from the warm-up's answer. */
export async function timed<T>(group: string, name: string, runs: number, call: () => Promise<T>, note?: (answer: T) => string): Promise<Figure> {
  const first = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { group, name, runs, ...summary(times), unit: 'ms', note: note?.(first) };
}
