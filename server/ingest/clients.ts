/**
 * Ingest clients' API (resources/ingest-clients): list, edit and soft delete from the entity kit;
 * by hand what a token needs. Create is hand-written because it answers the new token, once: only
 * its hash is stored and the audit record never holds it. Regenerating a token ends the old one at
 * once. A client's supplier must be a supplier, and its account one of that supplier's team; a pay
 * runner is the platform's and has neither.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { OWNERLESS_KIND, ingestClients as declaration } from '../../resources/ingest-clients/index.js';
import { id } from '../../resources/common/rules.js';
import { ingestClients, receivingAccounts, users } from '../db/schema/index.js';
import { entityRoutes, columnValues } from '../crud/routes.js';
import { loadRow, viewOf } from '../crud/query.js';
import type { Ctx, EntityStore, Selected } from '../crud/store.js';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { newToken } from '../security/passwords.js';
import { t } from '../i18n.js';
import { mayServe } from './reach.js';

type Values = Record<string, unknown>;
const { calls } = declaration.api as { calls: { regenerateToken: string; setEnabled: string } };

/**
 * The supplier exists as a supplier, and the account (if any) is one the device may serve
 * (./reach.ts); a pay runner names neither (the create schema says so, an edit is checked here).
 */
async function checkOwner(ctx: Ctx, kind: string, supplierId: number | undefined, accountId: number | null | undefined): Promise<void> {
  if (kind === OWNERLESS_KIND) {
    if (supplierId !== undefined) fail('invalidParam', { field: 'supplierId', reason: t('validation.payRunnerOwner', ctx.lang) });
    if (accountId !== undefined && accountId !== null) fail('invalidParam', { field: 'accountId', reason: t('validation.payRunnerOwner', ctx.lang) });
    return;
  }
  if (supplierId === undefined) return fail('invalidParam', { field: 'supplierId', reason: t('validation.required', ctx.lang) });
  const [supplier] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, supplierId), eq(users.role, 'supplier'), isNull(users.deletedAt))).limit(1);
  if (!supplier) fail('invalidParam', { field: 'supplierId', reason: t('validation.option', ctx.lang) });
  if (accountId === null || accountId === undefined) return;
  const [account] = await ctx.db
    .select({ supplierId: receivingAccounts.supplierId, parentId: users.parentId })
    .from(receivingAccounts)
    .innerJoin(users, eq(users.id, receivingAccounts.supplierId))
    .where(and(eq(receivingAccounts.id, accountId), isNull(receivingAccounts.deletedAt)))
    .limit(1);
  if (!account || !(await mayServe(ctx.db, supplierId, account))) fail('invalidParam', { field: 'accountId', reason: t('validation.option', ctx.lang) });
}

/** A code names one live client (the partial unique index says the same). */
async function codeFree(ctx: Ctx, code: string): Promise<void> {
  const [taken] = await ctx.db.select({ id: ingestClients.id }).from(ingestClients).where(and(eq(ingestClients.code, code), isNull(ingestClients.deletedAt))).limit(1);
  if (taken) fail('duplicate');
}

const store: EntityStore = {
  declaration,
  table: ingestClients,
  joins: [
    { as: 'supplier', table: users, on: eq(users.id, ingestClients.supplierId) },
    { as: 'account', table: receivingAccounts, on: eq(receivingAccounts.id, ingestClients.accountId) },
  ],
  deletedAt: ingestClients.deletedAt,
  audit: 'ingestClient',
  handWritten: ['create'],
  // Never the token hash: a listed client shows who it is, not how it signs in.
  view: async (_db, rows: Selected[]) =>
    rows.map(({ row, supplier, account }) => {
      const { tokenHash: _hidden, ...shown } = row;
      return { ...shown, supplierName: supplier?.nickname ?? null, cardNumber: account?.cardNumber ?? account?.walletAddress ?? null };
    }),
  toUpdate: async (ctx, body, before) => {
    await checkOwner(ctx, before.row.kind as string, body.supplierId as number | undefined, (body.accountId as number | undefined) ?? (before.row.accountId as number | null));
    return columnValues(ingestClients, body);
  },
};

const view = async (ctx: Ctx, rowId: number) => (await viewOf(store, ctx, [await loadRow(store, ctx, rowId, 'show')]))[0];

const createRoute = route({
  method: 'POST',
  url: declaration.api.create!,
  access: { action: 'create', subject: declaration.name },
  body: declaration.createSchema!,
  handler: async (ctx) => {
    const body = ctx.body as Values & { code: string; kind: string; supplierId?: number; accountId?: number };
    await checkOwner(ctx, body.kind, body.supplierId, body.accountId);
    await codeFree(ctx, body.code);
    const { token, hash } = newToken();
    const [inserted] = await ctx.db.insert(ingestClients).values({ ...(columnValues(ingestClients, body) as typeof ingestClients.$inferInsert), tokenHash: hash }).returning({ id: ingestClients.id });
    const after = await view(ctx, inserted.id);
    await ctx.audit('ingestClient.create', inserted.id, null, after);
    return { ...after, token };
  },
});

const regenerateRoute = route({
  method: 'POST',
  url: calls.regenerateToken,
  access: { action: 'regenerateKey', subject: declaration.name },
  body: z.object({ id }),
  handler: async (ctx) => {
    const before = await loadRow(store, ctx, ctx.body.id, 'show');
    if (before.row.deletedAt) fail('stateConflict');
    const { token, hash } = newToken();
    await ctx.db.update(ingestClients).set({ tokenHash: hash }).where(eq(ingestClients.id, ctx.body.id));
    await ctx.audit('ingestClient.regenerateToken', ctx.body.id, null, { code: before.row.code });
    return token;
  },
});

const setEnabledRoute = route({
  method: 'POST',
  url: calls.setEnabled,
  access: { action: 'enableResource', subject: declaration.name },
  body: z.object({ id, enabled: z.boolean() }),
  handler: async (ctx) => {
    const before = await view(ctx, ctx.body.id);
    await ctx.db.update(ingestClients).set({ enabled: ctx.body.enabled }).where(eq(ingestClients.id, ctx.body.id));
    const after = await view(ctx, ctx.body.id);
    await ctx.audit('ingestClient.setEnabled', ctx.body.id, before, after);
    return after;
  },
});

export const ingestClientRoutes = entityRoutes({ ...store, extraRoutes: [createRoute, regenerateRoute, setEnabledRoute] });
