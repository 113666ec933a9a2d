/** The monitors and their resource labels (status, exception info, counts, last exception, last seen), refreshed every 10 s. */
import { Button, Card, Empty, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { monitorLogApi } from '../../../resources/monitor-logs/api';
import { MONITOR_FIELDS, type MonitorRow } from '../../../resources/monitors';
import type { FieldDeclaration } from '../../../resources/types';
import { FieldValue } from '../../components/fields/FieldValue';
import { get } from '../../providers/http';

/** Statuses change when monitors report (every few seconds) or go silent: the panel follows. */
const REFRESH_MS = 10_000;
/** Exception texts can be long: a cell shows the start, the tooltip the rest. */
const TEXT_WIDTH = 240;
const AT: FieldDeclaration = { name: 'lastExceptionAt', type: 'datetime' };

export function MonitorsPanel() {
  const { t } = useTranslation();
  const monitors = useQuery({ queryKey: ['monitorLog', 'monitors'], queryFn: () => get<{ list: MonitorRow[] }>(monitorLogApi.monitors), refetchInterval: REFRESH_MS });
  const label = (name: string) => t(`monitorLogs.monitors.${name}`);

  const cell = (field: FieldDeclaration, row: MonitorRow) => {
    const value = row[field.name as keyof MonitorRow];
    if (field.name === 'status' && value === null) return <Typography.Text type="secondary">{label('neverReported')}</Typography.Text>;
    if (field.name === 'exceptionInfo' || field.name === 'lastException') {
      return (
        <div style={{ maxWidth: TEXT_WIDTH }}>
          {field.name === 'lastException' && row.lastExceptionAt && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              <FieldValue field={AT} value={row.lastExceptionAt} />
            </Typography.Text>
          )}
          {value ? <Typography.Text ellipsis={{ tooltip: String(value) }}>{String(value)}</Typography.Text> : <Typography.Text type="secondary">-</Typography.Text>}
        </div>
      );
    }
    return <FieldValue field={field} value={value} label={label(field.name)} />;
  };

  return (
    <Card
      size="small"
      title={label('title')}
      style={{ marginBottom: 16 }}
      extra={<Button size="small" type="text" icon={<ReloadOutlined />} loading={monitors.isFetching} onClick={() => void monitors.refetch()} aria-label={label('refresh')} />}
    >
      <Table<MonitorRow>
        data-testid="monitors"
        rowKey="id"
        size="small"
        loading={monitors.isLoading}
        dataSource={monitors.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={label('empty')} /> }}
        columns={MONITOR_FIELDS.map((field) => ({
          key: field.name,
          title: label(field.name),
          align: field.type === 'number' ? ('right' as const) : undefined,
          render: (_: unknown, row: MonitorRow) => cell(field, row),
        }))}
      />
    </Card>
  );
}
