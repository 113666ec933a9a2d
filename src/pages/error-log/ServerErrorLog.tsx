/**
 * The error records the server stored (`GET /errorLog/getList`): the signed-in user's own, or
 * everyone's for superAdmin, with the account that hit them. Complements the browser's own log,
 * which also holds entries whose save failed.
 */
import { errorLogApi } from '../../../resources/error-logs/api';
import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { errorColumns, type LogRow } from './columns';

interface ServerRow extends LogRow {
  id: number;
  createdAt: string;
  account: string | null;
}

const PAGE_SIZE = 20;

export function ServerErrorLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['errorLogs', 'server', page],
    queryFn: () => get<{ list: ServerRow[]; total: number }>(errorLogApi.list, { pageIndex: page, pageSize: PAGE_SIZE }),
  });
  return (
    <Table<ServerRow>
      data-testid="server-error-log-table"
      rowKey="id"
      size="middle"
      loading={isFetching}
      dataSource={data?.list ?? []}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
      scroll={{ x: 900 }}
      columns={[...errorColumns<ServerRow>(t, 'createdAt'), { title: t('errorLog.account'), dataIndex: 'account', width: 130, render: (account: string | null) => account ?? '-' }]}
    />
  );
}
