/** The statistics table: one row per group, the figures the caller may see, and a totals row. */
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatisticsAnswer, StatisticsFigures, StatisticsRow } from '../../../resources/statistics/query';
import { FIGURES, figureLabel, formatFigure, isMoneyFigure } from './figures';
import { Money } from '../../components/fields/Money';

interface Props {
  answer: StatisticsAnswer | undefined;
  loading: boolean;
  orderType: number;
  rowLabel: (row: StatisticsRow) => string;
}

export function StatisticsTable({ answer, loading, orderType, rowLabel }: Props) {
  const { t } = useTranslation();
  // A figure the server withholds from this caller (null in the totals) gets no column.
  const shown = FIGURES.filter((f) => !answer || answer.total[f] !== null || f === 'successRate');
  const cell = (name: keyof StatisticsFigures, value: number | null) =>
    isMoneyFigure(name) ? <Money minor={value} /> : <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatFigure(name, value)}</span>;
  const columns: TableColumnsType<StatisticsRow> = [
    { key: 'group', title: t(`statistics.groupings.${answer?.groupBy ?? 'time'}`), render: (_, row) => rowLabel(row), fixed: 'left' },
    ...shown.map((name) => ({ key: name, dataIndex: name, title: t(figureLabel(name, orderType)), align: 'right' as const, render: (value: number | null) => cell(name, value) })),
  ];
  return (
    <Table<StatisticsRow>
      data-testid="statistics-table"
      size="small"
      rowKey={(row) => String(row.key)}
      loading={loading}
      columns={columns}
      dataSource={answer?.rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content', y: 480 }}
      // As the other tables say it: antd's bare placeholder text is too faint to read (contrast 1.8:1).
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.empty')} /> }}
      summary={() =>
        answer && answer.rows.length > 0 ? (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="statistics-total">
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('statistics.total')}</Typography.Text>
              </Table.Summary.Cell>
              {shown.map((name, i) => (
                <Table.Summary.Cell key={name} index={i + 1} align="right">
                  <Typography.Text strong data-testid={`statistics-total-${name}`}>
                    {cell(name, answer.total[name])}
                  </Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
