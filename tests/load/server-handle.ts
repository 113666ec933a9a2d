/** Starts tests/load/server-process.ts and asks it for memory samples, a GC, the ledger check, a close. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MemorySample, ServerReply, ServerRequest } from './protocol.js';

const entry = fileURLToPath(new URL('./server-process.ts', import.meta.url));

export class LoadServer {
  private waiting = new Map<ServerReply['type'], (reply: ServerReply) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (reply: ServerReply) => {
      const resolve = this.waiting.get(reply.type);
      this.waiting.delete(reply.type);
      resolve?.(reply);
    });
  }

  /** `databaseUrl`: a PostgreSQL database of its own for the run; none runs on an in-memory PGlite. */
  static async start(databaseUrl?: string): Promise<LoadServer> {
    const child = fork(entry, [], {
      // LOAD_CPU_PROF=<dir>: a V8 CPU profile of the server for the run, to find where its time goes.
      execArgv: ['--expose-gc', '--import', 'tsx', ...(process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : [])],
      env: { ...process.env, LOAD_DATABASE_URL: databaseUrl ?? '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (reply: ServerReply) => (reply.type === 'ready' ? resolve(reply.port) : reject(new Error(`unexpected ${reply.type}`))));
      child.once('exit', (code) => reject(new Error(`load server exited with ${code} before it listened`)));
    });
    return new LoadServer(child, port);
  }

  private ask<T extends ServerReply['type']>(type: ServerRequest['type'], answer: T): Promise<Extract<ServerReply, { type: T }>> {
    return new Promise((resolve) => {
      this.waiting.set(answer, resolve as (reply: ServerReply) => void);
      this.child.send({ type });
    });
  }

  memory = (): Promise<MemorySample> => this.ask('memory', 'memory');
  gc = (): Promise<MemorySample> => this.ask('gc', 'gc');
  ledger = () => this.ask('ledger', 'ledger');

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask('close', 'closed');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (this.child.exitCode === null) this.child.kill();
  }
}
