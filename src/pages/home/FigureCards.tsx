/**
 * The dashboard's figures: yesterday, today and total (successful orders, success amount, success
 * rate, fees), and the balance statistics. Each card keeps its previous figures while refreshing.
 */
import { Card, Col, Row, Statistic } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { statisticsApi } from '../../../resources/statistics/api';
import type { DashboardFigures, TotalBalance } from '../../../resources/statistics/query';
import { formatFigure } from '../statistics/figures';
import { CurrencyCode } from '../../components/fields/Money';

const PERIODS = ['yesterday', 'today', 'total'] as const;
type PeriodName = (typeof PERIODS)[number];

/** Cards whose figure is an amount: they name the currency. */
const MONEY_CARDS: string[] = ['successAmount', 'totalFee'];

const numeric = { fontVariantNumeric: 'tabular-nums' as const, fontSize: 20 };

function PeriodCard({ period, refetchInterval }: { period: PeriodName; refetchInterval: number | false }) {
  const { t } = useTranslation();
  const figures = useQuery({ queryKey: ['home', period], queryFn: () => get<DashboardFigures>(statisticsApi[period]), refetchInterval, placeholderData: keepPreviousData });
  const data = figures.data;
  // The fee a caller is charged or earns: a supplier its commission, everyone else the merchant fees.
  const fee = data ? (data.merchantFee ?? data.supplierFee) : undefined;
  const items = [
    ['successCount', formatFigure('succeeded', data?.succeeded)],
    ['successAmount', formatFigure('successAmount', data?.successAmount)],
    ['successRate', formatFigure('successRate', data?.successRate)],
    ['totalFee', formatFigure('merchantFee', fee)],
  ] as const;
  return (
    <Card size="small" title={t(`home.periods.${period}`)} loading={!data && figures.isLoading} data-testid={`home-${period}`}>
      <Row gutter={[16, 16]}>
        {items.map(([key, value]) => (
          <Col key={key} xs={12}>
            <Statistic
              title={t(`home.figures.${key}`)}
              value={value}
              suffix={MONEY_CARDS.includes(key) && value !== '-' ? <CurrencyCode /> : undefined}
              valueStyle={numeric}
              data-testid={`home-${period}-${key}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

export function PeriodCards({ refetchInterval }: { refetchInterval: number | false }) {
  return (
    <Row gutter={[16, 16]}>
      {PERIODS.map((period) => (
        <Col key={period} xs={24} lg={8}>
          <PeriodCard period={period} refetchInterval={refetchInterval} />
        </Col>
      ))}
    </Row>
  );
}

export function BalanceCard({ refetchInterval }: { refetchInterval: number | false }) {
  const { t } = useTranslation();
  const balance = useQuery({ queryKey: ['home', 'balance'], queryFn: () => get<TotalBalance>(statisticsApi.totalBalance), refetchInterval, placeholderData: keepPreviousData });
  const items = (['merchantBalance', 'supplierBalance'] as const).filter((key) => balance.data?.[key] !== null);
  return (
    <Card size="small" title={t('home.balance.title')} loading={!balance.data && balance.isLoading} data-testid="home-balance">
      <Row gutter={[16, 16]}>
        {items.map((key) => (
          <Col key={key} xs={24} sm={12}>
            <Statistic title={t(`home.balance.${key}`)} value={formatFigure('successAmount', balance.data?.[key])} suffix={<CurrencyCode />} valueStyle={numeric} data-testid={`home-${key}`} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
