/**
 * The monitors panel of the monitor log screen: each monitor (an ingest client of kind 'monitor')
 * with its resource labels. Not a screen of its own (the spec's menu has only the log), so these
 * are only the columns the panel shows, labelled `monitorLogs.monitors.<name>`.
 */
import type { FieldDeclaration } from '../types';
import { MONITOR_STATUS_COLORS, MONITOR_STATUSES } from './statuses';

export const MONITOR_FIELDS: FieldDeclaration[] = [
  { name: 'code', type: 'text', copyable: true },
  { name: 'name', type: 'text' },
  { name: 'supplierName', type: 'text' },
  { name: 'status', type: 'enum', options: { values: MONITOR_STATUSES, labelKey: 'monitorStatus', colors: MONITOR_STATUS_COLORS } },
  { name: 'exceptionInfo', type: 'text' },
  { name: 'exceptionCount', type: 'number' },
  // Shown with its time (lastExceptionAt) in one cell.
  { name: 'lastException', type: 'text' },
  { name: 'lastSeenAt', type: 'datetime' },
  { name: 'enabled', type: 'boolean' },
];

/** One row of GET /monitorLog/getMonitors. */
export interface MonitorRow {
  id: number;
  code: string;
  name: string;
  supplierName: string | null;
  enabled: boolean;
  status: string | null;
  exceptionInfo: string | null;
  exceptionCount: number;
  lastExceptionAt: string | null;
  lastException: string | null;
  lastSeenAt: string | null;
  reportedAt: string | null;
}
