/**
 * The instruments of one app instance, in a registry of its own: tests build several apps in one
 * process, and one app's orders must not show in another's counts. The process's own metrics
 * (memory, event loop, CPU) live once per process (./process.ts). docs/operations.md lists every
 * metric with the alerts built on it.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What happens to an order that the platform counts: stored, paid (money posted), timed out. */
export type OrderEvent = 'created' | 'paid' | 'timedOut';

/** How one callback call ended: acknowledged, not acknowledged (error, timeout, other answer), refused by the address rule. */
export type CallbackResult = 'acknowledged' | 'failed' | 'refused';

/** Seconds: a fast read answers in milliseconds, an export may take seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export function createAppMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const started = Date.now();
  /** When each job last finished a run successfully (ms): the job runner writes it, the scrape reads it. */
  const jobLastSuccess = new Map<string, number>();
  return {
    registry,
    jobLastSuccess,
    requests: new Histogram({
      name: 'payadmin_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern (never the raw URL) and HTTP status, with their duration.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    orders: new Counter({
      name: 'payadmin_orders_total',
      help: 'Orders created, paid and timed out, by product id; counted when their transaction commits.',
      labelNames: ['event', 'product'] as const,
      registers,
    }),
    callbackAttempts: new Counter({
      name: 'payadmin_callback_attempts_total',
      help: 'Merchant callback calls made by this instance, by result.',
      labelNames: ['result'] as const,
      registers,
    }),
    callbacksGivenUp: new Counter({
      name: 'payadmin_callbacks_given_up_total',
      help: 'Merchant callbacks that reached their deadline (or could never be sent) without an acknowledgement.',
      registers,
    }),
    callbackBacklog: new Gauge({
      name: 'payadmin_callback_backlog',
      help: 'Callbacks due now and not yet sent (database-wide: every instance reports the same number).',
      registers,
    }),
    callbackOldestDue: new Gauge({
      name: 'payadmin_callback_oldest_due_seconds',
      help: 'How long the oldest callback due has waited (0 when none is due).',
      registers,
    }),
    jobRuns: new Counter({
      name: 'payadmin_job_runs_total',
      help: 'Background job runs by job and result (ok, failed).',
      labelNames: ['job', 'result'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'payadmin_job_run_duration_seconds',
      help: 'How long background job runs took.',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    jobSkipped: new Counter({
      name: 'payadmin_job_ticks_skipped_total',
      help: 'Ticks of a job that found its previous run still going (the job takes longer than its interval).',
      labelNames: ['job'] as const,
      registers,
    }),
    jobLag: new Gauge({
      name: 'payadmin_job_lag_seconds',
      help: 'Seconds since the job last finished a run successfully (since the app started when it has not yet).',
      labelNames: ['job'] as const,
      registers,
      collect() {
        const now = Date.now();
        for (const [job, at] of jobLastSuccess) this.set({ job }, (now - (at || started)) / 1000);
      },
    }),
    jobInterval: new Gauge({
      name: 'payadmin_job_interval_seconds',
      help: 'How often the job is meant to run.',
      labelNames: ['job'] as const,
      registers,
    }),
    dbUp: new Gauge({ name: 'payadmin_db_up', help: '1 when the database answered the scrape, 0 when it did not.', registers }),
    dbPing: new Gauge({ name: 'payadmin_db_ping_seconds', help: 'How long `select 1` took at the scrape (waiting for a free connection included).', registers }),
    dbPool: new Gauge({
      name: 'payadmin_db_pool_connections',
      help: 'PostgreSQL pool of this instance: connections open (total), idle, requests waiting for one (waiting), and the most it opens (max).',
      labelNames: ['state'] as const,
      registers,
    }),
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
