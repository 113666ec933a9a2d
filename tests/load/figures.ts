/** Turning a load run's raw samples into the figures it reports: latency percentiles and memory trend. */
import type { MemorySample } from './protocol.js';

export interface Latency {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function latencyOf(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (ms: number | undefined) => Math.round((ms ?? 0) * 10) / 10;
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
  return { requests: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: round(sorted[sorted.length - 1]) };
}

export interface MemoryFigures {
  /** After a forced GC, before the load and after it (MB). */
  gcStart: { rss: number; heapUsed: number };
  gcEnd: { rss: number; heapUsed: number };
  /** Mean heapUsed and RSS over the first and the last 10 samples of the run (MB). */
  firstTen: { rss: number; heapUsed: number };
  lastTen: { rss: number; heapUsed: number };
  /** Least-squares slope of heapUsed over the run, MB per minute. */
  heapSlopePerMinute: number;
  samples: number;
}

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

function slope(samples: MemorySample[]): number {
  if (samples.length < 2) return 0;
  const t0 = samples[0].at;
  const xs = samples.map((s) => (s.at - t0) / 60_000);
  const ys = samples.map((s) => s.heapUsed / 1_048_576);
  const mx = mean(xs);
  const my = mean(ys);
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den ? Math.round((num / den) * 10) / 10 : 0;
}

export function memoryOf(gcStart: MemorySample, gcEnd: MemorySample, samples: MemorySample[]): MemoryFigures {
  const window = (part: MemorySample[]) => ({ rss: mb(mean(part.map((s) => s.rss))), heapUsed: mb(mean(part.map((s) => s.heapUsed))) });
  return {
    gcStart: { rss: mb(gcStart.rss), heapUsed: mb(gcStart.heapUsed) },
    gcEnd: { rss: mb(gcEnd.rss), heapUsed: mb(gcEnd.heapUsed) },
    firstTen: window(samples.slice(0, 10)),
    lastTen: window(samples.slice(-10)),
    heapSlopePerMinute: slope(samples),
    samples: samples.length,
  };
}
