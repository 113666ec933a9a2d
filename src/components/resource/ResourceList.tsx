/**
 * The generic list screen: filters, table with typed columns, row actions, paging and export. The
 * filters, sort and page live in the URL (Refine's syncWithLocation), so a reload or a shared link
 * shows the same list; the form is filled back from the URL (listFilters.ts).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useResourceParams } from '@refinedev/core';
import { Button, Empty, Table } from 'antd';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { ExportButton } from './ExportButton';
import { FilterForm } from './FilterForm';
import { listColumns } from './listColumns';
import { listHasRowActions } from './RowActions';
import { RowToolsProvider } from './rowTools';
import { ListSettingsButton, useListSettings } from './ListSettings';
import { ACTIONS_COLUMN, visibleColumns } from './listSettings';
import { anyValue, formFilters, toFilters, toFormValues } from './listFilters';
import { fieldsFor, useDeclaration, useLabels } from './useDeclaration';
import { PageTitle } from './PageTitle';
import { CreateButton, ListPage } from './ListPage';
import { useListTable } from './useListTable';
import { LIST_FIELDS } from '../../providers/data';
import { bigPageLayout, isBigPage } from './bigPage';
import { useContentScroll } from '../../common/contentScroll';
import { FilterPanel } from './FilterPanel';
import { refusalText } from './refusal';

/**
 * `extraButtons`: a custom screen's own header buttons (the payout batches' New batch), shown before the defaults.
 * `aboveFilters`: a custom screen's own panel between the title and the filters (the monitor log's monitors).
 */
export default function ResourceList({ extraButtons, aboveFilters }: { extraButtons?: ReactNode; aboveFilters?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { declaration, identifier } = useDeclaration();
  const { resource } = useResourceParams();
  const labels = useLabels(declaration);
  const ability = useAbility<AppAbility>();
  const fields = fieldsFor(declaration, identifier);
  const filterFields = fields.filter((f) => f.filter);
  // Every list call (and the export) sends its filters as these fields declare (src/providers/data.ts).
  const listMeta = useMemo(() => ({ [LIST_FIELDS]: filterFields }), [declaration, identifier]);

  // A failed load names the list and why, in one line (list calls are sent silent); a cancelled prompt says nothing.
  const listFailed = declaration.listFailed ?? 'list.loadFailed';
  const loadRefused = (error?: unknown) => {
    const text = refusalText(listFailed, error, t);
    return text ? { type: 'error' as const, message: text } : false;
  };
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useListTable({
    resource: identifier,
    meta: listMeta,
    onSearch: (values) => toFilters(filterFields, values),
    errorNotification: loadRefused,
  });

  // The URL's filters back into the inputs (time ranges, switches, numbers), once on arrival.
  const initialValues = useMemo(() => toFormValues(filterFields, filters), []);
  useEffect(() => {
    searchFormProps.form?.setFieldsValue(initialValues);
  }, [searchFormProps.form, initialValues]);

  const routes = { list: resource?.list as string, show: resource?.show as string, edit: resource?.edit as string };
  const columns = useMemo(
    () => listColumns({ declaration, identifier, fields, label: labels.field, routes, sorters, t, withActions: listHasRowActions(ability, declaration, identifier, routes) }),
    [declaration, identifier, sorters, t, ability],
  );
  // The operator's own columns and density for this screen (remembered per user).
  const [settings, setSettings] = useListSettings(identifier);
  const scroller = useContentScroll();
  const choosable = columns.filter((c) => c.key !== ACTIONS_COLUMN).map((c) => ({ key: String(c.key), title: String(c.title) }));
  const filtered = filters.some((f) => 'field' in f && f.value !== null && f.value !== undefined && f.value !== '');
  const totalCapped = Boolean((tableQuery.data as { totalCapped?: boolean } | undefined)?.totalCapped);
  const shownColumns = visibleColumns(columns, settings);
  // A page of hundreds of rows draws only those in view (./bigPage.ts).
  const big = isBigPage(tableProps.dataSource);
  const canExport = Boolean(declaration.api.export) && ability.can('export', identifier);

  return (
    <RowToolsProvider>
      <ListPage
        title={<PageTitle text={labels.title(identifier)} />}
        buttons={
          <>
            {extraButtons}
            {canExport && <ExportButton api={declaration.api} filters={filters} sorters={sorters} meta={{ ...resource?.meta, ...listMeta }} />}
            {Boolean(resource?.create) && ability.can('create', identifier) && <CreateButton resource={identifier} />}
            <ListSettingsButton columns={choosable} settings={settings} onChange={setSettings} />
          </>
        }
      >
        {aboveFilters}
        {filterFields.length > 0 && (
          <FilterPanel>
            <FilterForm
              fields={filterFields}
              formProps={searchFormProps}
              label={labels.field}
              initiallyOpen={anyValue(
                formFilters(filterFields).filter((f) => !f.primaryFilter),
                initialValues,
              )}
            />
          </FilterPanel>
        )}
        {/* Busy while rows are being read for what the list shows now (first load, another page or
            filter), not while it refreshes the rows it shows: assistive technology, and the screen
            walk of the tests, learn when the rows are in. */}
        <div aria-busy={tableQuery.isLoading || tableQuery.isPlaceholderData}>
          <Table
            {...tableProps}
            data-testid="resource-table"
            rowKey="id"
            size={settings.density}
            {...(big
              ? { virtual: true, ...bigPageLayout(shownColumns, fields, window.innerHeight) }
              : // Wider than the screen: the header row and the sideways scrollbar stay in sight while the rows scroll.
                { columns: shownColumns, scroll: { x: 'max-content' as const }, sticky: { getContainer: scroller } })}
            locale={{
              // A failed load is not an empty list: it says which list failed and offers to try again (the notification says why).
              emptyText: tableQuery.isError ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(listFailed)} data-testid="list-load-failed">
                  <Button onClick={() => void tableQuery.refetch()}>{t('list.retry')}</Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.empty' : 'common.empty')} />
              ),
            }}
            pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t(totalCapped ? 'list.totalCapped' : 'common.total', { total }) }}
          />
        </div>
      </ListPage>
    </RowToolsProvider>
  );
}
