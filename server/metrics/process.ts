/**
 * The process's own metrics (prom-client's defaults: resident memory, heap, event-loop lag and its
 * percentiles, CPU, open handles, GC), once per process whatever the number of apps in it. Started
 * at the first scrape: the event-loop monitor is a timer of its own, which an app never scraped
 * (each test's) does not need.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
