/** A load run's figures as the lines `npm run test:load` prints and docs/reliability.md records. */
import type { LoadReport } from './engine.js';

export function formatLoadReport(report: LoadReport): string {
  const { options: o, memory: m } = report;
  const lines = [
    `Load: ${o.seconds} s on ${o.database}, ${o.operators} operators (${o.operatorRate || 'unlimited'} req/s each), orders at ${o.orderRate}/s; machine load average ${report.loadAverage} at the end`,
    `${'kind'.padEnd(12)}${'operators'.padStart(10)}${'requests'.padStart(10)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}${'no answer'.padStart(11)}  (ms)`,
    ...report.kinds.map((k) => `${k.kind.padEnd(12)}${String(k.operators || '-').padStart(10)}${String(k.requests).padStart(10)}${[k.p50, k.p95, k.p99, k.max].map((v) => String(v).padStart(8)).join('')}${String(k.unanswered).padStart(11)}`),
    `requests ${report.kinds.reduce((sum, k) => sum + k.requests, 0)}, errors ${report.errorCount}, connection errors ${report.connectionErrors}`,
    ...report.errors.map((e) => `  ${e.count} x ${e.kind}: HTTP ${e.status}, code ${e.code ?? '-'}: ${e.msg}`),
    `orders placed ${report.ordersPlaced} (${report.ordersPerSecond}/s), orders in the database ${report.ledger.orders} (supplemented ${report.ledger.supplemented})`,
    `memory (MB) after GC: heap ${m.gcStart.heapUsed} -> ${m.gcEnd.heapUsed}, RSS ${m.gcStart.rss} -> ${m.gcEnd.rss}; ` +
      `first/last 10 s: heap ${m.firstTen.heapUsed} / ${m.lastTen.heapUsed}, RSS ${m.firstTen.rss} / ${m.lastTen.rss}; heap slope ${m.heapSlopePerMinute} MB/min over ${m.samples} samples`,
    report.ledger.text,
  ];
  return lines.join('\n');
}
