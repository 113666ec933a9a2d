/**
 * Demo accounts: the demo supplier's enabled card-to-card account for product
 * 1034 accepting 100.00 to 50,000.00, so the demo merchant can place an order at once, and one
 * account of each other kind so no list starts empty.
 */
import { eq } from 'drizzle-orm';
import { receivingAccounts, users } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';
import { encryptSecret } from '../security/secrets.js';

addDemoSeeder(async (db) => {
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier')).limit(1);
  if (!supplier) return;
  const limits = { dailyCountLimit: 500, dailyAmountLimit: 100_000_000, maxConcurrentOrders: 20 };
  await db.insert(receivingAccounts).values([
    {
      kind: 'internationalCardToCard',
      supplierId: supplier.id,
      productId: 1034,
      enabled: true,
      bankName: 'State Bank of India',
      accountName: 'Demo Supplier',
      cardNumber: '50100012345678',
      ifscCode: 'SBIN0001234',
      upiAccount: 'demosupplier@sbi',
      minAmount: 10_000,
      maxAmount: 5_000_000,
      ...limits,
      extras: { channelType: 'bankCard', pageType: 'standard' },
    },
    {
      kind: 'indiaAutoPayout',
      supplierId: supplier.id,
      // The bank payout product: the demo payouts are claimed onto this account.
      productId: 3017,
      enabled: true,
      bankName: 'HDFC Bank',
      accountName: 'Demo Supplier Payouts',
      cardNumber: '50200098765432',
      ifscCode: 'HDFC0000123',
      upiAccount: 'demopayout@hdfc',
      minAmount: 10_000,
      maxAmount: 2_000_000,
      ...limits,
      extras: { mode: 'automatic', platformType: 'web', bankUserName: 'demo.payout' },
      secrets: { loginPassword: encryptSecret('DemoBank2024'), transactionPassword: encryptSecret('DemoTx2024') },
    },
    {
      kind: 'razorpayPayProxy',
      supplierId: supplier.id,
      productId: 3024,
      enabled: false,
      accountName: 'Demo Razorpay',
      minAmount: 10_000,
      maxAmount: null,
      ...limits,
      extras: { channelType: 'gateway', mode: 'automatic', channelId: 'rzp_demo_001' },
    },
    {
      kind: 'usdtFloating',
      supplierId: supplier.id,
      productId: 3015,
      enabled: true,
      nickname: 'Demo wallet',
      walletAddress: 'TMwEtTzpawrzorUyUBd7ix48MfGG5bWixu',
      minAmount: 10_000,
      maxAmount: 10_000_000,
      floatAmount: 5,
      reportedBalance: 1_250_500_000,
      ...limits,
      extras: { walletName: 'TRON main' },
    },
    {
      kind: 'usdtPayProxy',
      supplierId: supplier.id,
      productId: 3016,
      enabled: true,
      nickname: 'Demo payout wallet',
      walletAddress: 'TSEd5ce3374CAHctQLRL8skuFUpQLVX5z8',
      minAmount: 10_000,
      maxAmount: 10_000_000,
      reportedBalance: 500_000_000,
      ...limits,
      extras: { walletName: 'TRON payouts' },
    },
  ]);
});
