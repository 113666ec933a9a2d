/**
 * Demo payouts: the demo merchant gets the payout products (3017 bank payout at 1 %, 3016 USDT
 * payout at 5 per mille) and money brought in for them; the demo supplier gets the same products
 * on its side (its India auto payout and USDT payout accounts are enabled by the accounts seed).
 * Then payouts in every state, made by the real code: placed as the creation API places them
 * (reserve, risk check) and moved by the payout state machine (claim, export, confirm, reject,
 * cancel, reverse), so every row's ledger nets as a live one does. One payee is on the blacklist,
 * so one payout is held with its detection recorded.
 */
import { and, eq } from 'drizzle-orm';
import type { CreateOrderPayload } from '../../resources/orders/create-schema.js';
import { BANK_PAYOUT, USDT_PAYOUT } from '../../resources/products/payee-details.js';
import { receivingAccounts, riskBlacklist, userProducts, users } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';
import { postBalanced } from '../ledger/ledger.js';
import { findMerchant } from '../orders/create/merchant.js';
import type { OrderRow } from '../orders/order-row.js';
import type { Actor } from '../orders/state-machine.js';
import type { Db } from '../db/client.js';
import { placePayout } from './create.js';
import { payoutTransition } from './state-machine.js';

/** Money the demo merchant brings in for its payouts (minor units). */
const PAYOUT_FUNDS = 5_000_000_00n;
const BLOCKED_PAYEE = 'Blocked Payee Demo';
const SYSTEM: Actor = { userId: null };
const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

const PAYEES = [
  { userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' },
  { userName: 'Priya Sharma', cardNumber: '987654321098', ifscCode: 'ICIC0004321', bankName: 'ICICI Bank' },
  { userName: 'Amit Patel', cardNumber: '112233445566', ifscCode: 'SBIN0005678', bankName: 'State Bank of India' },
];

/** What each demo payout goes through after placement, by its final state. */
type Path = 'waiting' | 'preparing' | 'paying' | 'completed' | 'revoked' | 'cancelled' | 'reversalCompleted' | 'held';
const PLAN: { path: Path; amount: number; usdt?: boolean; payee?: (typeof PAYEES)[number] }[] = [
  { path: 'waiting', amount: 120_000 },
  { path: 'waiting', amount: 45_000 },
  { path: 'waiting', amount: 300_000 },
  { path: 'waiting', amount: 20_000, usdt: true },
  { path: 'preparing', amount: 80_000 },
  { path: 'paying', amount: 150_000 },
  { path: 'completed', amount: 60_000 },
  { path: 'completed', amount: 30_000, usdt: true },
  { path: 'revoked', amount: 70_000 },
  { path: 'reversalCompleted', amount: 25_000 },
  { path: 'held', amount: 55_000, payee: { userName: BLOCKED_PAYEE, cardNumber: '555566667777', ifscCode: 'UTIB0000999', bankName: 'Axis Bank' } },
  { path: 'cancelled', amount: 40_000, payee: { userName: BLOCKED_PAYEE, cardNumber: '555566667777', ifscCode: 'UTIB0000999', bankName: 'Axis Bank' } },
];

/** The demo supplier's account of a payout product. */
async function accountOf(db: Db, supplierId: number, productId: number) {
  const [row] = await db
    .select({ id: receivingAccounts.id })
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.supplierId, supplierId), eq(receivingAccounts.productId, productId)))
    .limit(1);
  return row?.id ?? null;
}

/** Moves a placed payout along its demo path, each step through the state machine. */
async function walk(db: Db, order: OrderRow, path: Path, supplierId: number): Promise<void> {
  const move = (o: OrderRow, action: Parameters<typeof payoutTransition>[2]['action'], to: Parameters<typeof payoutTransition>[2]['to'], extra = {}) => payoutTransition(db, o, { action, to, actor: SYSTEM, ...extra });
  if (path === 'waiting' || path === 'held') return;
  if (path === 'cancelled') return void (await move(order, 'cancel', 'cancelled'));
  if (path === 'revoked') return void (await move(order, 'reject', 'revoked', { reason: 'invalidPayee', set: { rejectReason: 'invalidPayee' } }));
  const accountId = await accountOf(db, supplierId, order.productId);
  let o = await move(order, 'claim', 'preparing', { set: { supplierId, accountId, assignedAt: new Date() } });
  if (path === 'preparing') return;
  o = await move(o, 'export', 'paying');
  if (path === 'paying') return;
  o = await move(o, 'confirm', 'completed');
  if (path === 'reversalCompleted') await move(o, 'reverse', 'reversalCompleted', { reason: 'demo reversal' });
}

addDemoSeeder(async (db) => {
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier')).limit(1);
  const [merchantUser] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'merchant')).limit(1);
  if (!supplier || !merchantUser) return;
  const products = [
    { userId: merchantUser.id, side: 'merchant', productId: BANK_PAYOUT, rate: '0.01' },
    { userId: merchantUser.id, side: 'merchant', productId: USDT_PAYOUT, rate: '0.005' },
    { userId: supplier.id, side: 'supplier', productId: BANK_PAYOUT, rate: '0.004' },
    { userId: supplier.id, side: 'supplier', productId: USDT_PAYOUT, rate: '0.002' },
  ];
  for (const p of products) await db.insert(userProducts).values({ fixedFee: 0, singleFee: 0, ...p }).onConflictDoNothing();
  await postBalanced(db, [
    { userId: merchantUser.id, amount: PAYOUT_FUNDS, reason: 'opening', refType: 'demo' },
    { account: 'platformEquity', amount: -PAYOUT_FUNDS, reason: 'opening', refType: 'demo' },
  ]);
  await db.insert(riskBlacklist).values({ kind: 'name', value: BLOCKED_PAYEE }).onConflictDoNothing();

  const merchant = await findMerchant(db, { userId: merchantUser.id });
  let n = 0;
  for (const step of PLAN) {
    n++;
    const payee = step.payee ?? PAYEES[n % PAYEES.length];
    const payload = {
      mchId: merchant.profile.mchId,
      mchOrderNo: `PO-DEMO-${String(n).padStart(4, '0')}`,
      amount: step.amount,
      notifyUrl: 'https://merchant.example/notify',
      subject: 'Demo payout',
      ...(step.usdt ? { productId: USDT_PAYOUT, address: TRON } : { productId: BANK_PAYOUT, ...payee }),
    } as CreateOrderPayload;
    const placed = await placePayout(db, merchant, payload, { actor: SYSTEM });
    await walk(db, placed, step.path, supplier.id);
  }
});
