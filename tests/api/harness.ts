/** An in-process server on a throwaway copy of the seeded database, and a small client for it. */
import { readFileSync } from 'node:fs';
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

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** Removes the file's database when it is a PostgreSQL copy (API_DB=postgres). */
  drop?: () => Promise<void>;
  call<T = any>(method: 'GET' | 'POST', url: string, options?: { token?: string; token2?: string; body?: unknown; query?: Record<string, unknown>; lang?: string; headers?: Record<string, string> }): Promise<Envelope<T>>;
  login(account: string, password?: string): Promise<string>;
  /** The second-level token (login2) of a session, for calls declared secondLevel. */
  login2(token: string, password?: string): Promise<string>;
}

/** `routes`: a test's own route list (an entity it declares), else every route of the server. */
async function startTestServer(env: NodeJS.ProcessEnv = {}, routes?: RouteSpec[]): Promise<TestServer> {
  setSecretsKey(TEST_SECRETS_KEY);
  const template = inject('pgTemplate');
  const copy = template ? await openTemplateCopy(template) : null;
  const database = copy?.database ?? (await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) }));
  const app = await buildApp({ database, config: { ...readConfig(env), staticDir: '/nonexistent' }, ...(routes ? { routes } : {}) });
  const server: TestServer = {
    app,
    database,
    drop: copy?.drop,
    async call(method, url, { token, token2, body, query, lang = 'en-US', headers = {} } = {}) {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.append(k, String(v));
      const response = await app.inject({
        method,
        url: `/v1.0${url}${search.size ? `?${search}` : ''}`,
        headers: { ...headers, ...(token ? { token } : {}), ...(token2 ? { token2 } : {}), lang },
        ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
      });
      return response.json();
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
