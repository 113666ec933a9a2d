/**
 * The order profile's chart (recharts, this chunk only): orders created and succeeded per bucket as
 * bars, the success rate as a line on its own axis.
 */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { Granularity, OrderProfile } from '../../../resources/order-profile';

interface Props {
  buckets: OrderProfile['buckets'];
  granularity: Granularity;
}

export default function ProfileChart({ buckets, granularity }: Props) {
  const { t } = useTranslation();
  // An hour reads as "03-10 14:00", a day as "2024-03-10".
  const label = (time: string) => (granularity === 'hour' ? time.slice(5, 16) : time.slice(0, 10));
  const data = buckets.map((b) => ({ ...b, time: label(b.time), rate: b.successRate === null ? null : Math.round(b.successRate * 10_000) / 100 }));
  return (
    <div style={{ width: '100%', height: 340 }} data-testid="order-profile-chart">
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="time" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="count" dataKey="created" name={t('orderProfile.created')} fill="#91caff" isAnimationActive={false} />
          <Bar yAxisId="count" dataKey="succeeded" name={t('orderProfile.succeeded')} fill="#52c41a" isAnimationActive={false} />
          <Line yAxisId="rate" dataKey="rate" name={t('orderProfile.successRate')} stroke="#fa8c16" unit="%" connectNulls dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
