/**
 * First-start data. An embedded (demo) database gets one account per role with the documented demo
 * password; a PostgreSQL database gets only a superAdmin with a random password, printed once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { users } from './schema/index.js';
import { hashPassword } from '../security/passwords.js';
import { ROLES } from '../../providers/roles.js';
import type { Db } from './client.js';

export const DEMO_PASSWORD = 'Demo12345678';

/** Extra seeders registered by domain modules (merchants, orders...), run after the accounts exist. */
export type Seeder = (db: Db) => Promise<void>;
const demoSeeders: Seeder[] = [];
export const addDemoSeeder = (seeder: Seeder): void => {
  demoSeeders.push(seeder);
};

async function isEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return count === 0;
}

/** Seeds a new embedded database in one transaction: a start interrupted halfway leaves it empty, and the next start seeds it whole. */
export async function seedDemo(db: Db): Promise<boolean> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!(await isEmpty(tx))) return false;
    await tx.insert(users).values(ROLES.map((role) => ({ account: role, nickname: role, role, passwordHash: hash })));
    for (const seeder of demoSeeders) await seeder(tx);
    return true;
  });
}

export async function seedProduction(db: Db, log: (line: string) => void): Promise<void> {
  if (!(await isEmpty(db))) return;
  const password = `${randomBytes(9).toString('base64url')}9a`;
  await db.insert(users).values({ account: 'superAdmin', nickname: 'superAdmin', role: 'superAdmin', passwordHash: await hashPassword(password) });
  log(`Created superAdmin with password ${password} (shown once; change it after login)`);
}
