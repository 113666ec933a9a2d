/**
 * A list's table and search form over Refine's useTable, as @refinedev/antd's useTable binds them
 * to antd (the same paging with its links, server sorting, search): that package's one module
 * would bring its page header (@ant-design/pro-layout) onto every list.
 */
import { Children, Fragment, useDeferredValue, type ReactNode } from 'react';
import { Form, Grid, type FormProps, type TablePaginationConfig, type TableProps } from 'antd';
import { useLink, useLiveMode, useTable, type BaseRecord, type CrudFilter, type CrudSort } from '@refinedev/core';
import { useLiveRefresh } from './useLiveRefresh';

interface Options {
  resource: string;
  /** The search form's values -> the list's filters (page 1 again). */
  onSearch: (values: Record<string, unknown>) => CrudFilter[];
  /** Sent with every list call beside the resource's own meta (the declared fields its filters follow). */
  meta?: Record<string, unknown>;
  /** What a failed load says (Refine's notification), instead of Refine's own words. */
  errorNotification?: NonNullable<Parameters<typeof useTable>[0]>['errorNotification'];
}

/** A page of the pager as a link to that page's URL, so it opens in a new tab too; a click pages in place. */
function PageLink({ to, children }: { to: string; children: ReactNode }) {
  const Link = useLink();
  return (
    <Link to={to} replace={false} onClick={(e: React.MouseEvent) => e.preventDefault()}>
      {children}
    </Link>
  );
}

/** Up to the server's largest page; pages over 100 rows draw only the rows in view (./bigPage.ts). */
const PAGE_SIZES = [10, 20, 50, 100, 200, 500];

type Sorter = Parameters<NonNullable<TableProps<BaseRecord>['onChange']>>[2];

/** antd's sorter -> Refine's: the column's key (or field) and asc/desc; none when the sort is cleared. */
function toSorters(sorter: Sorter): CrudSort[] {
  return (Array.isArray(sorter) ? sorter : [sorter]).flatMap((s) => {
    if (!s.field || !s.order) return [];
    const field = Array.isArray(s.field) ? s.field.join('.') : String(s.field);
    return [{ field: String(s.columnKey ?? field), order: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) }];
  });
}

export function useListTable({ resource, onSearch, meta, errorNotification }: Options) {
  const table = useTable({ resource, meta, errorNotification, syncWithLocation: true, pagination: { pageSize: 20 }, filters: { mode: 'server' }, ...useLiveRefresh(resource) });
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, filters, setFilters, sorters, setSorters, createLinkForSyncWithLocation } = table;
  const [form] = Form.useForm();
  const small = !Grid.useBreakpoint().sm;
  const liveMode = useLiveMode(undefined);
  const { data, isFetched, isLoading } = tableQuery;

  const onChange: TableProps<BaseRecord>['onChange'] = (pagination, _filters, sorter) => {
    if (sorter && Object.keys(sorter).length > 0) setSorters(toSorters(sorter));
    setCurrentPage(pagination.current || 1);
    setPageSize(pagination.pageSize || 10);
  };

  // Refine's link keeps the page of the current URL over the one asked for (it would make every
  // page's link point at the page shown): the page is set here.
  const linkTo = (page: number) => createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters }).replace(/([?&]currentPage=)\d+/, `$1${page}`);
  const itemRender: TablePaginationConfig['itemRender'] = (page, type, element) => {
    if (type === 'page') return <PageLink to={linkTo(page)}>{page}</PageLink>;
    if (type === 'next' || type === 'prev') return <PageLink to={linkTo(page)}>{element}</PageLink>;
    if (type === 'jump-next' || type === 'jump-prev') {
      const children = (element as React.ReactElement<{ children?: ReactNode }>)?.props?.children;
      return <PageLink to={linkTo(page)}>{Children.count(children) > 1 ? <Fragment>{children}</Fragment> : children}</PageLink>;
    }
    return element;
  };

  const searchFormProps: FormProps = {
    form,
    onFinish: (values) => {
      setFilters(onSearch(values as Record<string, unknown>));
      setCurrentPage(1);
    },
  };
  // New rows are drawn as a transition React can pause every few milliseconds: a page of 500 rows
  // drawn at once held the main thread for seconds. The table shows as loading meanwhile.
  const rows = useDeferredValue(data?.data);
  const tableProps: TableProps<BaseRecord> = {
    dataSource: rows,
    loading: (liveMode === 'auto' ? isLoading : !isFetched) || rows !== data?.data,
    onChange,
    pagination: { itemRender, pageSize, pageSizeOptions: PAGE_SIZES, current: currentPage, simple: small, position: small ? ['bottomCenter'] : ['bottomRight'], total: data?.total },
  };
  return { ...table, searchFormProps, tableProps };
}
