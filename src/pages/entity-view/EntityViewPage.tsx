/**
 * Entity data view: pick an allow-listed table, page through its rows, one column per allowed
 * column (the server decides which; secret columns never arrive). Custom because the columns depend
 * on the table picked. Table and page live in the URL, so a view can be shared and reloaded.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { ENTITY_TABLES, entityViewApi, type EntityRows, type EntityTable } from '../../../resources/entity-view';

const PAGE_SIZE = 20;

/** A stored value as text: objects as JSON, nothing as a dash. */
const show = (value: unknown): string => (value === null || value === undefined ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export default function EntityViewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('table') as EntityTable | null;
  const table: EntityTable = asked && ENTITY_TABLES.includes(asked) ? asked : 'users';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isFetching } = useQuery({
    queryKey: ['entityView', table, page],
    queryFn: () => get<EntityRows>(entityViewApi.rows, { table, pageIndex: page, pageSize: PAGE_SIZE }),
  });

  return (
    <Card title={t('resources.entityView')}>
      <Typography.Paragraph type="secondary">{t('entityView.help')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <span>{t('entityView.table')}</span>
        <Select
          aria-label={t('entityView.table')}
          data-testid="entity-table"
          style={{ width: 280 }}
          showSearch
          optionFilterProp="label"
          value={table}
          options={ENTITY_TABLES.map((name) => ({ value: name, label: t(`entityView.tables.${name}`) }))}
          onChange={(name) => setParams({ table: name })}
        />
      </Space>
      <Table<Record<string, unknown>>
        data-testid="entity-rows"
        size="small"
        rowKey={(_, i) => String(i)}
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        columns={(data?.columns ?? []).map((c) => ({ key: c, dataIndex: c, title: c, ellipsis: true, render: (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{show(v)}</span> }))}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('entityView.total', { total }),
          onChange: (p) => setParams({ table, page: String(p) }),
        }}
      />
    </Card>
  );
}
