/**
 * Bot settings through the entity kit: chat whitelist, bot groups and transfer bot settings, plain
 * CRUD from their declarations, with the names of the rows they point to and, for the pickers, the
 * bot groups as options (the one hand-written route: an option list is not CRUD).
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { botGroupApi, botGroups as groupDeclaration } from '../../resources/bots/bot-groups.js';
import { chatWhitelist as whitelistDeclaration } from '../../resources/bots/chat-whitelist.js';
import { transferBots as transferDeclaration } from '../../resources/bots/transfer-bots.js';
import { botGroups, chatWhitelist, transferBots, users } from '../db/schema/index.js';
import { columnValues, entityRoutes } from '../crud/routes.js';
import type { Ctx } from '../crud/store.js';
import { route } from '../http/route.js';
import { checkBotGroup, checkMember } from './checks.js';

type Values = Record<string, unknown>;
type Named = { name: string } | null;
const merchant = alias(users, 'bot_merchant');
const supplier = alias(users, 'bot_supplier');

/** A group's merchant or supplier must be one. */
const groupValues = async (ctx: Ctx, body: Values): Promise<Values> => {
  await checkMember(ctx, 'merchantId', body.merchantId, 'merchant');
  await checkMember(ctx, 'supplierId', body.supplierId, 'supplier');
  // A group serves one member: naming one clears the other.
  return { ...columnValues(botGroups, body), merchantId: body.merchantId ?? null, supplierId: body.supplierId ?? null };
};

const groupRoutes = entityRoutes({
  declaration: groupDeclaration,
  table: botGroups,
  joins: [
    { as: 'merchant', table: merchant, on: eq(merchant.id, botGroups.merchantId) },
    { as: 'supplier', table: supplier, on: eq(supplier.id, botGroups.supplierId) },
  ],
  unique: ['groupId'],
  audit: 'botGroup',
  toInsert: groupValues,
  toUpdate: groupValues,
  view: async (db, rows) => {
    const ids = rows.map((r) => r.row.id as number);
    const counts = ids.length
      ? await db.select({ groupId: chatWhitelist.botGroupId, n: count() }).from(chatWhitelist).where(inArray(chatWhitelist.botGroupId, ids)).groupBy(chatWhitelist.botGroupId)
      : [];
    const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
    return rows.map(({ row, merchant: m, supplier: s }) => {
      const member = (m ?? s) as { nickname: string; account: string } | null;
      return { ...row, memberName: member ? `${member.nickname} (${member.account})` : null, whitelistCount: countOf.get(row.id as number) ?? 0 };
    });
  },
  extraRoutes: [
    route({
      method: 'GET',
      url: botGroupApi.calls.options,
      // Whoever edits a screen with a bot group picker.
      access: { action: 'list', subject: ['botGroups', 'chatWhitelist', 'transferBots', 'botFundRecords'] },
      handler: async (ctx) =>
        (await ctx.db.select({ id: botGroups.id, name: botGroups.name, groupId: botGroups.groupId }).from(botGroups).orderBy(asc(botGroups.name))).map((g) => ({
          value: g.id,
          label: `${g.name} (${g.groupId})`,
        })),
    }),
  ],
});

const groupName = { as: 'group', table: botGroups, on: eq(botGroups.id, chatWhitelist.botGroupId) };
const nameOf = (group: unknown) => (group as Named)?.name ?? null;

const whitelistValues = async (ctx: Ctx, body: Values): Promise<Values> => {
  await checkBotGroup(ctx, body.botGroupId);
  return columnValues(chatWhitelist, body);
};

const whitelistRoutes = entityRoutes({
  declaration: whitelistDeclaration,
  table: chatWhitelist,
  joins: [groupName],
  unique: ['chatId'],
  audit: 'chatWhitelist',
  toInsert: whitelistValues,
  toUpdate: whitelistValues,
  view: async (_db, rows) => rows.map(({ row, group }) => ({ ...row, botGroupName: nameOf(group) })),
});

/** A global setting names no group, whatever an older row held. */
const transferValues = async (ctx: Ctx, body: Values): Promise<Values> => {
  await checkBotGroup(ctx, body.botGroupId);
  const values = columnValues(transferBots, body);
  return body.scope === 'global' ? { ...values, botGroupId: null } : values;
};

const transferRoutes = entityRoutes({
  declaration: transferDeclaration,
  table: transferBots,
  joins: [{ as: 'group', table: botGroups, on: eq(botGroups.id, transferBots.botGroupId) }],
  unique: ['name'],
  audit: 'transferBot',
  toInsert: transferValues,
  toUpdate: transferValues,
  view: async (_db, rows) => rows.map(({ row, group }) => ({ ...row, botGroupName: nameOf(group) })),
});

export const botRoutes = [...groupRoutes, ...whitelistRoutes, ...transferRoutes];
