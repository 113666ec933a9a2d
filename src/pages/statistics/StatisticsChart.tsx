/**
 * The statistics chart (recharts, this lazy chunk only): a trend over time (success amount as
 * bars, orders created and succeeded as lines on their own axis), or the split by product,
 * merchant or supplier as horizontal bars of success amount, biggest first.
 */
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../../providers/money';
import type { StatisticsAnswer, StatisticsRow } from '../../../resources/statistics/query';
import { figureLabel, formatCount } from './figures';

interface Props {
  answer: StatisticsAnswer;
  rowLabel: (row: StatisticsRow) => string;
  height?: number;
}

/** Axis ticks of minor units in major units, short: 1,234,567.00 -> 12.3K. */
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const majorTick = (minor: number) => compact.format(minor / 100);

export default function StatisticsChart({ answer, rowLabel, height = 320 }: Props) {
  const { t } = useTranslation();
  const label = (name: 'created' | 'succeeded' | 'successAmount') => t(figureLabel(name, answer.orderType));
  const data = answer.rows.map((row) => ({ ...row, name: rowLabel(row) }));
  const tooltip = <Tooltip formatter={(value, _name, item) => (item.dataKey === 'successAmount' ? formatMinor(Number(value)) : formatCount(Number(value)))} />;
  if (answer.groupBy === 'time') {
    return (
      <div style={{ width: '100%', height }} data-testid="statistics-chart">
        <ResponsiveContainer>
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis yAxisId="amount" tickFormatter={majorTick} tick={{ fontSize: 12 }} />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
            {tooltip}
            <Legend />
            <Bar yAxisId="amount" dataKey="successAmount" name={label('successAmount')} fill="#69b1ff" maxBarSize={56} isAnimationActive={false} />
            <Line yAxisId="count" dataKey="created" name={label('created')} stroke="#8c8c8c" dot={false} isAnimationActive={false} />
            <Line yAxisId="count" dataKey="succeeded" name={label('succeeded')} stroke="#52c41a" dot={false} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    );
  }
  // A split: the 15 biggest groups by success amount (the table lists them all).
  const top = data.slice(0, 15);
  return (
    <div style={{ width: '100%', height: Math.max(160, top.length * 36 + 60) }} data-testid="statistics-chart">
      <ResponsiveContainer>
        <BarChart data={top} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={majorTick} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="name" width={160} tick={{ fontSize: 12 }} />
          {tooltip}
          <Legend />
          <Bar dataKey="successAmount" name={label('successAmount')} fill="#69b1ff" maxBarSize={28} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
