/**
 * The routes of a member screen, for merchants (/merchant/*) and suppliers (/supplier/*): CRUD and
 * restore from the declaration on the account store, with the member profile (mchId, key,
 * accept-orders switch) beside the user; then the calls that are not CRUD: the accept-orders switch
 * and the merchant key (reveal for copy, regenerate).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { memberProfiles, users } from '../db/schema/index.js';
import { maskSecret } from '../security/secrets.js';
import { queryId } from '../../resources/common/rules.js';
import { memberApi } from '../../resources/merchants/member-declaration.js';
import { memberId, setAcceptOrders } from '../../resources/merchants/schema.js';
import type { ResourceDeclaration } from '../../resources/types.js';
import { z } from 'zod';
import { entityRoutes } from '../crud/routes.js';
import type { EntityStore } from '../crud/store.js';
import { accountColumns, accountStore, endSessionsOnNewPassword } from '../users/account-store.js';
import { forgetSigningKey } from './signing-keys.js';
import { createProfile, ensureProfile, findMember as findAnyMember, keyColumns, keyMask, newMerchantKey, plainKey, viewsOf, type MemberRole } from './member-store.js';
import type { Db } from '../db/client.js';
import { balanceRoutes } from '../finance/balance-operations.js';
import type { BalanceCalls } from '../../resources/merchants/balance-actions.js';
import { BALANCE_OPERATION_GUARD } from '../finance/guard.js';
import { createRelatedAccount } from './related-account.js';

export interface MemberKind {
  role: MemberRole;
  declaration: ResourceDeclaration;
  /** Suppliers' lists show top-level suppliers; their agents live on /supplier-proxy. */
  topLevelOnly?: boolean;
}

type ProfileRow = typeof memberProfiles.$inferSelect;
type UserRow = typeof users.$inferSelect;

export function memberRoutes({ role, declaration, topLevelOnly }: MemberKind) {
  const subject = declaration.name;
  const calls = declaration.api.calls as ReturnType<typeof memberApi>['calls'];
  const audited = (action: string) => `${role}.${action}`;
  // Every single-member call reaches only what the list shows: on the supplier screens an agent id
  // answers "not found", and no profile or key is created for it.
  const findMember = (db: Db, id: number) => findAnyMember(db, role, id, topLevelOnly);

  const store: EntityStore = {
    ...accountStore,
    declaration,
    audit: role,
    restoreGuard: BALANCE_OPERATION_GUARD,
    joins: [{ as: 'profile', table: memberProfiles, on: eq(memberProfiles.userId, users.id) }],
    columns: { mchId: memberProfiles.mchId, acceptOrders: memberProfiles.acceptOrders },
    where: () => and(eq(users.role, role), topLevelOnly ? isNull(users.parentId) : undefined),
    view: (db, rows) => viewsOf(db, rows.map((r) => ({ user: r.row as UserRow, profile: r.profile as ProfileRow | null }))),
    toInsert: async (_ctx, body) => ({ ...(await accountColumns(body)), role }),
    afterInsert: async (ctx, row, body) => {
      await createProfile(ctx.db, (row.row as UserRow).id, role, body.acceptOrders as boolean);
      // Top-level members only: an agent is never created here (its screen is supplier-proxy/).
      await createRelatedAccount(ctx, row.row as UserRow, role, body.acceptOrders as boolean);
    },
    toUpdate: (_ctx, body) => accountColumns(body),
    afterUpdate: async (ctx, before, body) => {
      const id = (before.row as UserRow).id;
      await ensureProfile(ctx.db, role, await findMember(ctx.db, id));
      // Omitted on edit: the switch stays as it is (its own action changes it).
      if (body.acceptOrders !== undefined) await ctx.db.update(memberProfiles).set({ acceptOrders: body.acceptOrders as boolean }).where(eq(memberProfiles.userId, id));
      await endSessionsOnNewPassword(ctx, before, body);
    },
  };

  const acceptOrders = route({
    method: 'POST',
    url: calls.setAcceptOrders,
    access: { action: 'edit', subject },
    body: setAcceptOrders,
    handler: async ({ db, body, audit }) => {
      const profile = await ensureProfile(db, role, await findMember(db, body.id));
      await db.update(memberProfiles).set({ acceptOrders: body.acceptOrders }).where(eq(memberProfiles.userId, body.id));
      await audit(audited('setAcceptOrders'), body.id, { acceptOrders: profile.acceptOrders }, { acceptOrders: body.acceptOrders });
      return null;
    },
  });

  // Revealing the key is key management: the same ability as regenerating it, audited, and like
  // regenerating it a second-level action (whoever holds the key can sign orders as the member).
  const revealKey = route({
    method: 'GET',
    url: calls.revealKey,
    access: { action: 'regenerateKey', subject },
    secondLevel: true,
    mutates: true,
    query: z.object({ id: queryId }),
    auditType: 'fetch',
    handler: async ({ db, query, audit }) => {
      const { profile } = await findMember(db, query.id);
      if (!profile) fail('notFound');
      await audit(audited('revealKey'), query.id);
      return plainKey(profile!);
    },
  });

  const regenerateKey = route({
    method: 'POST',
    url: calls.regenerateKey,
    access: { action: 'regenerateKey', subject },
    secondLevel: true,
    body: memberId,
    handler: async ({ db, body, audit, services }) => {
      const member = await findMember(db, body.id);
      const key = newMerchantKey();
      // A member without a profile gets one (its mchId and this key) here.
      const profile = await ensureProfile(db, role, member, key);
      await db.update(memberProfiles).set(keyColumns(key)).where(eq(memberProfiles.userId, body.id));
      forgetSigningKey(services.db, body.id);
      await audit(audited('regenerateKey'), body.id, { merchantKey: member.profile ? keyMask(profile) : null }, { merchantKey: maskSecret(key) });
      return key;
    },
  });

  // Clearing is served where the screen declares it (merchants).
  const balances = balanceRoutes({ role, subject, calls: calls as BalanceCalls & typeof calls, findMember, clear: Boolean(declaration.actions?.some((a) => a.call === calls.clearBalance)) });
  return entityRoutes({ ...store, extraRoutes: [acceptOrders, revealKey, regenerateKey, ...balances] });
}
