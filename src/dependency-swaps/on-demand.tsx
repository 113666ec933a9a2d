/**
 * What the build makes antd load on demand (scripts/dependency-swaps.ts): a Select's option list,
 * drawn only in its open dropdown, and the virtual table, drawn only for pages of more than 100
 * rows (both bring rc-virtual-list); a table's selection checkboxes and radios, drawn only where rows
 * can be selected; a column's filter dropdown, drawn only for a column that declares filters (none
 * does). The shell fetches all but the last once it is idle, so that none waits for the network
 * when first drawn. As for an input from its own chunk (LazyInput): its place is held
 * while it loads, a download that fails or hangs is told there with a retry, never over the whole
 * screen, and the next one to be drawn asks for it again.
 */
import type { ComponentType, ReactNode, Ref } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPart, type LazyPart } from '../common/lazy/lazyPart';
import { LazyInput, LazyPartView } from '../components/fields/LazyInput';

/**
 * How a part holds its place: as an input (a box of an input's height, a failure told in an input
 * with a retry) or as a small mark in a table cell or header (a checkbox's room, a retry link), with
 * what it draws meanwhile (a column filter's title).
 */
type Shape = 'input' | { fallback: (props: { children?: ReactNode }) => ReactNode };

function RetryLink({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" onClick={onRetry} title={t('common.inputLoadFailed')}>
      {t('common.retry')}
    </Button>
  );
}

const retryLink = (retry: () => void) => <RetryLink onRetry={retry} />;

/** A dependency's component from its own chunk. The props pass on whole, a ref among them (React 19). */
export function onDemand<Props extends object>(part: LazyPart<Props>, shape: Shape = 'input'): ComponentType<Props & { ref?: Ref<unknown> }> {
  if (shape === 'input') return (props) => <LazyInput part={part} {...(props as Props)} />;
  return (props) => <LazyPartView part={part} props={props as Props} fallback={shape.fallback(props as { children?: ReactNode })} failure={retryLink} />;
}

/** A checkbox's or a radio's room while it loads. */
const MARK = { fallback: () => <span aria-busy="true" style={{ display: 'inline-block', width: 16, height: 16, verticalAlign: 'middle' }} /> };
/** A column's title stays while its filter loads. */
const TITLE = { fallback: ({ children }: { children?: ReactNode }) => children };

const optionList = lazyPart<object>(() => import('rc-select/es/OptionList'));
const virtualTable = lazyPart<object>(() => import('antd/es/table/RcTable/VirtualTable'));
const checkbox = lazyPart<object>(() => import('antd/es/checkbox'));
const radio = lazyPart<object>(() => import('antd/es/radio'));
// Its props are the table's, passed on whole.
const filterDropdown = lazyPart<object>(() => import('antd/es/table/hooks/useFilter/FilterDropdown') as Promise<{ default: ComponentType<object> }>);

/** @public Imported by rc-select's Select as the build edits it (scripts/dependency-swaps.ts). */
export const OnDemandOptionList = onDemand(optionList);
/** @public Imported by antd's table as the build edits it (scripts/dependency-swaps.ts). */
export const OnDemandVirtualTable = onDemand(virtualTable);
/** @public Imported by antd's table selection as the build edits it (scripts/dependency-swaps.ts). */
export const OnDemandCheckbox = onDemand(checkbox, MARK);
/** @public As OnDemandCheckbox. */
export const OnDemandRadio = onDemand(radio, MARK);
/** @public Imported by antd's table column filters as the build edits it (scripts/dependency-swaps.ts). */
export const OnDemandFilterDropdown = onDemand(filterDropdown, TITLE);

/** Fetches those the admin draws; one that fails is fetched again when first drawn. */
export function prefetchOnDemand(): Promise<unknown> {
  return Promise.allSettled([optionList, virtualTable, checkbox, radio].map((part) => part.load().catch(() => part.retry())));
}
