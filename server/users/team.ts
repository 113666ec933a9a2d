/** A supplier's agents (users whose parent is the supplier): their rows count as the supplier's. */
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { isRole } from '../../providers/roles.js';
import type { AbilityUser } from '../../providers/ability-engine.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../http/route.js';

async function teamOf(db: Db, parentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentId, parentId), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * The caller as providers/abilities.ts sees it, for the server's checks (Services.abilityUser) and
 * the admin's (getInfo). Only suppliers have agents, so the team is loaded for everyone and is empty
 * for other roles: which role uses it is the abilities' business, not a branch here.
 */
export async function abilityUserOf(db: Db, user: Pick<UserRow, 'id' | 'role' | 'parentId'>): Promise<AbilityUser | null> {
  if (!isRole(user.role)) return null;
  return { id: user.id, role: user.role, agentIds: await teamOf(db, user.id), parentId: user.parentId };
}
