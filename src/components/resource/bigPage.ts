/**
 * Pages of more than BIG_PAGE rows draw only the rows in view (antd's virtual table): a page of 500
 * rows drawn whole held the main thread for seconds, laying out thousands of cells at once. A
 * virtual table lays its columns out at fixed widths, so each column gets one: its declared width,
 * else a width by its kind.
 */
import type { TableColumnType, TableProps } from 'antd';
import type { FieldDeclaration } from '../../../resources/types';
import { ACTIONS_COLUMN } from './listSettings';

export const BIG_PAGE = 100;

const WIDTH_BY_TYPE: Partial<Record<FieldDeclaration['type'], number>> = {
  money: 130,
  usdt: 130,
  number: 110,
  rate: 100,
  datetime: 180,
  enum: 130,
  boolean: 100,
  image: 100,
};
const TEXT_WIDTH = 180;
const ACTIONS_WIDTH = 220;
/** Room above and below the table's own scroller: the header bar, tags, title, filters and pager. */
const CHROME_HEIGHT = 320;
const MIN_HEIGHT = 360;

type Column = TableColumnType<Record<string, unknown>>;

export const isBigPage = (rows: readonly unknown[] | undefined): boolean => (rows?.length ?? 0) > BIG_PAGE;

/** The columns with a width each, and the table's scroll area for a virtual table. */
export function bigPageLayout(columns: Column[], fields: FieldDeclaration[], viewportHeight: number): { columns: Column[]; scroll: TableProps['scroll'] } {
  const typeOf = new Map(fields.map((f) => [f.name, f.type]));
  const sized = columns.map((c) => {
    if (typeof c.width === 'number') return c;
    const type = typeOf.get(String(c.key));
    return { ...c, width: c.key === ACTIONS_COLUMN ? ACTIONS_WIDTH : ((type && WIDTH_BY_TYPE[type]) ?? TEXT_WIDTH) };
  });
  const x = sized.reduce((sum, c) => sum + (c.width as number), 0);
  return { columns: sized, scroll: { x, y: Math.max(MIN_HEIGHT, viewportHeight - CHROME_HEIGHT) } };
}
