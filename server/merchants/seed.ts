/**
 * Demo merchants, suppliers, agents, products and balances: the demo merchant has
 * mchId 20001, key demoMerchantKey20001 and product 1034; the demo supplier has 1034 as a
 * code-merchant product and two agents. Balances are opening ledger rows, never stored numbers.
 */
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, userProducts, users } from '../db/schema/index.js';
import { addDemoSeeder, DEMO_PASSWORD } from '../db/seed.js';
import { hashPassword } from '../security/passwords.js';
import { postBalanced } from '../ledger/ledger.js';
import { createProfile, type MemberRole } from './member-store.js';
import type { Db } from '../db/client.js';

/** The demo merchant's number and key (demo data only; the merchant API document signs its examples with them). */
export const DEMO_MCH_ID = '20001';
export const DEMO_MERCHANT_KEY = 'demoMerchantKey20001';

interface DemoMember {
  account: string;
  nickname: string;
  role: MemberRole;
  mchId: string;
  key?: string;
  /** Opening balance in minor units. */
  opening: bigint;
  products: { productId: number; rate: string; fixedFee?: number; singleFee?: number }[];
  agents?: string[];
}

const MEMBERS: DemoMember[] = [
  { account: 'merchant', nickname: 'merchant', role: 'merchant', mchId: DEMO_MCH_ID, key: DEMO_MERCHANT_KEY, opening: 123_456n, products: [{ productId: 1034, rate: '0.005', fixedFee: 100 }] },
  { account: 'merchant2', nickname: 'Demo Shop Two', role: 'merchant', mchId: '20002', opening: 5_000_00n, products: [{ productId: 1034, rate: '0.006' }, { productId: 3001, rate: '0.008', singleFee: 50 }] },
  { account: 'merchant3', nickname: 'Demo Shop Three', role: 'merchant', mchId: '20003', opening: 0n, products: [{ productId: 3015, rate: '0.01' }] },
  { account: 'supplier', nickname: 'supplier', role: 'supplier', mchId: '30001', opening: 80_000_00n, products: [{ productId: 1034, rate: '0.003' }], agents: ['agent01', 'agent02'] },
  { account: 'supplier2', nickname: 'Demo Supplier Two', role: 'supplier', mchId: '30002', opening: 1_000_00n, products: [{ productId: 1034, rate: '0.0035' }, { productId: 3001, rate: '0.004' }], agents: ['agent03'] },
];

async function userOf(db: Db, account: string, role: string, passwordHash: string, parentId: number | null = null) {
  const [existing] = await db.select().from(users).where(eq(users.account, account)).limit(1);
  if (existing) return existing;
  const [row] = await db.insert(users).values({ account, nickname: account, role, passwordHash, parentId }).returning();
  return row;
}

const DAY = 86_400_000;
/** The opening balances' date: before the demo orders' week. */
const OPENING_DAYS_AGO = 8;

/** An opening balance is money brought into the platform: the member's row and the equity row sum to zero. */
const openingBalance = (db: Db, userId: number, amount: bigint) =>
  postBalanced(db, [
    { userId, amount, reason: 'opening', refType: 'demo' },
    { account: 'platformEquity', amount: -amount, reason: 'opening', refType: 'demo' },
  ]);

addDemoSeeder(async (db) => {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const m of MEMBERS) {
      const user = await userOf(t, m.account, m.role, hash);
      await t.update(users).set({ nickname: m.nickname }).where(eq(users.id, user.id));
      await createProfile(t, user.id, m.role, true, m.key, m.mchId);
      for (const p of m.products) await t.insert(userProducts).values({ userId: user.id, side: m.role, fixedFee: 0, singleFee: 0, ...p });
      if (m.opening) await openingBalance(t, user.id, m.opening);
      for (const agent of m.agents ?? []) {
        const row = await userOf(t, agent, 'supplier', hash, user.id);
        await openingBalance(t, row.id, 2_500_00n);
      }
    }
    // The balances were there before the demo's week of orders (server/orders/seed.ts), which the
    // ledger posts after them: dated so, the fund records read in time order from the first row.
    await t
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - OPENING_DAYS_AGO * DAY) })
      .where(and(eq(ledgerEntries.refType, 'demo'), eq(ledgerEntries.reason, 'opening')));
  });
});
