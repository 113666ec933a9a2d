/**
 * The real server as WORKERS=N processes (tsx server/main.ts; node:cluster when N > 1) on the
 * bench's PostgreSQL database, for the creation figures beside the in-process one. Its CPU time is
 * read from /proc (Linux): the primary's and every worker's, so the figure per order is the whole server's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../free-port.js';

export interface ClusterServer {
  address: string;
  /** CPU time (user + system) of the primary and its workers so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

const ticksPerSecond = () => Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat, after the name). */
function ticksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export async function startCluster(databaseUrl: string, secretsKey: Buffer, workers: number): Promise<ClusterServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // Background jobs off, as the in-process server's: timeouts and callbacks do not run between the calls.
    env: { ...process.env, WORKERS: String(workers), DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey.toString('base64'), PORT: String(port), HOST: '127.0.0.1', BACKGROUND_JOBS: 'off', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the ${workers}-process server exited (${code}) before listening:\n${output}`)));
  });
  const pids = [child.pid!, ...[...output.matchAll(/\(pid (\d+)\) serving/g)].map((m) => Number(m[1]))];
  const tick = 1000 / ticksPerSecond();
  return {
    address: `http://127.0.0.1:${port}`,
    cpuMs: () => pids.reduce((sum, pid) => sum + ticksOf(pid), 0) * tick,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
