/**
 * The entity data view: read-only pages of allow-listed tables (./tables.ts). Hand-written because
 * its table is chosen per request (the entity kit serves one declared table): the table name is
 * checked against the allow-list by the query schema, the columns are the listed ones, and the SQL
 * is built by Drizzle from those objects, never from the caller's text.
 */
import { desc, sql } from 'drizzle-orm';
import { ENTITY_TABLES, entityRowsQuery, entityViewApi, type EntityRows } from '../../resources/entity-view/index.js';
import { pageSizeOf } from '../../resources/common/rules.js';
import { route } from '../http/route.js';
import { ALLOWED } from './tables.js';

const access = { action: 'list', subject: 'entityView' } as const;

export const entityViewRoutes = [
  route({
    method: 'GET',
    url: entityViewApi.tables,
    access,
    handler: async () => ENTITY_TABLES.map((name) => ({ name, columns: Object.keys(ALLOWED[name].columns) })),
  }),
  route({
    method: 'GET',
    url: entityViewApi.rows,
    access,
    query: entityRowsQuery,
    handler: async ({ db, query }): Promise<EntityRows> => {
      const allowed = ALLOWED[query.table];
      const size = pageSizeOf(query);
      const rows = await db
        .select(allowed.columns)
        .from(allowed.table)
        .orderBy(desc(allowed.order))
        .limit(size)
        .offset((query.pageIndex - 1) * size);
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(allowed.table);
      return { columns: Object.keys(allowed.columns), list: rows.map((r) => allowed.mask?.(r) ?? r), total };
    },
  }),
];
