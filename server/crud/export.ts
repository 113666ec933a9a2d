/**
 * CSV export of a declared list (`api.export`): the list's own filters, order and row scope (of the
 * `export` ability), no paging but a cap, and the columns the caller's list shows, labelled and
 * formatted as the screens show them. Written by ../http/csv-write.ts, which neutralises formulas.
 * The file travels in the usual envelope (`data.csv`), so errors and sessions work as for any call.
 */
import dayjs from 'dayjs';
import { formatRate, minorToMajor, microToUsdt } from '../../providers/money.js';
import { listQueryOf } from '../../resources/common/list-query.js';
import type { FieldDeclaration } from '../../resources/types.js';
import type { Language } from '../../providers/languages.js';
import { actionsOf } from '../../providers/ability-engine.js';
import { route, type RouteSpec } from '../http/route.js';
import { writeCsv } from '../http/csv-write.js';
import { fieldsShownTo, listOrder, listWhere, readers, selectFrom, viewOf } from './query.js';
import { fieldLabel, optionLabel, translate } from './labels.js';
import type { EntityStore, Selected } from './store.js';

const DEFAULT_LIMIT = 10_000;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** One cell as the list screen shows it (money in major units, times in the platform format, labels translated). */
function cell(lang: Language, field: FieldDeclaration, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'money':
      return minorToMajor(value as number);
    case 'usdt':
      return microToUsdt(value as number);
    case 'rate':
      return formatRate(value as number);
    case 'datetime':
      return dayjs(value as string | Date).format(TIME_FORMAT);
    case 'boolean':
      return translate(lang, [value ? 'common.yes' : 'common.no'], String(value));
    case 'enum':
      return (Array.isArray(value) ? value : [value]).map((v) => optionLabel(lang, field, v)).join(', ');
    case 'secret':
    case 'password':
      return '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

export function exportRoute(store: EntityStore, url: string): RouteSpec {
  const { declaration } = store;
  const limit = store.exportLimit ?? DEFAULT_LIMIT;
  return route({
    method: 'GET',
    url,
    // The screens of the entity that have an export (customer service reads without one).
    access: { action: 'export', subject: readers(store).filter((s) => actionsOf(s).includes('export')) },
    query: listQueryOf(declaration.fields ?? []),
    handler: async (ctx) => {
      const query = ctx.query as Record<string, unknown>;
      const rows = (await selectFrom(ctx.db, store)
        .where(listWhere(store, ctx, query, 'export'))
        .orderBy(...listOrder(store, query))
        .limit(limit + 1)) as Selected[];
      const shown = await viewOf(store, ctx, rows.slice(0, limit));
      const columns = fieldsShownTo(store, ctx).filter((f) => f.list);
      const csv = writeCsv([columns.map((f) => fieldLabel(ctx.lang, declaration, f)), ...shown.map((row) => columns.map((f) => cell(ctx.lang, f, row[f.name])))]);
      return { fileName: `${declaration.name}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`, csv, rows: shown.length, truncated: rows.length > limit };
    },
  });
}
