/**
 * CSV export of a declared list (`api.export`): the list's own filters, order and row scope (of the
 * `export` ability), no paging but a cap, and the columns the caller's list shows, labelled and
 * formatted as the screens show them, formulas neutralised (../http/csv-write.ts).
 *
 * The file is a download streamed as it is read (../http/file-answer.ts), so the server's memory
 * stays flat whatever the size: rows come from the database a chunk at a time by keyset
 * (./keyset.ts) and go out through csv-stringify's stream, in blocks of 64 KB. Everything that can
 * refuse runs before the first byte (ability, filters, the count below), so a refusal is still the
 * usual envelope. The rows are counted first, stopping one past the cap: the headers X-Export-Rows
 * (rows written) and X-Export-Truncated (the cap cut the list) tell the admin before the body starts.
 */
import { Readable, pipeline } from 'node:stream';
import { and, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import { formatRate, minorToMajor, microToUsdt } from '../../providers/money.js';
import { listQueryOf } from '../../resources/common/list-query.js';
import type { FieldDeclaration } from '../../resources/types.js';
import type { Language } from '../../providers/languages.js';
import { actionsOf } from '../../providers/ability-engine.js';
import { route, type RouteSpec } from '../http/route.js';
import { csvStream } from '../http/csv-write.js';
import { FileAnswer, inBlocks } from '../http/file-answer.js';
import { countFrom, fieldsShownTo, listKeys, listWhere, readers, selectFrom, viewOf } from './query.js';
import { after, keyTexts, orderByOf, type KeyValues, type OrderKey } from './keyset.js';
import { fieldLabel, optionLabel } from './labels.js';
import { translate } from '../i18n.js';
import type { Ctx, EntityStore, Selected } from './store.js';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Rows read per statement: few round trips, little held at a time. */
export const EXPORT_CHUNK = 1000;

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

interface Plan {
  where: SQL | undefined;
  keys: OrderKey[];
  columns: FieldDeclaration[];
  /** Rows to write: the count, at most the cap. */
  rows: number;
}

/** The header row, then the rows in the list's order, one chunk read at a time, `rows` at most. */
async function* lines(store: EntityStore, ctx: Ctx, { where, keys, columns, rows }: Plan): AsyncGenerator<string[]> {
  yield columns.map((f) => fieldLabel(ctx.lang, store.declaration, f));
  let last: KeyValues | undefined;
  for (let left = rows; left > 0; ) {
    const chunk = (await selectFrom(ctx.db, store, { cursor: keyTexts(keys) })
      .where(and(where, last && after(keys, last, store.table)))
      .orderBy(...orderByOf(keys))
      .limit(Math.min(EXPORT_CHUNK, left))) as (Selected & { cursor: KeyValues })[];
    // Fewer rows than counted: some were deleted since.
    if (!chunk.length) return;
    last = chunk[chunk.length - 1].cursor;
    left -= chunk.length;
    for (const row of await viewOf(store, ctx, chunk)) yield columns.map((f) => cell(ctx.lang, f, row[f.name]));
  }
}

export function exportRoute(store: EntityStore, url: string): RouteSpec {
  const { declaration } = store;
  return route({
    method: 'GET',
    url,
    // The screens of the entity that have an export (customer service reads without one).
    access: { action: 'export', subject: readers(store).filter((s) => actionsOf(s).includes('export')) },
    query: listQueryOf(declaration.fields ?? []),
    download: true,
    handler: async (ctx) => {
      const query = ctx.query as Record<string, unknown>;
      const limit = store.exportLimit ?? ctx.services.config.exportMaxRows;
      const where = listWhere(store, ctx, query, 'export');
      const [{ total }] = await countFrom(ctx.db, store, where, limit);
      const plan: Plan = { where, keys: listKeys(store, query), columns: fieldsShownTo(store, ctx).filter((f) => f.list), rows: Math.min(total, limit) };
      // An error while reading destroys the body with it, which cuts the download off (the headers are gone by then).
      const body = pipeline(Readable.from(lines(store, ctx, plan)), csvStream(), inBlocks(), () => undefined);
      return new FileAnswer(`${declaration.name}-${dayjs().format('YYYYMMDD-HHmmss')}.csv`, 'text/csv; charset=utf-8', body, {
        'x-export-rows': String(plan.rows),
        'x-export-truncated': String(total > limit),
      });
    },
  });
}
