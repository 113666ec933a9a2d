/** An in-process server on a throwaway copy of the seeded database, and a small client for it. */
import { readFileSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPglite, type Database } from '../../server/db/client.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import type { RouteSpec } from '../../server/http/route.js';
import { SNAPSHOT, TEST_SECRETS_KEY } from './global-setup.js';
import { openTemplateCopy } from './postgres-template.js';

export interface Envelope<T = any> {
  code: number;
  data: T;
  msg: string;
}

export interface FileReply {
  code: number;
  msg: string;
  /** The file's text, without the byte order mark ('' for a refusal). */
  csv: string;
  bom: boolean;
  fileName: string;
  headers: OutgoingHttpHeaders;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** Removes the file's database when it is a PostgreSQL copy (API_DB=postgres). */
  drop?: () => Promise<void>;
  call<T = any>(method: 'GET' | 'POST', url: string, options?: { token?: string; token2?: string; body?: unknown; query?: Record<string, unknown>; lang?: string; headers?: Record<string, string> }): Promise<Envelope<T>>;
  /**
   * A GET that answers a file (a list export): its text without the byte order mark, its name and
   * headers; a refusal answers the envelope instead (`code` other than 200, no text).
   */
  download(url: string, options?: { token?: string; token2?: string; query?: Record<string, unknown>; lang?: string; headers?: Record<string, string> }): Promise<FileReply>;
  login(account: string, password?: string): Promise<string>;
  /** The second-level token (login2) of a session, for calls declared secondLevel. */
  login2(token: string, password?: string): Promise<string>;
}

/**
 * The tests' merchant receivers (callback-fixture.ts) listen on 127.0.0.1, and the orders of
 * orders-fixture.ts notify an unused port there: the operator's allowance for a receiver on the
 * same machine, nothing wider. A test of the address rule passes its own.
 */
export const LOCAL_RECEIVERS = { CALLBACK_ALLOW_PRIVATE: '127.0.0.1/32' };

/** `routes`: a test's own route list (an entity it declares), else every route of the server. */
async function startTestServer(env: NodeJS.ProcessEnv = {}, routes?: RouteSpec[]): Promise<TestServer> {
  setSecretsKey(TEST_SECRETS_KEY);
  const template = inject('pgTemplate');
  const copy = template ? await openTemplateCopy(template) : null;
  const database = copy?.database ?? (await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) }));
  return { ...(await serverOn(database, env, routes)), drop: copy?.drop };
}

/** A server on a database the caller opened (and closes): e.g. one of two instances on one PostgreSQL. */
export async function serverOn(database: Database, env: NodeJS.ProcessEnv = {}, routes?: RouteSpec[]): Promise<TestServer> {
  const app = await buildApp({ database, config: { ...readConfig({ ...LOCAL_RECEIVERS, ...env }), staticDir: '/nonexistent' }, ...(routes ? { routes } : {}) });
  const send = (method: 'GET' | 'POST', url: string, { token, token2, body, query, lang = 'en-US', headers = {} }: Parameters<TestServer['call']>[2] = {}) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.append(k, String(v));
    return app.inject({
      method,
      url: `/v1.0${url}${search.size ? `?${search}` : ''}`,
      headers: { ...headers, ...(token ? { token } : {}), ...(token2 ? { token2 } : {}), lang },
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    });
  };
  const server: TestServer = {
    app,
    database,
    async call(method, url, options = {}) {
      const response = await send(method, url, options);
      // A download's success is its file (see download below); its refusals are the envelope.
      if (response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/csv')) return { code: 200, data: null as never, msg: 'file' };
      return response.json();
    },
    async download(url, options = {}) {
      const response = await send('GET', url, options);
      if (String(response.headers['content-type']).includes('json')) return { ...response.json(), csv: '', bom: false, fileName: '', headers: response.headers };
      const disposition = String(response.headers['content-disposition']);
      const fileName = decodeURIComponent(disposition.match(/filename\*=UTF-8''([^;]+)/)?.[1] ?? '');
      const bom = response.body.startsWith('\uFEFF');
      return { code: response.statusCode, msg: '', csv: bom ? response.body.slice(1) : response.body, bom, fileName, headers: response.headers };
    },
    async login(account, password = DEMO_PASSWORD) {
      const result = await server.call('POST', '/user/login', { body: { userName: account, password } });
      if (result.code !== 200) throw new Error(`login ${account} failed: ${result.msg}`);
      return result.data.token;
    },
    async login2(token, password = DEMO_PASSWORD) {
      const result = await server.call('POST', '/user/login2', { token, body: { password, logInReason: 'test' } });
      if (result.code !== 200) throw new Error(`login2 failed: ${result.msg}`);
      return result.data.token2;
    },
  };
  return server;
}

/** Starts a server for the file's tests and closes it after them. */
export function useTestServer(env?: NodeJS.ProcessEnv, routes?: RouteSpec[]): TestServer {
  const holder = {} as TestServer;
  beforeAll(async () => Object.assign(holder, await startTestServer(env, routes)));
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
    await holder.drop?.();
  });
  return holder;
}
