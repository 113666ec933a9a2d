/** Renders one value by its declared type: money /100, USDT /1e6, rates as per mille, times, enums. */
import { lazy, Suspense } from 'react';
import { Tag } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatMinor, formatRate } from '../../../providers/money';
import { TIME_FORMAT } from '../../providers/conventions';
import type { FieldDeclaration } from '../../../resources/types';
import type { ProductRate } from '../../../resources/user-products/schema';
import { fixedOptions, useOptions, type Option } from './useOptions';
import { JsonValue } from './JsonValue';
import { Money } from './Money';
import { EllipsisText } from './EllipsisText';
import { CopyText, copyLabels, LabelledCopyText, type CopyLabels } from './CopyText';
import { THEME } from '../../theme';

/** antd's Image brings its previewer (9 kB gzip to every list) and no declared field is an image yet: fetched when one shows. */
const Image = lazy(() => import('./LazyImage'));

/** An empty value, one element for every empty cell of a page. */
const EMPTY = <span style={{ color: THEME.token?.colorTextDescription }}>-</span>;

/** What a list works out once per column (listColumns), so that its enum and yes/no cells need no hook of their own. */
export interface CellTexts {
  /** A fixed enum's options with their labels; absent for options the API answers. */
  options?: Option[];
  yes: string;
  no: string;
  copy: CopyLabels;
  /** What a copyable cell says once it copied (the field's copyMessage). */
  copied: string;
}

/** A column's CellTexts for its field, in the interface language. */
export const cellTexts = (field: FieldDeclaration, t: TFunction): CellTexts => ({
  ...yesNoTexts(t),
  copy: copyLabels(t),
  copied: t(field.copyMessage ?? 'common.copied'),
  options: field.type === 'enum' ? fixedOptions(field.options, t) : undefined,
});

/**
 * `label`: the field's translated name, the title of a dialog that shows the whole value.
 * `cell`: shown in a table row, where long text is cut to one line (the detail shows it whole).
 * `texts`: a list's labels for the column (CellTexts).
 * Hooks live only in the kinds that need them (enums, booleans, copyable text), and a list's cells
 * are given their texts: a 500-row page draws thousands of cells, and a translation or query hook
 * in each costs seconds.
 */
export function FieldValue({ field, value, label, cell, texts }: { field: FieldDeclaration; value: unknown; label?: string; cell?: boolean; texts?: CellTexts }) {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field.type) {
    case 'money':
      return <Money minor={value as number} />;
    case 'usdt':
      return <Money usdt={value as number} />;
    case 'rate':
      return <span>{formatRate(value as number)}</span>;
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{dayjs(value as string).format(TIME_FORMAT)}</span>;
    case 'boolean':
      return texts ? yesNo(Boolean(value), texts) : <BooleanValue value={Boolean(value)} />;
    case 'enum':
      return texts?.options ? enumTags(texts.options, value, freeTextOf(field, cell)) : <EnumValue field={field} value={value} cell={cell} />;
    case 'productRates':
      return <ProductRatesValue rows={value as ProductRate[]} />;
    case 'json':
      return <JsonValue value={value} title={label ?? field.name} />;
    case 'image':
      return (
        <Suspense fallback={<span style={{ display: 'inline-block', width: 48 }} />}>
          <Image src={String(value)} width={48} />
        </Suspense>
      );
    case 'secret':
    case 'password':
      return <span>••••••</span>;
    default:
      return field.copyable ? (
        texts ? (
          <CopyableCell text={String(value)} texts={texts} />
        ) : (
          <CopyableValue text={String(value)} copied={field.copyMessage ?? 'common.copied'} />
        )
      ) : cell && field.type === 'text' ? (
        <EllipsisText text={String(value)} />
      ) : (
        <span>{String(value)}</span>
      );
  }
}

const yesNoTexts = (t: TFunction) => ({ yes: t('common.yes'), no: t('common.no') });
const yesNo = (value: boolean, { yes, no }: { yes: string; no: string }) => (value ? <Tag color="green">{yes}</Tag> : <Tag>{no}</Tag>);

function BooleanValue({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return yesNo(value, yesNoTexts(t as TFunction));
}

function EnumValue({ field, value, cell }: { field: FieldDeclaration; value: unknown; cell?: boolean }) {
  return enumTags(useOptions(field.type === 'enum' ? field.options : undefined), value, freeTextOf(field, cell));
}

/** How an enum with free text (OptionSource freeText) shows a value that is none of its codes: as text, cut to one line in a list. */
const freeTextOf = (field: FieldDeclaration, cell?: boolean) =>
  field.options && 'freeText' in field.options && field.options.freeText ? (text: string) => (cell ? <EllipsisText text={text} /> : <span>{text}</span>) : undefined;

function enumTags(options: Option[], value: unknown, freeText?: (text: string) => React.ReactNode) {
  // An array value (a member's products) shows one tag per item.
  const items = Array.isArray(value) ? value : [value];
  if (!items.length) return EMPTY;
  return items.map((item) => {
    const option = options.find((o) => String(o.value) === String(item));
    if (!option && freeText) return <span key={String(item)}>{freeText(String(item))}</span>;
    // A value without a name (an audit action no locale names yet) shows as the raw code it is.
    if (!option && options.length) {
      return (
        <Tag key={String(item)} style={{ fontFamily: 'monospace' }}>
          {String(item)}
        </Tag>
      );
    }
    return (
      <Tag key={String(item)} color={option?.color ?? 'blue'}>
        {option?.label ?? String(item)}
      </Tag>
    );
  });
}

function ProductRatesValue({ rows }: { rows: ProductRate[] }) {
  const { t } = useTranslation();
  if (!rows.length) return EMPTY;
  return rows.map((p) => (
    <div key={p.id} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {`${t(`products.names.${p.productId}`)} · ${formatRate(p.rate)} · ${formatMinor(p.fixedFee)} / ${formatMinor(p.singleFee)}`}
    </div>
  ));
}

function CopyableValue({ text, copied }: { text: string; copied: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  return <CopyText text={text} onCopy={() => void message.success(t(copied))} />;
}

function CopyableCell({ text, texts }: { text: string; texts: CellTexts }) {
  const { message } = useFeedback();
  return <LabelledCopyText text={text} labels={texts.copy} onCopy={() => void message.success(texts.copied)} />;
}
