/**
 * Frozen IPs: listed and frozen by hand through the entity kit (a freeze is a new row, for every
 * merchant, refused while one for every merchant is in force for the IP); unfreezing is a
 * transition (frozen -> unfrozen, the row kept as history with who, when and why), hand-written and
 * audited. The list names the merchant whose requests caused an automatic freeze (it holds for that
 * merchant's orders only).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { frozenIps as declaration, unfreezeSchema } from '../../resources/order-analysis/frozen-ips.js';
import { orderAnalysisApi } from '../../resources/order-analysis/api.js';
import { frozenIps, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { isFrozen } from './requests.js';

type Row = typeof frozenIps.$inferSelect;
const view = (row: Row, merchantName: string | null = null) => ({ ...row, merchantName, frozen: row.unfrozenAt === null });
const merchant = alias(users, 'merchant');

const unfreeze = route({
  method: 'POST',
  url: orderAnalysisApi.unfreeze,
  access: { action: 'unfreeze', subject: 'frozenIps' },
  body: unfreezeSchema,
  handler: async ({ db, body, user, audit }) => {
    const [before] = await db.select().from(frozenIps).where(eq(frozenIps.id, body.id)).for('update');
    if (!before) fail('notFound');
    if (before.unfrozenAt !== null) fail('stateConflict');
    const [after] = await db
      .update(frozenIps)
      .set({ unfrozenAt: new Date(), unfrozenBy: user.account, unfreezeReason: body.reason })
      .where(and(eq(frozenIps.id, body.id), isNull(frozenIps.unfrozenAt)))
      .returning();
    await audit('frozenIps.unfreeze', body.id, view(before), view(after));
    return view(after);
  },
});

export const frozenIpRoutes = entityRoutes({
  declaration,
  table: frozenIps,
  joins: [{ as: 'merchant', table: merchant, on: eq(merchant.id, frozenIps.merchantId), columns: { nickname: merchant.nickname } }],
  audit: 'frozenIps',
  filters: { frozen: (value) => (value ? isNull(frozenIps.unfrozenAt) : isNotNull(frozenIps.unfrozenAt)) },
  view: async (_db, rows) => rows.map((r) => view(r.row as Row, (r.merchant?.nickname as string | undefined) ?? null)),
  toInsert: async (ctx, body) => {
    if (await isFrozen(ctx.db, body.ip as string)) fail('ipAlreadyFrozen');
    return { ip: body.ip, reason: body.reason, source: 'manual', frozenBy: ctx.user.account };
  },
  extraRoutes: [unfreeze],
});
