/**
 * The routes of a member screen, written once for merchants (/merchant/*) and suppliers
 * (/supplier/*): list with filters, detail, create, edit, soft delete, restore, the accept-orders
 * switch and the merchant key (reveal for copy, regenerate). Reads are allowed to the screen and its
 * customer-service variant; changes only to the main screen's abilities.
 */
import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { fail } from '../errors.js';
import { route } from '../http/route.js';
import { memberProfiles, users } from '../db/schema/index.js';
import { hashPassword } from '../security/passwords.js';
import { maskSecret } from '../security/secrets.js';
import { addMember, memberId, memberListQuery, setAcceptOrders, updateMember } from '../../resources/merchants/schema.js';
import { pageSizeOf } from '../../resources/common/rules.js';
import { variantsOf } from '../../providers/abilities.js';
import { accountTaken, createProfile, ensureProfile, findMember as findAnyMember, keyColumns, keyMask, memberView, newMerchantKey, plainKey, viewsOf, type MemberRole } from './member-store.js';
import type { Db } from '../db/client.js';
import { endSessions } from '../users/end-sessions.js';

export interface MemberKind {
  role: MemberRole;
  /** Ability subject of the main screen; variants are found by the abilities file. */
  subject: 'merchants' | 'suppliers';
  /** Path prefix: '/merchant' or '/supplier'. */
  prefix: string;
  /** Suppliers' lists show top-level suppliers; their agents live on /supplier-proxy. */
  topLevelOnly?: boolean;
}

export function memberRoutes(kind: MemberKind) {
  const { role, subject, prefix } = kind;
  /** Reads are open to the screen and its customer-service variant. */
  const readers = variantsOf(subject);
  const audited = (action: string) => `${role}.${action}`;
  // Every single-member call (read, edit, key, restore) reaches only what the list shows: on the
  // supplier screens an agent id answers "not found", and no profile or key is created for it.
  const findMember = (db: Db, id: number) => findAnyMember(db, role, id, kind.topLevelOnly);
  const view = async (db: Db, id: number) => {
    const { user, profile } = await findMember(db, id);
    return (await viewsOf(db, [{ user, profile }]))[0];
  };

  const list = route({
    method: 'GET',
    url: `${prefix}/getList`,
    access: { action: 'list', subject: readers },
    query: memberListQuery,
    handler: async ({ db, query }) => {
      const where: SQL[] = [eq(users.role, role)];
      if (kind.topLevelOnly) where.push(isNull(users.parentId));
      if (!query.includeDeleted) where.push(isNull(users.deletedAt));
      if (query.account) where.push(ilike(users.account, `%${query.account}%`));
      if (query.nickname) where.push(ilike(users.nickname, `%${query.nickname}%`));
      if (query.mchId) where.push(eq(memberProfiles.mchId, query.mchId));
      if (query.acceptOrders !== undefined) where.push(eq(memberProfiles.acceptOrders, query.acceptOrders));
      const size = pageSizeOf(query);
      const filter = and(...where);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ user: users, profile: memberProfiles })
          .from(users)
          .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
          .where(filter)
          .orderBy(asc(users.deletedAt), desc(users.id))
          .limit(size)
          .offset((query.pageIndex - 1) * size),
        db.select({ total: sql<number>`count(*)::int` }).from(users).leftJoin(memberProfiles, eq(memberProfiles.userId, users.id)).where(filter),
      ]);
      return { list: await viewsOf(db, rows), total };
    },
  });

  const getOne = route({
    method: 'GET',
    url: `${prefix}/getOne`,
    access: { action: 'show', subject: readers },
    query: memberId,
    handler: async ({ db, query }) => view(db, query.id),
  });

  const add = route({
    method: 'POST',
    url: `${prefix}/add`,
    access: { action: 'create', subject },
    body: addMember,
    handler: async ({ db, body, audit }) => {
      if (await accountTaken(db, body.account)) fail('duplicate');
      const [user] = await db.insert(users).values({ account: body.account, nickname: body.nickname, role, passwordHash: await hashPassword(body.password) }).returning();
      const profile = await createProfile(db, user.id, role, body.acceptOrders);
      const after = memberView(user, profile, 0n, []);
      await audit(audited('create'), user.id, null, after);
      return after;
    },
  });

  const update = route({
    method: 'POST',
    url: `${prefix}/update`,
    access: { action: 'edit', subject },
    body: updateMember,
    handler: async ({ db, body, audit }) => {
      const before = await view(db, body.id);
      if (before.deleted) fail('stateConflict');
      if (await accountTaken(db, body.account, body.id)) fail('duplicate');
      await db
        .update(users)
        .set({ nickname: body.nickname, account: body.account, ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}) })
        .where(eq(users.id, body.id));
      await ensureProfile(db, role, await findMember(db, body.id));
      // Omitted on edit: the switch stays as it is (its own action changes it).
      if (body.acceptOrders !== undefined) await db.update(memberProfiles).set({ acceptOrders: body.acceptOrders }).where(eq(memberProfiles.userId, body.id));
      // A new password ends the member's sessions, so whoever had the old one is out.
      if (body.password) await endSessions(db, body.id);
      const after = await view(db, body.id);
      await audit(audited('update'), body.id, before, after);
      return after;
    },
  });

  const remove = route({
    method: 'GET',
    url: `${prefix}/delete`,
    access: { action: 'delete', subject },
    mutates: true,
    query: memberId,
    handler: async ({ db, query, audit }) => {
      const before = await view(db, query.id);
      if (before.deleted) fail('stateConflict');
      await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, query.id));
      await endSessions(db, query.id);
      await audit(audited('delete'), query.id, before, { ...before, deleted: true });
      return null;
    },
  });

  const restore = route({
    method: 'POST',
    url: `${prefix}/restore`,
    access: { action: 'restore', subject },
    body: memberId,
    handler: async ({ db, body, audit }) => {
      const before = await view(db, body.id);
      if (!before.deleted) fail('stateConflict');
      // Someone may have taken the account name meanwhile; account management can rename then.
      if (await accountTaken(db, before.account, body.id)) fail('duplicate');
      await db.update(users).set({ deletedAt: null }).where(eq(users.id, body.id));
      await audit(audited('restore'), body.id, before, { ...before, deleted: false });
      return view(db, body.id);
    },
  });

  const acceptOrders = route({
    method: 'POST',
    url: `${prefix}/setAcceptOrders`,
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
    url: `${prefix}/getMerchantKey`,
    access: { action: 'regenerateKey', subject },
    secondLevel: true,
    mutates: true,
    query: memberId,
    handler: async ({ db, query, audit }) => {
      const { profile } = await findMember(db, query.id);
      if (!profile) fail('notFound');
      await audit(audited('revealKey'), query.id);
      return plainKey(profile!);
    },
  });

  const regenerateKey = route({
    method: 'POST',
    url: `${prefix}/regenerateKey`,
    access: { action: 'regenerateKey', subject },
    secondLevel: true,
    body: memberId,
    handler: async ({ db, body, audit }) => {
      const member = await findMember(db, body.id);
      const key = newMerchantKey();
      // A member without a profile gets one (its mchId and this key) here.
      const profile = await ensureProfile(db, role, member, key);
      await db.update(memberProfiles).set(keyColumns(key)).where(eq(memberProfiles.userId, body.id));
      await audit(audited('regenerateKey'), body.id, { merchantKey: member.profile ? keyMask(profile) : null }, { merchantKey: maskSecret(key) });
      return key;
    },
  });

  return [list, getOne, add, update, remove, restore, acceptOrders, revealKey, regenerateKey];
}
