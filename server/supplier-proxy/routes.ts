/**
 * Agent management (/supplier-proxy): a supplier's agents are supplier-role users whose parent is
 * the supplier, each with its own login. CRUD and restore come from the declaration on the account
 * store; the abilities' row scope (parentId) keeps a supplier to its own agents, and another
 * supplier's agent answers "not found".
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { balancesOf, minorForJson } from '../ledger/ledger.js';
import { supplierProxy as declaration } from '../../resources/supplier-proxy/index.js';
import { entityRoutes } from '../crud/routes.js';
import { holdForReview, reviewableRoute } from '../todo-items/gate.js';
import { accountColumns, accountStore, endSessionsOnNewPassword, type UserRow } from '../users/account-store.js';

const AGENT_CHANGES = { create: 'agentCreate', update: 'agentUpdate', delete: 'agentDelete' } as const;

const agentView = (u: UserRow, balance: bigint) => ({
  id: u.id,
  account: u.account,
  nickname: u.nickname,
  parentId: u.parentId,
  balance: minorForJson(balance),
  lastLoginIp: u.lastLoginIp,
  lastLoginAt: u.lastLoginAt,
  deleted: u.deletedAt !== null,
  createdAt: u.createdAt,
});

/** The agents' routes; a held change (ReviewAgentChanges) is replayed through them once approved. */
export const supplierProxyRoutes = entityRoutes({
  ...accountStore,
  declaration,
  audit: 'agent',
  where: () => and(eq(users.role, 'supplier'), isNotNull(users.parentId)),
  view: async (db, rows) => {
    const agents = rows.map((r) => r.row as UserRow);
    const balances = await balancesOf(db, agents.map((a) => a.id));
    return agents.map((a) => agentView(a, balances.get(a.id) ?? 0n));
  },
  // Agents hang under the supplier who creates them (an agent has no team: abilities.ts refuses it, saying why).
  toInsert: async ({ user, body }) => {
    return { ...(await accountColumns(body)), role: 'supplier', parentId: user.id };
  },
  toUpdate: (_ctx, body) => accountColumns(body),
  // While ReviewAgentChanges is on, a supplier's agent changes wait for an admin's approval.
  review: (ctx, { action, input, before }) =>
    holdForReview(ctx, {
      setting: 'ReviewAgentChanges',
      kind: AGENT_CHANGES[action],
      call: declaration.api[action]!,
      input,
      secretFields: ['password'],
      subject: String(input.account ?? (before?.row as UserRow | undefined)?.account ?? ''),
      context: before ? { agent: (before.row as UserRow).account } : undefined,
    }),
  afterUpdate: endSessionsOnNewPassword,
}).map(reviewableRoute);
