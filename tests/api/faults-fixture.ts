/**
 * What the fault tests share: a TCP proxy that can cut the link to PostgreSQL and restore it, a
 * throwaway seeded database, and the real server as a child process (tsx server/main.ts) that a test
 * can SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { openPostgres, type Database } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { TEST_SECRETS_KEY } from './global-setup.js';
import { admin, pgProblem, pgRequired, throwawayDatabase } from './postgres-fixture.js';
import { freePort } from '../../scripts/free-port.js';

/** The fault tests use PostgreSQL whatever API_DB says (they run once, in the rest's pass: tests/api/passes.ts). */
export const skipFaults = pgProblem !== null && !pgRequired;

/** A new seeded database on PG_TEST_URL, opened; `drop` closes and removes it. */
export async function seededDatabase(prefix: string): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const { name, url } = throwawayDatabase(prefix);
  const created = await admin(`create database ${name}`);
  if (created) throw new Error(created);
  setSecretsKey(TEST_SECRETS_KEY);
  const database = await openPostgres(url);
  await seedDemo(database.db);
  return { url, database, drop: async () => void (await database.close(), await admin(`drop database if exists ${name} with (force)`)) };
}

export interface Proxy {
  port: number;
  /** Drops every link and refuses new ones, as a dead network or a stopped database would. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on a free loopback port to `target` (host:port). */
export async function tcpProxy(target: { host: string; port: number }): Promise<Proxy> {
  const links = new Set<net.Socket>();
  const onClient = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    links.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      links.delete(client);
      links.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  };
  let server = net.createServer(onClient);
  const listen = (port: number) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of links) socket.destroy();
      links.clear();
      server.close(() => resolve());
    });
  return {
    port,
    cut: stop,
    async restore() {
      server = net.createServer(onClient);
      await listen(port);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}

export interface ChildServer {
  base: string;
  process: ChildProcess;
  /** Resolves when stderr shows `FAULT_PAUSE <point>` for every point asked (server/http/fault-point.ts). */
  paused: Promise<void>;
  /** What the process printed so far (told when a test fails on it). */
  output(): string;
  kill(): Promise<void>;
}

/** The real server (tsx server/main.ts) on `databaseUrl`, ready once it prints that it listens. */
export async function startServer(databaseUrl: string, faultPause: string[] = []): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'), PORT: String(port), HOST: '127.0.0.1', BACKGROUND_JOBS: 'off', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn', FAULT_PAUSE: faultPause.join(',') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watch = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => output.includes(text) && resolve();
      child.stdout!.on('data', look);
      child.stderr!.on('data', look);
      child.on('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before "${text}":\n${output}`)));
    });
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => void (output += chunk));
  const paused = Promise.all(faultPause.map((point) => watch(`FAULT_PAUSE ${point}`))).then(() => undefined);
  paused.catch(() => undefined);
  await watch('listening on');
  return {
    base: `http://127.0.0.1:${port}/v1.0`,
    process: child,
    paused,
    output: () => output,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
