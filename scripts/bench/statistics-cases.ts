/**
 * The statistics part of the bench: GET /order/statisticsV2 over a day, a week and 90 days (the
 * trend split and a split by merchant), as admin and as a merchant, and the dashboard's today /
 * yesterday / total.
 */
import type { FastifyInstance } from 'fastify';
import { statisticsApi } from '../../resources/statistics/api.js';
import { api, timed, type Figure, type Session } from './measure.js';

const at = (daysAgo: number, end = false) => {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  return `${d.toISOString().slice(0, 10)} ${end ? '23:59:59' : '00:00:00'}`;
};
const period = (days: number) => ({ startTime: at(days - 1), endTime: at(0, true) });

export async function benchStatistics(app: FastifyInstance, sessions: Record<string, Session>, runs: number): Promise<Figure[]> {
  const cases: [string, string, string, Record<string, string>][] = [
    ['statisticsV2 day', 'admin', statisticsApi.statistics, period(1)],
    ['statisticsV2 week', 'admin', statisticsApi.statistics, period(7)],
    ['statisticsV2 90 days', 'admin', statisticsApi.statistics, period(90)],
    ['statisticsV2 90 days by merchant', 'admin', statisticsApi.statistics, { ...period(90), groupBy: 'merchant' }],
    ['statisticsV2 90 days, merchant login', 'merchant', statisticsApi.statistics, period(90)],
    ['dashboard today', 'admin', statisticsApi.today, {}],
    ['dashboard yesterday', 'admin', statisticsApi.yesterday, {}],
    ['dashboard total', 'admin', statisticsApi.total, {}],
    ['total balance', 'admin', statisticsApi.totalBalance, {}],
  ];
  const figures: Figure[] = [];
  for (const [name, role, url, query] of cases) {
    const note = (data: { total?: { created?: number }; created?: number }) => {
      const created = data.total?.created ?? data.created;
      return created === undefined ? '' : `${created.toLocaleString('en-US')} orders`;
    };
    figures.push(await timed('Statistics and dashboard', name, runs, () => api(app, sessions[role], 'GET', url, query), note));
  }
  return figures;
}
