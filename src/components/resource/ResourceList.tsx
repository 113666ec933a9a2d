/** The generic list screen: filters, table with typed columns, row actions, paging. */
import { useMemo } from 'react';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { useResourceParams } from '@refinedev/core';
import { Card, Table } from 'antd';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import type { FieldDeclaration } from '../../../resources/types';
import { rangeKeys } from '../../../resources/common/list-query';
import { FieldValue } from '../fields/FieldValue';
import { FilterForm } from './FilterForm';
import { RowActions } from './RowActions';
import { fieldsFor, useDeclaration, useLabels } from './useDeclaration';

/** Form values -> Refine filters; a range becomes its start and end (startTime/endTime unless renamed). */
export function toFilters(fields: FieldDeclaration[], values: Record<string, unknown>): CrudFilter[] {
  return fields.flatMap((f): CrudFilter[] => {
    const key = f.filterName ?? f.name;
    const value = values[key];
    if (f.filter === 'range') {
      const [start, end] = (value as unknown[] | undefined) ?? [];
      const [startKey, endKey] = rangeKeys(f);
      return [
        { field: startKey, operator: 'gte', value: start ?? null },
        { field: endKey, operator: 'lte', value: end ?? null },
      ];
    }
    return [{ field: key, operator: 'eq', value: value ?? null }];
  });
}

export default function ResourceList() {
  const { t } = useTranslation();
  const { declaration, identifier } = useDeclaration();
  const { resource } = useResourceParams();
  const labels = useLabels(declaration);
  const ability = useAbility<AppAbility>();
  const fields = fieldsFor(declaration, identifier);
  const filterFields = fields.filter((f) => f.filter);

  const { tableProps, searchFormProps } = useTable({
    resource: identifier,
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    filters: { mode: 'server' },
    onSearch: (values) => toFilters(filterFields, values as Record<string, unknown>),
  });

  const routes = { list: resource?.list as string, show: resource?.show as string, edit: resource?.edit as string };
  const columns = useMemo(
    () => [
      ...fields
        .filter((f) => f.list)
        .map((f) => ({ key: f.name, dataIndex: f.name, title: labels.field(f), width: f.width, align: f.type === 'money' || f.type === 'usdt' ? ('right' as const) : undefined, render: (value: unknown) => <FieldValue field={f} value={value} label={labels.field(f)} /> })),
      {
        key: 'actions',
        title: t('table.actions'),
        fixed: 'right' as const,
        render: (_: unknown, record: Record<string, unknown>) => <RowActions declaration={declaration} identifier={identifier} record={record} routes={routes} />,
      },
    ],
    [declaration, identifier, t],
  );

  return (
    <List breadcrumb={false} title={labels.title(identifier)} canCreate={Boolean(resource?.create) && ability.can('create', identifier)}>
      {filterFields.length > 0 && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <FilterForm fields={filterFields} formProps={searchFormProps} label={labels.field} />
        </Card>
      )}
      <Table
        {...tableProps}
        rowKey="id"
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      />
    </List>
  );
}
