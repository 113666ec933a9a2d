/** The table columns of a list: one per field declared `list` (sortable ones sort on the server), then the row actions. */
import { getDefaultSortOrder, type CrudSort, type SortOrder } from '@refinedev/core';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../../resources/types';
import { cellTexts, FieldValue } from '../fields/FieldValue';
import { RowActions } from './RowActions';
import { ACTIONS_COLUMN } from './listSettings';

interface Options {
  declaration: ResourceDeclaration;
  identifier: string;
  fields: FieldDeclaration[];
  label: (f: FieldDeclaration) => string;
  routes: ResourceDeclaration['routes'];
  sorters: CrudSort[];
  t: TFunction;
  /** False when the role can take no action on any row: no empty Actions column then. */
  withActions: boolean;
}

/** Refine's asc/desc as antd's ascend/descend (null: the column is not sorted). */
const sortOrder = (order: SortOrder | undefined) => (order ? (`${order}end` as const) : null);

export function listColumns({ declaration, identifier, fields, label, routes, sorters, t, withActions }: Options): TableColumnType<Record<string, unknown>>[] {
  const columns: TableColumnType<Record<string, unknown>>[] = [
    ...fields
      .filter((f) => f.list)
      .map((f) => ({ f, title: label(f), texts: cellTexts(f, t) }))
      .map(({ f, title, texts }) => ({
        key: f.name,
        dataIndex: f.name,
        title,
        width: f.width,
        // Figures line up on the right (amounts, counts).
        align: f.type === 'money' || f.type === 'usdt' || f.type === 'number' ? ('right' as const) : undefined,
        // Sorted by the server (sortField/sortOrder), shown as the URL says after a reload.
        sorter: f.sortable ? true : undefined,
        sortOrder: f.sortable ? sortOrder(getDefaultSortOrder(f.name, sorters)) : undefined,
        // Labels worked out once for the column: a cell of a 500-row page has no translation or query hook of its own.
        render: (value: unknown) => <FieldValue field={f} value={value} label={title} cell texts={texts} />,
      })),
  ];
  if (!withActions) return columns;
  return [
    ...columns,
    {
      key: ACTIONS_COLUMN,
      title: t('table.actions'),
      fixed: 'right' as const,
      render: (_: unknown, record: Record<string, unknown>) => <RowActions declaration={declaration} identifier={identifier} record={record} routes={routes} />,
    },
  ];
}
