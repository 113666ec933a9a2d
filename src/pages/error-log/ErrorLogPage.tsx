/**
 * The error log. "This browser": errors caught here, newest first, with time, type,
 * message and URL, and whether the server stored them (kept even when saving failed); opening it
 * marks every entry read. "Server records": what the server stored, the user's own or everyone's for
 * superAdmin. Custom screen: the first list lives in the browser. The tab is in the URL (?tab=).
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Popconfirm, Table, Tabs } from 'antd';
import { CheckCircleTwoTone, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { clearErrors, markAllSeen, type ErrorEntry } from '../../common/error-log/store';
import { useErrorLog } from '../../common/error-log/useErrorLog';
import { errorColumns } from './columns';
import { ServerErrorLog } from './ServerErrorLog';

type TabKey = 'local' | 'server';

export default function ErrorLogPage() {
  const { t } = useTranslation();
  const { entries, unread } = useErrorLog();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'server' ? 'server' : 'local';
  useEffect(() => markAllSeen(), [unread]);

  const local = (
    <Table<ErrorEntry>
      data-testid="error-log-table"
      rowKey="id"
      size="middle"
      dataSource={entries}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 900 }}
      columns={[
        ...errorColumns<ErrorEntry>(t, 'time'),
        {
          title: t('errorLog.saved'),
          dataIndex: 'saved',
          width: 90,
          align: 'center',
          render: (saved: boolean) => (saved ? <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('errorLog.savedYes')} /> : <ClockCircleOutlined aria-label={t('errorLog.savedNo')} />),
        },
      ]}
    />
  );

  return (
    <Card
      title={t('errorLog.title')}
      extra={
        tab === 'local' && (
          <Popconfirm title={t('errorLog.clearConfirm')} onConfirm={clearErrors} okText={t('shell.ok')} cancelText={t('shell.cancel')}>
            <Button disabled={!entries.length}>{t('errorLog.clear')}</Button>
          </Popconfirm>
        )
      }
    >
      <Tabs
        activeKey={tab}
        // A view of the same page: its tag follows (replace) instead of a second "Error log" tag.
        onChange={(key) => setParams(key === 'server' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'local', label: <span data-testid="error-log-tab-local">{t('errorLog.tabs.local')}</span>, children: local },
          // Mounted only when picked: the server list is fetched when someone looks at it.
          { key: 'server', label: <span data-testid="error-log-tab-server">{t('errorLog.tabs.server')}</span>, children: tab === 'server' && <ServerErrorLog /> },
        ]}
      />
    </Card>
  );
}
