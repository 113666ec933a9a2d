/**
 * The statistics part of `npm run bench`: GET /order/statisticsV2 over a day, a week and 90 days
 * (the trend split and a split by merchant), as admin and as a merchant, and the dashboard's
 * today / yesterday / total, median and p95 of RUNS calls each after a warm-up.
 */
import type { FastifyInstance } from 'fastify';
import { statisticsApi } from '../resources/statistics/api.js';

const at = (daysAgo: number, end = false) => {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  return `${d.toISOString().slice(0, 10)} ${end ? '23:59:59' : '00:00:00'}`;
};

export async function benchStatistics(app: FastifyInstance, tokens: Record<string, string>, runs: number): Promise<void> {
  const period = (days: number) => ({ startTime: at(days - 1), endTime: at(0, true) });
  const cases: { name: string; role: string; url: string; query: Record<string, string> }[] = [
    { name: 'statisticsV2 day', role: 'admin', url: statisticsApi.statistics, query: period(1) },
    { name: 'statisticsV2 week', role: 'admin', url: statisticsApi.statistics, query: period(7) },
    { name: 'statisticsV2 90 days', role: 'admin', url: statisticsApi.statistics, query: period(90) },
    { name: 'statisticsV2 90 days by merchant', role: 'admin', url: statisticsApi.statistics, query: { ...period(90), groupBy: 'merchant' } },
    { name: 'statisticsV2 week, merchant', role: 'merchant', url: statisticsApi.statistics, query: period(7) },
    { name: 'statisticsV2 90 days, supplier', role: 'supplier', url: statisticsApi.statistics, query: period(90) },
    { name: 'dashboard today', role: 'admin', url: statisticsApi.today, query: {} },
    { name: 'dashboard yesterday', role: 'admin', url: statisticsApi.yesterday, query: {} },
    { name: 'dashboard total', role: 'admin', url: statisticsApi.total, query: {} },
    { name: 'dashboard total, merchant', role: 'merchant', url: statisticsApi.total, query: {} },
    { name: 'total balance', role: 'admin', url: statisticsApi.totalBalance, query: {} },
  ];
  const call = async (c: (typeof cases)[number]) => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: `/v1.0${c.url}?${new URLSearchParams(c.query)}`, headers: { token: tokens[c.role] } });
    const ms = performance.now() - started;
    const body = response.json();
    if (body.code !== 200) throw new Error(`${c.name}: ${body.msg}`);
    return { ms, created: (body.data.total?.created ?? body.data.created) as number | undefined };
  };
  console.log(`\nStatistics and dashboard, ${runs} runs after a warm-up (ms):`);
  console.log(`${'call'.padEnd(36)}${'median'.padStart(9)}${'p95'.padStart(9)}${'orders'.padStart(11)}`);
  for (const c of cases) {
    await call(c);
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await call(c));
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
    console.log(`${c.name.padEnd(36)}${times[Math.floor(times.length / 2)].toFixed(1).padStart(9)}${p95.toFixed(1).padStart(9)}${(results[0].created?.toLocaleString('en-US') ?? '-').padStart(11)}`);
  }
}
