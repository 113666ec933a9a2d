/**
 * The bench's data: the demo accounts, MERCHANTS merchants and SUPPLIERS suppliers, ORDERS
 * collection orders and PAYOUTS payouts over 90 days, and the ledger rows of all of them; each
 * table loaded with its indexes dropped and rebuilt after (order-volume.ts).
 */
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';
import type { Db } from '../../server/db/client.js';
import { seedMembers } from './members.js';
import { seedLedgerVolume } from './ledger-volume.js';
import { insertOrderVolume, withoutIndexes, type Members } from './order-volume.js';
import { seedPayoutVolume } from './payout-volume.js';

export interface Sizes {
  orders: number;
  payouts: number;
  merchants: number;
  suppliers: number;
}

const countOf = async (db: Db, table: string) => Number(((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0].n);

export async function seedBench(db: Db, sizes: Sizes, log: (line: string) => void): Promise<{ members: Members; ledgerRows: number }> {
  const step = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  let members: Members = { merchants: [], suppliers: [] };
  await step('demo accounts', () => seedDemo(db));
  await step(`${sizes.merchants} merchants, ${sizes.suppliers} suppliers`, async () => (members = await seedMembers(db, sizes.merchants, sizes.suppliers)));
  const orders = async () => {
    await insertOrderVolume(db, sizes.orders, members);
    await seedPayoutVolume(db, members, { count: sizes.payouts, from: 0, spread: true });
  };
  await step(`${sizes.orders.toLocaleString('en-US')} collection orders and ${sizes.payouts.toLocaleString('en-US')} payouts, indexed`, () => withoutIndexes(db, 'orders', orders));
  await step('ledger rows', () => withoutIndexes(db, 'ledger_entries', () => seedLedgerVolume(db, { collections: true, payoutsAfter: 0 })));
  return { members, ledgerRows: await countOf(db, 'ledger_entries') };
}
