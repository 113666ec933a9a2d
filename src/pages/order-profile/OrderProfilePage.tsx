/**
 * /order/profile (superAdmin): collection-order performance per hour or per day: summary figures of
 * the period and a chart. Custom because it is a chart, not a list; the chart library is its own
 * lazy chunk (ProfileChart), loaded only here and never with the login page.
 */
import { lazy, Suspense, useState } from 'react';
import { Card, Col, DatePicker, Row, Segmented, Space, Spin, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { TIME_FORMAT } from '../../providers/conventions';
import { orderApi } from '../../../resources/orders/api';
import { GRANULARITIES, type Granularity, type OrderProfile } from '../../../resources/order-profile';

const ProfileChart = lazy(() => import('./ProfileChart'));

/** The default period of a granularity: the last day by hour, the last week by day. */
const defaultRange = (granularity: Granularity): [Dayjs, Dayjs] => {
  const end = dayjs().endOf(granularity);
  return [granularity === 'hour' ? end.subtract(1, 'day').startOf('hour') : end.subtract(6, 'day').startOf('day'), end];
};

export default function OrderProfilePage() {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange('day'));
  const query = { startTime: range[0].format(TIME_FORMAT), endTime: range[1].format(TIME_FORMAT), granularity };
  const profile = useQuery({ queryKey: ['orderProfile', query], queryFn: () => get<OrderProfile>(orderApi.profile, query) });
  const summary = profile.data?.summary;
  const seconds = summary?.avgSuccessSeconds;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="order-profile">
      <Card size="small">
        <Space wrap>
          <Segmented<Granularity>
            value={granularity}
            options={GRANULARITIES.map((g) => ({ value: g, label: t(`orderProfile.granularity.${g}`) }))}
            onChange={(g) => (setGranularity(g), setRange(defaultRange(g)))}
          />
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            aria-label={t('orderProfile.period')}
            value={range}
            onChange={(values) => values?.[0] && values[1] && setRange([values[0], values[1]])}
          />
          <Typography.Text type="secondary">{t('orderProfile.testExcluded')}</Typography.Text>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        {[
          ['created', summary?.created ?? '-'],
          ['succeeded', summary?.succeeded ?? '-'],
          ['successRate', summary?.successRate === null || summary?.successRate === undefined ? '-' : `${(summary.successRate * 100).toFixed(2)}%`],
          ['avgSuccess', seconds === null || seconds === undefined ? '-' : t('orderProfile.seconds', { value: seconds })],
        ].map(([key, value]) => (
          <Col key={key} xs={12} md={6}>
            <Card size="small" loading={profile.isLoading}>
              <Statistic title={t(`orderProfile.${key}`)} value={value} data-testid={`profile-${key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('orderProfile.chart')}>
        <Suspense fallback={<Spin />}>{profile.data ? <ProfileChart buckets={profile.data.buckets} granularity={granularity} /> : <Spin />}</Suspense>
      </Card>
    </Space>
  );
}
