/** The filter bar of a statistics screen: period (with quick ranges), the screen's filters and its split. */
import { Card, DatePicker, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../../components/fields/useOptions';
import { userApi } from '../../../resources/users/api';
import { CATALOGUE } from '../../../resources/products/catalogue';
import { ORDER_MARKS } from '../../../resources/orders/statuses';
import type { StatisticsScreen } from '../../../resources/statistics';
import type { Grouping } from '../../../resources/statistics/query';
import type { StatisticsParams } from './useStatisticsParams';

interface Props {
  screen: StatisticsScreen;
  params: StatisticsParams;
  onChange: (next: Partial<StatisticsParams>) => void;
  /** Splits the platform lets this caller see (ShowUserStatisticInfo). */
  groupings: readonly Grouping[];
}

export function StatisticsFilters({ screen, params, onChange, groupings }: Props) {
  const { t } = useTranslation();
  const merchants = useOptions(screen.filters.includes('merchant') ? { api: userApi.calls.userOptions, query: { role: 'merchant' } } : undefined);
  const suppliers = useOptions(screen.filters.includes('supplier') ? { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } } : undefined);
  const kind = screen.orderType === 1 ? 'collection' : 'payout';
  const products = CATALOGUE.filter((p) => p.kind === kind).map((p) => ({ value: p.id, label: `${p.id} ${t(`products.names.${p.id}`)}` }));
  const marks = ORDER_MARKS.filter((m) => m.code !== 'test').map((m) => ({ value: m.id, label: t(`orders.marks.${m.code}`) }));
  const today = dayjs();
  const presets = [
    { label: t('statistics.presets.today'), value: [today.startOf('day'), today.endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('statistics.presets.yesterday'), value: [today.subtract(1, 'day').startOf('day'), today.subtract(1, 'day').endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('statistics.presets.last7'), value: [today.subtract(6, 'day').startOf('day'), today.endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('statistics.presets.last30'), value: [today.subtract(29, 'day').startOf('day'), today.endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
    { label: t('statistics.presets.thisMonth'), value: [today.startOf('month'), today.endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
  ];
  const select = (name: 'merchantUserId' | 'supplierUserId' | 'productId' | 'orderMark', label: string, options: { value: string | number; label: string }[]) => (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 180 }}
      placeholder={label}
      aria-label={label}
      data-testid={`statistics-filter-${name}`}
      value={params[name]}
      options={options}
      onChange={(value) => onChange({ [name]: value === undefined ? undefined : Number(value) })}
    />
  );
  return (
    <Card size="small">
      <Space wrap size={[12, 12]}>
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          presets={presets}
          aria-label={t('statistics.period')}
          data-testid="statistics-period"
          value={params.range}
          onChange={(values) => values?.[0] && values[1] && onChange({ range: [values[0], values[1]] })}
        />
        {screen.filters.includes('merchant') && select('merchantUserId', t('statistics.filters.merchant'), merchants)}
        {screen.filters.includes('supplier') && select('supplierUserId', t('statistics.filters.supplier'), suppliers)}
        {screen.filters.includes('product') && select('productId', t('statistics.filters.product'), products)}
        {screen.filters.includes('mark') && select('orderMark', t('statistics.filters.mark'), marks)}
        {groupings.length > 1 && (
          <Segmented<Grouping>
            data-testid="statistics-grouping"
            value={params.groupBy}
            options={groupings.map((g) => ({ value: g, label: t(`statistics.groupings.${g}`) }))}
            onChange={(groupBy) => onChange({ groupBy })}
          />
        )}
        <Typography.Text type="secondary">{t('statistics.testExcluded')}</Typography.Text>
      </Space>
    </Card>
  );
}
