/** Columns shared by the browser's error log and the server's error records. */
import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { TIME_FORMAT } from '../../providers/conventions';
import type { ErrorType } from '../../common/error-log/store';

const COLORS: Record<string, string> = { error: 'red', rejection: 'volcano', render: 'magenta', request: 'orange', chunk: 'gold' } satisfies Record<ErrorType, string>;

export interface LogRow {
  type: string;
  message: string;
  url: string | null;
  stack?: string | null;
}

export function errorColumns<T extends LogRow>(t: TFunction, timeField: string): TableColumnsType<T> {
  return [
    { title: t('errorLog.time'), dataIndex: timeField, width: 180, render: (time: number | string) => dayjs(time).format(TIME_FORMAT) },
    { title: t('errorLog.type'), dataIndex: 'type', width: 150, render: (type: string) => <Tag color={COLORS[type]}>{t(`errorLog.types.${type}`)}</Tag> },
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
  ];
}
