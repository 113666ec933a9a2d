/**
 * The bench's members: the demo ones plus synthetic merchants and suppliers up to the counts asked,
 * each a real user (role, login, profile with an mchId and an encrypted key) made in one statement
 * per table, so lists join real names and the member options list the full set.
 */
import { inArray, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema/index.js';
import { keyColumns } from '../../server/merchants/member-store.js';
import type { Db } from '../../server/db/client.js';
import type { Members } from './order-volume.js';

const DEMO_MERCHANTS = ['merchant', 'merchant2', 'merchant3'];
const DEMO_SUPPLIERS = ['supplier', 'agent01', 'agent02', 'supplier2', 'agent03'];

async function idsOf(db: Db, accounts: string[]): Promise<number[]> {
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, accounts));
  return accounts.map((a) => rows.find((r) => r.account === a)!.id);
}

/** `count` users of `role` named `${prefix}0001`...; answers their ids. */
async function makeUsers(db: Db, role: 'merchant' | 'supplier', prefix: string, count: number, passwordHash: string): Promise<number[]> {
  if (count <= 0) return [];
  const key = keyColumns(`${prefix}BenchKey`);
  const made = (await db.execute(sql`
    insert into users (account, nickname, role, password_hash)
    select ${prefix} || lpad(g::text, 4, '0'), ${role} || ' ' || g, ${role}, ${passwordHash}
    from generate_series(1, ${count}) g returning id`)) as unknown as { rows: { id: number }[] };
  const ids = made.rows.map((r) => Number(r.id));
  await db.execute(sql`
    insert into member_profiles (user_id, mch_id, merchant_key_encrypted, merchant_key_mask, accept_orders)
    select id, ${prefix.toUpperCase()} || id, ${key.merchantKeyEncrypted}, ${key.merchantKeyMask}, true
    from users where account like ${`${prefix}%`} and role = ${role}`);
  return ids;
}

/** The demo members first, then synthetic ones up to `merchants` and `suppliers` in all. */
export async function seedMembers(db: Db, merchants: number, suppliers: number): Promise<Members> {
  const [hash] = await db.select({ hash: users.passwordHash }).from(users).where(inArray(users.account, ['merchant']));
  return {
    merchants: [...(await idsOf(db, DEMO_MERCHANTS)), ...(await makeUsers(db, 'merchant', 'bm', merchants - DEMO_MERCHANTS.length, hash.hash))],
    suppliers: [...(await idsOf(db, DEMO_SUPPLIERS)), ...(await makeUsers(db, 'supplier', 'bs', suppliers - DEMO_SUPPLIERS.length, hash.hash))],
  };
}
