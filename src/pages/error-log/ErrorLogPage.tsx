/**
 * The error log (spec section 8): errors caught in this browser, newest first, with time, type,
 * message and URL, and whether the server stored them. Opening it marks every entry read.
 * Custom screen: the entries live in the browser (they are kept even when saving failed).
 */
import { useEffect } from 'react';
import { Button, Card, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleTwoTone, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { TIME_FORMAT } from '../../../providers/conventions';
import { clearErrors, markAllSeen, useErrorLog, type ErrorEntry, type ErrorType } from '../../shell/error-log/store';

const COLORS: Record<ErrorType, string> = { error: 'red', rejection: 'volcano', render: 'magenta', request: 'orange', chunk: 'gold' };

export default function ErrorLogPage() {
  const { t } = useTranslation();
  const { entries, unread } = useErrorLog();
  useEffect(() => markAllSeen(), [unread]);
  return (
    <Card
      title={t('errorLog.title')}
      extra={
        <Popconfirm title={t('errorLog.clearConfirm')} onConfirm={clearErrors} okText={t('shell.ok')} cancelText={t('shell.cancel')}>
          <Button disabled={!entries.length}>{t('errorLog.clear')}</Button>
        </Popconfirm>
      }
    >
      <Table<ErrorEntry>
        data-testid="error-log-table"
        rowKey="id"
        size="middle"
        dataSource={entries}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('errorLog.time'), dataIndex: 'time', width: 180, render: (time: number) => dayjs(time).format(TIME_FORMAT) },
          { title: t('errorLog.type'), dataIndex: 'type', width: 130, render: (type: ErrorType) => <Tag color={COLORS[type]}>{t(`errorLog.types.${type}`)}</Tag> },
          {
            title: t('errorLog.message'),
            dataIndex: 'message',
            render: (message: string, row) => (
              <Tooltip title={row.stack ? <pre style={{ margin: 0, maxHeight: 300, overflow: 'auto', fontSize: 11 }}>{row.stack}</pre> : undefined} styles={{ root: { maxWidth: 640 } }}>
                <Typography.Text style={{ wordBreak: 'break-word' }}>{message}</Typography.Text>
              </Tooltip>
            ),
          },
          { title: t('errorLog.url'), dataIndex: 'url', width: 260, ellipsis: true },
          {
            title: t('errorLog.saved'),
            dataIndex: 'saved',
            width: 90,
            align: 'center',
            render: (saved: boolean) => (saved ? <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('errorLog.savedYes')} /> : <ClockCircleOutlined aria-label={t('errorLog.savedNo')} />),
          },
        ]}
      />
    </Card>
  );
}
