/**
 * IP rules on the entity kit: the platform whitelist (system management) and a supplier's whitelist
 * for its agents, one table told apart by `kind`. The abilities' row scope keeps a supplier to rules
 * naming its own agents; who is refused where is read by server/http/authenticate.ts and login.
 */
import { eq, inArray } from 'drizzle-orm';
import { agentIpWhitelist, ipRules as declaration } from '../../resources/ip-rules/index.js';
import { ipRules, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import type { Ctx, EntityStore, Selected } from '../crud/store.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';
import { assertAllowedAddress, ruleAddresses } from '../http/authenticate.js';
import { clientAddress } from '../security/ip-match.js';
import type { Db } from '../db/client.js';

type Kind = 'platform' | 'agent';
type Body = { address: string; role?: string; userId?: number; enabled?: boolean; note?: string };

/** The declaration with its delete call served by the kit (the admin calls it from a row action). */
const served = (d: typeof declaration) => ({ ...d, api: { ...d.api, delete: d.api.calls!.delete, deleteMethod: 'GET' as const } });

/** Creator names beside the rows, in one query per page. */
async function view(db: Db, rows: Selected[]) {
  const ids = [...new Set(rows.map((r) => r.row.createdBy as number | null).filter((v): v is number => v !== null))];
  const names = new Map(ids.length ? (await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.account]) : []);
  return rows.map(({ row }) => ({ ...row, createdByName: names.get(row.createdBy as number) ?? '' }));
}

/**
 * The named account must exist (the foreign key would otherwise answer a server error). An agent
 * whitelist names one of the keeper's agents: the abilities keep it within the keeper's team, and
 * the keeper itself is refused here (a supplier does not shut its own login in).
 */
async function assertUser(ctx: Ctx, userId: number | undefined, kind: Kind) {
  if (userId === undefined) return;
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || (kind === 'agent' && userId === ctx.user.id)) fail('invalidParam', { field: 'userId', reason: t('validation.option', ctx.lang) });
}

const columns = (body: Body) => ({ address: body.address, role: body.role ?? null, userId: body.userId ?? null, enabled: body.enabled, note: body.note });

/**
 * A change must not shut its author out: the caller's own rules, as they stand after the change,
 * must still admit the address it works from (the transaction rolls the change back otherwise).
 */
async function keepsAuthorIn(ctx: Ctx) {
  const [{ addresses }] = await ctx.db.select({ addresses: ruleAddresses }).from(users).where(eq(users.id, ctx.user.id));
  try {
    assertAllowedAddress(addresses, ctx.ip);
  } catch {
    fail('ipRuleLocksYouOut', { ip: clientAddress(ctx.ip) });
  }
}

const shared = (kind: Kind): Omit<EntityStore, 'declaration' | 'audit'> => ({
  table: ipRules,
  where: () => eq(ipRules.kind, kind),
  view,
  toInsert: async (ctx, body) => {
    await assertUser(ctx, (body as Body).userId, kind);
    return { ...columns(body as Body), kind, createdBy: ctx.user.id };
  },
  toUpdate: async (ctx, body) => {
    await assertUser(ctx, (body as Body).userId, kind);
    return columns(body as Body);
  },
});

export const ipRuleRoutes = [
  ...entityRoutes({
    ...shared('platform'),
    declaration: served(declaration),
    audit: 'ipRule',
    changeGuard: { googleCode: 'IpRule' },
    afterInsert: keepsAuthorIn,
    afterUpdate: keepsAuthorIn,
    afterDelete: keepsAuthorIn,
  }),
  // A supplier's rules name its own agents only: the abilities' owner field is the rule's userId.
  ...entityRoutes({ ...shared('agent'), declaration: served(agentIpWhitelist), audit: 'agentIpWhitelist', changeGuard: { googleCode: 'IpWhitelist' } }),
];
