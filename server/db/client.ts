/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both give the same Drizzle API, so nothing above this file knows which one runs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import { pgliteTurns } from './pglite-turns.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY payload committed by any connection to this
   * database (every server instance on one PostgreSQL). Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  pglite?: PGlite;
  /** The PostgreSQL pool's connections (for /metrics); PGlite is one connection inside the process and has none. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

/** Connections of one instance's PostgreSQL pool. */
export const POOL_SIZE = 10;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // drizzle calls only query and transaction: the turns keep creations from starving other requests.
  const db = drizzlePglite({ client: pgliteTurns(client) as PGlite, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, listen: (channel, onPayload) => client.listen(channel, onPayload), close: () => client.close() };
}

export async function openPostgres(url: string): Promise<Database> {
  // A connection that cannot be made in 5 s fails the request (503, server/http/db-unavailable.ts)
  // instead of holding it while the database is out of reach.
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5000 });
  // An idle connection dropped by the network or a database restart is discarded by the pool, which
  // opens a new one on the next query; without a listener its 'error' would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
    async listen(channel, onPayload) {
      const stop = await listenPostgres(url, channel, onPayload);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN needs one connection of its own for as long as it listens (a pooled one would be handed
 * back). When that connection drops (PostgreSQL restarted, network cut), it is opened again after a
 * pause, so the instance keeps receiving; notifications sent while it was down are lost, which the
 * sockets' clients make up for by refreshing on reconnect.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => reopen(next));
    next.on('end', () => reopen(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reopen = (dead: pg.Client) => {
    if (stopped || client !== dead) return;
    client = null;
    dead.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      if (!stopped) open().catch(() => (retry = setTimeout(attempt, 2000)));
    };
    retry = setTimeout(attempt, 1000);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
