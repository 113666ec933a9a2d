/** What the bot entities check beyond their schemas: the rows they name exist and are what they say. */
import { and, eq, isNull } from 'drizzle-orm';
import { botGroups, users } from '../db/schema/index.js';
import type { Ctx } from '../crud/store.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';

const refuse = (ctx: Ctx, field: string): never => fail('invalidParam', { field, reason: t('validation.option', ctx.lang) });

/** The id names a live user of this role. */
export async function checkMember(ctx: Ctx, field: string, userId: unknown, role: 'merchant' | 'supplier'): Promise<void> {
  if (typeof userId !== 'number') return;
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.role, role), isNull(users.deletedAt))).limit(1);
  if (!user) refuse(ctx, field);
}

/** The id names a bot group (a foreign key would refuse it too, but as a server error). */
export async function checkBotGroup(ctx: Ctx, groupId: unknown): Promise<void> {
  if (typeof groupId !== 'number') return;
  const [group] = await ctx.db.select({ id: botGroups.id }).from(botGroups).where(eq(botGroups.id, groupId)).limit(1);
  if (!group) refuse(ctx, 'botGroupId');
}
