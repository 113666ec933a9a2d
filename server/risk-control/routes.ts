/**
 * Risk control's API, served by the entity kit from the declarations: the payout blacklist (CRUD)
 * and the detection records (read-only, with the merchant's name).
 */
import { and, eq } from 'drizzle-orm';
import { riskBlacklist as blacklistDeclaration } from '../../resources/risk-control/blacklist.js';
import { riskDetections as detectionsDeclaration } from '../../resources/risk-control/detections.js';
import { normalizeListed } from '../../resources/risk-control/kinds.js';
import { riskBlacklist, riskDetections, users } from '../db/schema/index.js';
import { columnValues, entityRoutes } from '../crud/routes.js';
import { fail } from '../errors.js';
import type { Ctx } from '../crud/store.js';
import { listedValue } from './detect.js';

type Values = Record<string, unknown>;

/**
 * A party is listed once per kind, compared as the check compares it (case and inner spaces
 * ignored): " A  Kumar" next to "a kumar" would be the same entry twice. The kit's `unique`
 * compares one field as written, so the pair is checked here.
 */
async function notListedYet(ctx: Ctx, body: Values, exceptId?: number): Promise<Values> {
  const rows = await ctx.db
    .select({ id: riskBlacklist.id })
    .from(riskBlacklist)
    .where(and(eq(riskBlacklist.kind, body.kind as string), eq(listedValue(riskBlacklist.value), normalizeListed(body.value as string))))
    .limit(2);
  if (rows.some((r) => r.id !== exceptId)) fail('duplicate');
  return columnValues(riskBlacklist, body);
}

export const riskControlRoutes = [
  ...entityRoutes({
    declaration: blacklistDeclaration,
    table: riskBlacklist,
    audit: 'riskBlacklist',
    toInsert: (ctx, body) => notListedYet(ctx, body),
    toUpdate: (ctx, body, before) => notListedYet(ctx, body, before.row.id as number),
  }),
  ...entityRoutes({
    declaration: detectionsDeclaration,
    table: riskDetections,
    joins: [{ as: 'merchant', table: users, on: eq(users.id, riskDetections.merchantId) }],
    audit: 'riskDetection',
    view: async (_db, rows) => rows.map((r) => ({ ...r.row, merchantName: r.merchant?.nickname ?? null })),
  }),
];
