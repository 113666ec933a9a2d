/**
 * The /resource calls: a receiving account's detail (processing orders, pay link,
 * jump link and the link's QR code as a PNG, null for an account without a public page; the page
 * itself is ./pay-page.ts), a supplier's totals per product, and the on/off switch
 * (state 0 = enabled). They serve every channel kind; the row's kind names the
 * ability subjects checked.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import { rowScope } from '../../providers/ability-engine.js';
import { CHANNELS, channelOf } from '../../resources/receiving-accounts/kind.js';
import { DISABLED_STATE, ENABLED_STATE } from '../../resources/receiving-accounts/options.js';
import { filterNumber, id, queryId } from '../../resources/common/rules.js';
import { receivingAccounts, users } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';
import { requireRow } from '../http/access.js';
import { route, type RouteContext } from '../http/route.js';
import { processingOrdersOf, total } from '../receiving-accounts/processing-orders.js';
import { supplierNames } from '../receiving-accounts/routes.js';
import { hasPayPage, payBaseUrl, payLinks } from './pay-page.js';
import { resourceApi } from '../../resources/receiving-accounts/kind.js';

const ALL_SUBJECTS = CHANNELS.flatMap((c) => c.subjects);
const optionalProduct = filterNumber;

/** Loads an account of any kind and checks the caller may take `action` on it. */
async function loadResource(ctx: RouteContext<unknown, unknown>, resourceId: number, productId: number | undefined, action: 'show' | 'enableResource') {
  const [row] = await ctx.db
    .select()
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.id, resourceId), isNull(receivingAccounts.deletedAt)))
    .limit(1);
  const kind = row && channelOf(row.kind);
  if (!row || !kind || (productId !== undefined && productId !== row.productId)) return fail('notFound');
  requireRow(ctx.ability, action, kind.subjects, row as unknown as Record<string, unknown>);
  return row;
}

const detailInfo = route({
  method: 'GET',
  url: resourceApi.detail,
  access: { action: 'show', subject: ALL_SUBJECTS },
  query: z.object({ resourceId: queryId, productId: optionalProduct }),
  handler: async (ctx) => {
    const row = await loadResource(ctx, ctx.query.resourceId, ctx.query.productId, 'show');
    const orders = (await processingOrdersOf(ctx.db, [row.id])).get(row.id)!;
    // The configured public address (ApiUrl, else PUBLIC_BASE_URL), never the request's Host header (a client could forge it).
    // An account without a public pay page (a payout account) has no link to hand out.
    const { link, jumpLink } = hasPayPage(row) ? payLinks(await payBaseUrl(ctx.db, ctx.services.config), row.id) : { link: null, jumpLink: null };
    return {
      id: row.id,
      kind: row.kind,
      // The screen names the product in the reader's language (products.names.<code>).
      productId: row.productId,
      supplierId: row.supplierId,
      supplierName: (await supplierNames(ctx.db, [row.supplierId])).get(row.supplierId) ?? null,
      processingOrderCount: orders.count,
      processingOrderAmount: orders.amount,
      state: row.enabled ? ENABLED_STATE : DISABLED_STATE,
      link,
      jumpLink,
      qrCode: link ? await QRCode.toDataURL(link, { type: 'image/png', margin: 1, width: 240 }) : null,
    };
  },
});

const staticInfo = route({
  method: 'GET',
  url: resourceApi.staticInfo,
  access: { action: 'list', subject: ALL_SUBJECTS },
  query: z.object({ supplierId: filterNumber, productId: optionalProduct }),
  handler: async (ctx) => {
    const scope = rowScope(ctx.ability, 'list', ALL_SUBJECTS);
    if (scope === false) return fail('forbidden');
    // A supplier asks about its own team only; without a supplierId it means itself.
    const supplierId = ctx.query.supplierId ?? (scope ? ctx.user.id : undefined);
    if (!supplierId) return fail('invalidParam', { field: 'supplierId', reason: t('validation.required', ctx.lang) });
    if (scope && !(scope.supplierId ?? []).includes(supplierId)) return fail('notFound');
    const [supplier] = await ctx.db.select().from(users).where(and(eq(users.id, supplierId), eq(users.role, 'supplier'))).limit(1);
    if (!supplier) return fail('notFound');
    const where = [eq(receivingAccounts.supplierId, supplierId), isNull(receivingAccounts.deletedAt)];
    if (ctx.query.productId !== undefined) where.push(eq(receivingAccounts.productId, ctx.query.productId));
    const rows = await ctx.db.select().from(receivingAccounts).where(and(...where));
    const orders = total((await processingOrdersOf(ctx.db, rows.map((r) => r.id))).values());
    return {
      supplierId,
      supplierName: `${supplier.nickname} (${supplier.account})`,
      productId: ctx.query.productId ?? null,
      resourceCount: rows.length,
      enabledCount: rows.filter((r) => r.enabled).length,
      processingOrderCount: orders.count,
      processingOrderAmount: orders.amount,
    };
  },
});

const enableResource = route({
  method: 'POST',
  url: resourceApi.enable,
  access: { action: 'enableResource', subject: ALL_SUBJECTS },
  body: z.object({ resourceId: id, productId: optionalProduct, enable: z.boolean({ error: 'required' }) }),
  handler: async (ctx) => {
    const before = await loadResource(ctx, ctx.body.resourceId, ctx.body.productId, 'enableResource');
    await ctx.db.update(receivingAccounts).set({ enabled: ctx.body.enable, updatedAt: new Date() }).where(inArray(receivingAccounts.id, [before.id]));
    await ctx.audit('resource.enable', before.id, { enabled: before.enabled }, { enabled: ctx.body.enable });
    return { id: before.id, state: ctx.body.enable ? ENABLED_STATE : DISABLED_STATE };
  },
});

export const resourceSwitchRoutes = [detailInfo, staticInfo, enableResource];
