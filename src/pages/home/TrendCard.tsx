/** The dashboard's trend of the last 7 or 30 days: the statistics engine's time split, drawn by the statistics chart (lazy). */
import { lazy, Suspense, useState } from 'react';
import { Card, Empty, Segmented, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { TIME_FORMAT } from '../../providers/conventions';
import { statisticsApi } from '../../../resources/statistics/api';
import type { StatisticsAnswer } from '../../../resources/statistics/query';

const StatisticsChart = lazy(() => import('../statistics/StatisticsChart'));
const SPANS = [7, 30] as const;

export function TrendCard({ refetchInterval }: { refetchInterval: number | false }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(7);
  const query = {
    orderType: 1,
    groupBy: 'time',
    startTime: dayjs().subtract(days - 1, 'day').startOf('day').format(TIME_FORMAT),
    endTime: dayjs().endOf('day').format(TIME_FORMAT),
  };
  const trend = useQuery({ queryKey: ['home', 'trend', days, query.endTime], queryFn: () => get<StatisticsAnswer>(statisticsApi.statistics, query), refetchInterval, placeholderData: keepPreviousData });
  const empty = trend.data && trend.data.total.created === 0;
  return (
    <Card
      size="small"
      title={t('home.trend.title')}
      data-testid="home-trend"
      extra={<Segmented<number> size="small" value={days} options={SPANS.map((d) => ({ value: d, label: t('home.trend.days', { count: d }) }))} onChange={setDays} />}
    >
      <Suspense fallback={<Spin />}>
        {!trend.data ? <Spin /> : empty ? <Empty description={t('home.trend.empty')} /> : <StatisticsChart answer={trend.data} rowLabel={(row) => row.label ?? String(row.key)} height={300} />}
      </Suspense>
    </Card>
  );
}
