/**
 * Every statistics screen (resources/statistics declares which orders, splits and filters each
 * has): a filter bar, the totals as cards, a chart and the table with its totals row. Custom
 * because it shows an aggregate with a chart, not a list of rows; the chart library is its own
 * lazy chunk, loaded only here. State lives in the URL; while new figures load the previous ones
 * stay on screen (no flicker).
 */
import { lazy, Suspense } from 'react';
import { Card, Col, Row, Space, Spin, Statistic, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { useDeclaration } from '../../components/resource/useDeclaration';
import { statisticsApi } from '../../../resources/statistics/api';
import { statisticsScreenOf } from '../../../resources/statistics';
import type { StatisticsAnswer, StatisticsRow } from '../../../resources/statistics/query';
import { StatisticsFilters } from './StatisticsFilters';
import { StatisticsTable } from './StatisticsTable';
import { figureLabel, formatFigure, isMoneyFigure } from './figures';
import { CurrencyCode } from '../../components/fields/Money';
import { apiQuery, useStatisticsParams } from './useStatisticsParams';

const StatisticsChart = lazy(() => import('./StatisticsChart'));

const CARDS = ['created', 'succeeded', 'successRate', 'successAmount', 'merchantFee', 'supplierFee', 'platformIncome'] as const;

export default function StatisticsPage() {
  const { t } = useTranslation();
  const { identifier } = useDeclaration();
  const screen = statisticsScreenOf(identifier)!;
  const [params, setParams] = useStatisticsParams(screen);
  const query = apiQuery(screen, params);
  const result = useQuery({
    queryKey: ['statistics', query],
    queryFn: () => get<StatisticsAnswer>(statisticsApi.statistics, query),
    placeholderData: keepPreviousData,
  });
  const answer = result.data;
  // ShowUserStatisticInfo off: the server answers showUserInfo false, and no split by user is offered.
  const groupings = answer?.showUserInfo === false ? screen.groupings.filter((g) => g === 'time' || g === 'product') : screen.groupings;
  const rowLabel = (row: StatisticsRow): string => {
    if (answer?.groupBy === 'product') return `${row.key} ${t(`products.names.${row.key}`)}`;
    if (answer?.groupBy === 'supplier' && !row.key) return t('statistics.unallocated');
    return row.label ?? `#${row.key}`;
  };
  const cards = CARDS.filter((name) => !answer || answer.total[name] !== null);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="statistics-page">
      <StatisticsFilters screen={screen} params={params} onChange={setParams} groupings={groupings} />
      <Card size="small" loading={!answer && result.isLoading}>
        <Row gutter={[24, 12]}>
          {cards.map((name) => (
            <Col key={name} flex="1 1 150px">
              <Statistic
                title={t(figureLabel(name, screen.orderType))}
                value={formatFigure(name, answer?.total[name])}
                suffix={isMoneyFigure(name) && answer?.total[name] != null ? <CurrencyCode /> : undefined}
                data-testid={`statistics-card-${name}`}
                valueStyle={{ fontVariantNumeric: 'tabular-nums', fontSize: 20, whiteSpace: 'nowrap' }}
              />
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        size="small"
        title={t(answer?.groupBy === 'time' ? 'statistics.chart.trend' : 'statistics.chart.split')}
        extra={answer && <Typography.Text type="secondary">{t(`statistics.basis.${answer.basis}`)}</Typography.Text>}
      >
        <Suspense fallback={<Spin />}>{answer ? <StatisticsChart answer={answer} rowLabel={rowLabel} /> : <Spin />}</Suspense>
      </Card>
      <StatisticsTable answer={answer} loading={result.isFetching} orderType={screen.orderType} rowLabel={rowLabel} />
    </Space>
  );
}
