/** The monitors and their resource labels (status, exception info, counts, last exception, last seen), refreshed every 10 s. */
import { Button, Card, Empty, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { monitorLogApi } from '../../../resources/monitor-logs/api';
import { MONITOR_FIELDS, type MonitorRow } from '../../../resources/monitors';
import { FieldValue } from '../../components/fields/FieldValue';
import { get } from '../../providers/http';

/** Statuses change when monitors report (every few seconds) or go silent: the panel follows. */
const REFRESH_MS = 10_000;

export function MonitorsPanel() {
  const { t } = useTranslation();
  const monitors = useQuery({ queryKey: ['monitorLog', 'monitors'], queryFn: () => get<{ list: MonitorRow[] }>(monitorLogApi.monitors), refetchInterval: REFRESH_MS });
  const label = (name: string) => t(`monitorLogs.monitors.${name}`);

  return (
    <Card
      title={t('monitorLogs.tabs.monitors')}
      extra={<Button icon={<ReloadOutlined />} loading={monitors.isFetching} onClick={() => void monitors.refetch()} aria-label={label('refresh')} />}
    >
      <Table<MonitorRow>
        data-testid="monitors"
        rowKey="id"
        size="middle"
        loading={monitors.isLoading}
        dataSource={monitors.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={label('empty')} /> }}
        columns={MONITOR_FIELDS.map((field) => ({
          key: field.name,
          dataIndex: field.name,
          title: label(field.name),
          align: field.type === 'number' ? ('right' as const) : undefined,
          render: (value: unknown) =>
            field.name === 'status' && value === null ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>{label('neverReported')}</span> : <FieldValue field={field} value={value} label={label(field.name)} />,
        }))}
      />
    </Card>
  );
}
