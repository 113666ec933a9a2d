/**
 * How an order's detail names its receiving account: the account's name and number as its own
 * screens show them (holder name or nickname, then card number, wallet address or UPI account),
 * not its bare row id.
 */
import { eq } from 'drizzle-orm';
import { receivingAccounts } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export async function receivingAccountName(db: Db, accountId: number): Promise<string | null> {
  const [account] = await db
    .select({ accountName: receivingAccounts.accountName, nickname: receivingAccounts.nickname, bankName: receivingAccounts.bankName, cardNumber: receivingAccounts.cardNumber, walletAddress: receivingAccounts.walletAddress, upiAccount: receivingAccounts.upiAccount })
    .from(receivingAccounts)
    .where(eq(receivingAccounts.id, accountId))
    .limit(1);
  if (!account) return null;
  const name = account.accountName ?? account.nickname ?? account.bankName;
  const number = account.cardNumber ?? account.walletAddress ?? account.upiAccount;
  return [name, number].filter(Boolean).join(' · ') || null;
}
