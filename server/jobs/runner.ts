/**
 * Background work of the server (order timeouts, merchant callbacks): each job is a function run
 * every `everyMs` while the app is up, never twice at once in one process. Jobs keep their state
 * in the database and claim rows with conditional updates, so several instances on one PostgreSQL
 * share the work without doing a row twice, and a restart loses nothing. With WORKERS=N they run in
 * one worker only (server/cluster/primary.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../http/route.js';
import { inUnit, newUnit, settleUnit } from '../metrics/scope.js';

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
  const { metrics } = services;
  // Every job is measured here, once: its runs and their time, the ticks it was still busy for,
  // and when it last succeeded (the lag an alert watches). A run is one unit of work: the orders it
  // moved count when it succeeds (server/metrics/scope.ts).
  const tick = (job: Job) => {
    let busy = false;
    const labels = { job: job.name };
    return () => {
      if (closed) return;
      if (busy) return void metrics.jobSkipped.inc(labels);
      busy = true;
      const unit = newUnit(metrics);
      const timer = metrics.jobDuration.startTimer(labels);
      const run = inUnit(unit, async () => job.run(services))
        .then(
          () => {
            settleUnit(true, unit);
            metrics.jobRuns.inc({ ...labels, result: 'ok' });
            metrics.jobLastSuccess.set(job.name, Date.now());
          },
          (error: unknown) => {
            settleUnit(false, unit);
            metrics.jobRuns.inc({ ...labels, result: 'failed' });
            app.log.error({ err: error, job: job.name }, 'background job failed');
          },
        )
        .finally(() => {
          timer();
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
  };
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      metrics.jobInterval.set({ job: job.name }, job.everyMs / 1000);
      // Never succeeded yet: the lag counts from the start.
      metrics.jobLastSuccess.set(job.name, 0);
      timers.push(setInterval(tick(job), job.everyMs).unref());
    }
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
    await Promise.all(jobs.map((job) => job.stop?.(services)));
  });
}
