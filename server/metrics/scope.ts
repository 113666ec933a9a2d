/**
 * Order counts are taken where the order is written (its insert, the state machine's move), deep in
 * a transaction that may still roll back. So they wait in the unit of work (a request, a job run),
 * kept by the async context as the audit scope is, and reach the app's counters only when the unit
 * ends well: a refused request or a failed run counts nothing it wrote. Code running outside any
 * unit (a script, a test calling a domain function) belongs to no app and counts nowhere.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppMetrics, OrderEvent } from './registry.js';

interface Unit {
  metrics: AppMetrics;
  pending: { event: OrderEvent; productId: number }[];
  /** Set once the unit ended: work it left running in the background (a callback call) counts at once. */
  settled: boolean;
}

const units = new AsyncLocalStorage<Unit>();

export const newUnit = (metrics: AppMetrics): Unit => ({ metrics, pending: [], settled: false });

/** Runs `work` as one unit of `metrics`' app. */
export function inUnit<T>(unit: Unit, work: () => T): T {
  return units.run(unit, work);
}

/** Applies (`committed`) or drops what the unit counted so far; the current unit when none is given. */
export function settleUnit(committed: boolean, unit: Unit | undefined = units.getStore()): void {
  if (!unit) return;
  if (committed) for (const { event, productId } of unit.pending) unit.metrics.orders.inc({ event, product: String(productId) });
  unit.pending = [];
  unit.settled = true;
}

/** Counts an order event of the current unit, once its work commits. */
export function countOrder(event: OrderEvent, productId: number): void {
  const unit = units.getStore();
  if (!unit) return;
  if (unit.settled) unit.metrics.orders.inc({ event, product: String(productId) });
  else unit.pending.push({ event, productId });
}
