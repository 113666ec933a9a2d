/**
 * Demo blacklist entries of every kind, so the risk-control screens show something real. The
 * payout demo data lists 'Blocked Payee Demo' too (for its held payout): whichever runs first
 * writes it, the other skips it.
 */
import { riskBlacklist } from '../db/schema/index.js';
import { addDemoSeeder } from '../db/seed.js';

addDemoSeeder(async (db) => {
  await db
    .insert(riskBlacklist)
    .values([
      { kind: 'name', value: 'Blocked Payee Demo', remark: 'Demo: payouts to this name are held' },
      { kind: 'name', value: 'Fraud Ring Member', remark: 'Chargeback abuse' },
      { kind: 'cardNumber', value: '4000123412341234', remark: 'Reported stolen' },
      { kind: 'cardNumber', value: '5500000000000004', enabled: false },
      { kind: 'upi', value: 'scammer@okaxis', remark: 'Phishing complaints' },
      { kind: 'upi', value: 'mule.account@ybl' },
      { kind: 'wallet', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', remark: 'Sanctioned address' },
      { kind: 'wallet', value: '0x8589427373d6d84e98730d7795d8f6f8731fda16' },
    ])
    .onConflictDoNothing();
});
