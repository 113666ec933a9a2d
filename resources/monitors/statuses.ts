/**
 * Monitor statuses (spec section 4) and which may follow which: the one table the ingest endpoint
 * and the disconnect job obey. Shared by server and admin (labels `monitors.statuses.<status>`).
 *
 * A monitor reports its own status; repeating the current one is its heartbeat. It starts before it
 * runs and stops through stopping (or straight to stopped when starting fails). Only the platform
 * marks a monitor disconnected, when it has not reported for MonitorLiveTime seconds; a
 * disconnected monitor comes back with whatever it reports next, except "stopping" (it cannot be
 * stopping what it was not seen running).
 */
export const MONITOR_STATUSES = ['starting', 'running', 'stopping', 'stopped', 'disconnected'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** What a monitor itself may report: every status but disconnected. */
export const REPORTED_STATUSES = ['starting', 'running', 'stopping', 'stopped'] as const;
export type ReportedStatus = (typeof REPORTED_STATUSES)[number];

/** status -> the statuses a report may move it to (the same status is always a heartbeat). */
const NEXT: Record<MonitorStatus, readonly ReportedStatus[]> = {
  starting: ['running', 'stopping', 'stopped'],
  running: ['stopping', 'stopped'],
  stopping: ['stopped'],
  stopped: ['starting'],
  disconnected: ['starting', 'running', 'stopped'],
};

/** The first report of a monitor the platform has never heard from. */
const FIRST: readonly ReportedStatus[] = ['starting', 'running', 'stopped'];

/** May a monitor in `from` (null: never reported) report `to`? */
export function mayReport(from: MonitorStatus | null, to: ReportedStatus): boolean {
  if (from === null) return FIRST.includes(to);
  return from === to || NEXT[from].includes(to);
}

/** Statuses the disconnect job may leave: a stopped monitor reports nothing and is not missed. */
export const DISCONNECTABLE: readonly MonitorStatus[] = ['starting', 'running', 'stopping'];

/** Tag colors of the status labels (antd presets). */
export const MONITOR_STATUS_COLORS: Record<MonitorStatus, string> = {
  starting: 'processing',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  disconnected: 'error',
};
