/** The monitor log's calls (spec section 7: getList and clear; ours: the monitors and the ingest). */
export const monitorLogApi = {
  list: '/monitorLog/getList',
  /** Removes every log line (GET, as the platform calls it); admin and superAdmin, audited. */
  clear: '/monitorLog/clear',
  /** ours: the monitors with their resource labels, for the panel beside the log. */
  monitors: '/monitorLog/getMonitors',
  /** ours: what monitors send (X-Ingest-Token of a monitor client, docs/monitors.md). */
  ingestStatus: '/ingest/monitorStatus',
  ingestLog: '/ingest/monitorLog',
} as const;
