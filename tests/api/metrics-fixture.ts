/** Reading GET /metrics in tests: the Prometheus text parsed into samples, and sums over label sets. */
import type { FastifyInstance } from 'fastify';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Every sample line of a text exposition (comments and blank lines skipped). */
function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics with the bearer token; fails unless it answers 200 in the Prometheus format. */
export async function scrape(app: FastifyInstance, token: string): Promise<Sample[]> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}: ${response.body}`);
  if (!response.headers['content-type']?.toString().startsWith('text/plain')) throw new Error(`/metrics answered ${response.headers['content-type']}`);
  return parseSamples(response.body);
}
