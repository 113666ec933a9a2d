/**
 * Background work of the server (order timeouts, merchant callbacks): each job is a function run
 * every `everyMs` while the app is up, never twice at once in one process. Jobs keep their state
 * in the database and claim rows with conditional updates, so several instances on one PostgreSQL
 * share the work without doing a row twice, and a restart loses nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/route.js';

export interface Job {
  name: string;
  everyMs: number;
  run: (services: Services) => Promise<void>;
  /** Ends work a run left going in the background (calls in flight) before the database closes. */
  stop?: (services: Services) => Promise<void>;
}

/** Starts the jobs when the app is ready and stops them (waiting for a run in progress) on close. */
export function runJobs(app: FastifyInstance, services: Services, jobs: readonly Job[]): void {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let closed = false;
  const tick = (job: Job) => {
    let busy = false;
    return () => {
      if (busy || closed) return;
      busy = true;
      const run = job
        .run(services)
        .catch((error) => app.log.error({ err: error, job: job.name }, 'background job failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
  };
  app.addHook('onReady', async () => {
    for (const job of jobs) timers.push(setInterval(tick(job), job.everyMs).unref());
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
    await Promise.all(jobs.map((job) => job.stop?.(services)));
  });
}
