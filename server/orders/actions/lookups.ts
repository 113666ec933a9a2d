/**
 * The small order lookups the screens need: every status and mark with its id, whether batch
 * upload is offered, and the newest order the caller may see (the new-order alert polls it every
 * 10 s, so it is one indexed query within the caller's row scope).
 */
import { and, desc, eq } from 'drizzle-orm';
import { rowScope } from '../../../providers/ability-engine.js';
import { orderApi } from '../../../resources/orders/api.js';
import { COLLECTION, ORDER_MARKS, ORDER_STATUSES } from '../../../resources/orders/statuses.js';
import { orders } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { getSetting } from '../../settings/store.js';
import { ORDER_SUBJECTS, scopeWhere } from './load.js';

const READ = { action: 'list', subject: ORDER_SUBJECTS } as const;

export const lookupRoutes = [
  route({ method: 'GET', url: orderApi.statusList, access: READ, handler: async () => ORDER_STATUSES.map(({ id, code }) => ({ id, code })) }),
  route({ method: 'GET', url: orderApi.markList, access: READ, handler: async () => ORDER_MARKS.map(({ id, code }) => ({ id, code })) }),
  // The batch upload button shows while the ShowBatchButton setting is on.
  route({ method: 'GET', url: orderApi.uploadFlag, access: READ, handler: async (ctx) => ({ enable: (await getSetting(ctx.db, 'ShowBatchButton')).enable === true }) }),
  route({
    method: 'GET',
    url: orderApi.lastOrder,
    access: READ,
    handler: async (ctx) => {
      const where = and(eq(orders.orderType, COLLECTION), scopeWhere(rowScope(ctx.ability, 'list', ORDER_SUBJECTS)));
      const [last] = await ctx.db.select({ orderCode: orders.orderCode, createTime: orders.createdAt }).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
      return last ?? null;
    },
  }),
];
