/**
 * The export part of the bench: GET /order/exportList as the admin, EXPORT_ROWS collection orders
 * (default 100,000: run.ts sets the server's EXPORT_MAX_ROWS to it, so a larger database gives the
 * first 100,000 and a smaller one all it has). Over a socket, as a browser downloads it: the body is
 * read as it arrives and counted, never kept. Time to the last byte; the process's CPU time for it
 * (server and reading client: a busy machine stretches the wall time, not this); and the server
 * process's peak RSS over what it held just before the call (a collection first, when the bench
 * runs with --expose-gc as main.ts starts it), sampled every 10 ms: flat means the rows are not held.
 */
import { orderApi } from '../../resources/orders/api.js';
import { summary, type Figure, type Session } from './measure.js';

const MB = 2 ** 20;

interface Run {
  ms: number;
  /** CPU time of the process (the server and the client reading the body), which a busy machine does not stretch as it does the wall time. */
  cpuMs: number;
  rssRise: number;
  rssBefore: number;
  bytes: number;
  rows: number;
  truncated: boolean;
}

async function exportOnce(address: string, session: Session): Promise<Run> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const response = await fetch(`${address}/v1.0${orderApi.exportList}`, { headers: { token: session.token } });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv')) throw new Error(`export answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const rows = Number(response.headers.get('x-export-rows'));
    // The header line and one line per row (no cell of these orders holds a line break).
    if (lines !== rows + 1) throw new Error(`export wrote ${lines - 1} rows, its header says ${rows}`);
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, rssRise: peak - rssBefore, rssBefore, bytes, rows, truncated: response.headers.get('x-export-truncated') === 'true' };
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}

/** One warm-up, then `runs` timed exports; the note gives the rows, the file size and the largest RSS rise. */
export async function benchExport(address: string, session: Session, runs: number): Promise<Figure> {
  const first = await exportOnce(address, session);
  const measured: Run[] = [];
  for (let i = 0; i < runs; i++) measured.push(await exportOnce(address, session));
  const rise = Math.max(...measured.map((r) => r.rssRise));
  const cpu = summary(measured.map((r) => r.cpuMs)).median;
  return {
    group: `CSV export (GET ${orderApi.exportList}, streamed)`,
    name: `${first.rows.toLocaleString('en-US')} orders, time to the last byte`,
    runs,
    ...summary(measured.map((r) => r.ms)),
    unit: 'ms',
    note: `${(first.bytes / MB).toFixed(1)} MB${first.truncated ? ' (the cap; the list has more)' : ''}; CPU ${(cpu / 1000).toFixed(1)} s (median); server peak RSS +${(rise / MB).toFixed(0)} MB over ${(measured[0].rssBefore / MB).toFixed(0)} MB`,
  };
}
