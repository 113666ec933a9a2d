/**
 * What the bench parts that drive a listening server share: card accounts with wide limits for the
 * demo supplier, so every order they create is allocated (an allocation failure answers an error
 * and would count as a failure), and their clients run in a process of their own, with tsx as the
 * bench itself, so the clients' work is not the server's.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { receivingAccounts, users } from '../../server/db/schema/index.js';
import type { Db } from '../../server/db/client.js';

/** 20 card accounts of product 1034 for the demo supplier; `cardPrefix` keeps each part's card numbers apart. */
export async function addCardAccounts(db: Db, { bank, ifsc, cardPrefix }: { bank: string; ifsc: string; cardPrefix: string }): Promise<void> {
  const [supplier] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'supplier'));
  const base = { kind: 'internationalCardToCard', supplierId: supplier.id, productId: 1034, enabled: true, bankName: `${bank} Bank`, accountName: bank, ifscCode: ifsc };
  const limits = { minAmount: 100, maxAmount: 100_000_000, dailyCountLimit: 1_000_000, dailyAmountLimit: 1_000_000_000_000 };
  await db.insert(receivingAccounts).values(Array.from({ length: 20 }, (_, i) => ({ ...base, ...limits, cardNumber: `${cardPrefix}${String(i).padStart(10, '0')}` })));
}

/** Runs the clients module `file` (beside this one) in a child process: it is sent `input` and answers its result once. */
export function inClientProcess<I, R>(file: string, input: I): Promise<R> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(file, import.meta.url)), { execArgv: ['--import', 'tsx'] });
    child.once('message', (result) => resolve(result as R));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`${file} exited with ${code}`)));
    child.send(input as never);
  });
}
