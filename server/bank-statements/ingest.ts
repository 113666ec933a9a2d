/**
 * The ingest endpoints of transaction records (docs/ingest.md): a device posts each bank SMS,
 * online-banking web message or USDT transfer it sees. Hand-written (an ingest, not CRUD): the
 * device's token says who sends (server/ingest/auth.ts), the record is stored once (a repeat of
 * the same device, source, time and content, or the same txHash, answers the earlier record and
 * changes nothing), and a credit that fits one open order completes it (./match.ts), all in the
 * request's transaction; with a MessageDelay a credit is matched later, by ./delayed.ts.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { bankRecordBody, usdtRecordBody, type BankRecordBody } from '../../resources/bank-statements/ingest-schema.js';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { bankStatements, receivingAccounts, usdtTransactions, users } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { ingestRoute, type IngestClient, type IngestContext } from '../ingest/auth.js';
import type { Db } from '../db/client.js';
import { mayCredit } from '../ingest/reach.js';
import { messageDelaySeconds } from './delayed.js';
import { matchBankCredit, matchUsdtTransfer, type MatchResult } from './match.js';

type Source = 'sms' | 'webMessage';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A time of the API (platform time zone) as the database reads it. */
const platformTime = (time: string) => sql`${time}::timestamp`;

/**
 * The live receiving accounts `which` selects that the device may credit (../ingest/reach.ts: its
 * supplier's, or its team's, and only its own account when it is bound to one).
 */
async function creditable(db: Db, client: IngestClient, which: SQL) {
  const rows = await db
    .select({ id: receivingAccounts.id, supplierId: receivingAccounts.supplierId, cardNumber: receivingAccounts.cardNumber, parentId: users.parentId })
    .from(receivingAccounts)
    .innerJoin(users, eq(users.id, receivingAccounts.supplierId))
    .where(and(which, isNull(receivingAccounts.deletedAt)))
    .orderBy(asc(receivingAccounts.id));
  const allowed: typeof rows = [];
  for (const row of rows) if (await mayCredit(db, client, row)) allowed.push(row);
  return allowed;
}

/** The receiving account a bank record is about: the one it names, else the device's; one the device may credit. */
async function accountOf(db: Db, client: IngestClient, named: number | undefined) {
  const accountId = named ?? client.accountId;
  if (accountId === null) return fail('ingestAccountInvalid');
  const [account] = await creditable(db, client, eq(receivingAccounts.id, accountId));
  return account ?? fail('ingestAccountInvalid');
}

const answer = (row: { id: number } & MatchResult, duplicate: boolean) => ({ id: row.id, matchState: row.matchState, matchedOrderCode: row.matchedOrderCode, duplicate });

async function ingestBankRecord(ctx: IngestContext<BankRecordBody>, source: Source) {
  const { db, body, client } = ctx;
  const account = await accountOf(db, client, body.accountId);
  const contentHash = sha256(body.content);
  const [inserted] = await db
    .insert(bankStatements)
    .values({
      source,
      clientId: client.id,
      deviceCode: client.code,
      supplierId: account.supplierId,
      accountId: account.id,
      cardNumber: account.cardNumber,
      sender: body.sender ?? null,
      content: body.content,
      contentHash,
      direction: body.direction,
      amount: body.amount,
      balanceAfter: body.balanceAfter ?? null,
      utr: body.utr ?? null,
      occurredAt: platformTime(body.time),
      matchState: body.direction === 'credit' ? 'unmatched' : 'notCredit',
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [earlier] = await db
      .select()
      .from(bankStatements)
      .where(and(eq(bankStatements.clientId, client.id), eq(bankStatements.source, source), eq(bankStatements.occurredAt, platformTime(body.time)), eq(bankStatements.contentHash, contentHash)))
      .limit(1);
    return answer(earlier as typeof earlier & MatchResult, true);
  }
  // With a MessageDelay a credit waits `delayed` for ./delayed.ts to match it.
  const delayed = body.direction === 'credit' && (await messageDelaySeconds(db)) > 0;
  const match: MatchResult =
    body.direction !== 'credit'
      ? { matchState: 'notCredit', matchedOrderCode: null }
      : delayed
        ? { matchState: 'delayed', matchedOrderCode: null }
        : await matchBankCredit(db, { accountId: account.id, amount: body.amount, occurredAt: inserted.occurredAt, utr: inserted.utr });
  await db.update(bankStatements).set(match).where(eq(bankStatements.id, inserted.id));
  const record = { ...inserted, ...match };
  await ctx.audit(`bankStatement.${source}`, inserted.id, null, { deviceCode: client.code, accountId: account.id, amount: body.amount, direction: body.direction, utr: record.utr, ...match });
  return answer(record, false);
}

export const bankRecordIngestRoutes = [
  ingestRoute({ url: bankStatementApi.ingest.sms, kinds: ['device'], body: bankRecordBody, handler: (ctx) => ingestBankRecord(ctx, 'sms') }),
  ingestRoute({ url: bankStatementApi.ingest.webMessage, kinds: ['device'], body: bankRecordBody, handler: (ctx) => ingestBankRecord(ctx, 'webMessage') }),
  ingestRoute({
    url: bankStatementApi.ingest.usdt,
    kinds: ['device'],
    body: usdtRecordBody,
    handler: async (ctx) => {
      const { db, body, client } = ctx;
      // Only the device's own wallets: the same address may be registered by another supplier too.
      const wallets = await creditable(db, client, eq(receivingAccounts.walletAddress, body.to));
      if (!wallets.length) fail('ingestAccountInvalid');
      const [wallet] = wallets;
      const [inserted] = await db
        .insert(usdtTransactions)
        .values({
          clientId: client.id,
          deviceCode: client.code,
          supplierId: wallet.supplierId,
          accountId: wallet.id,
          txHash: body.txHash,
          fromAddress: body.from,
          toAddress: body.to,
          amount: body.amount,
          occurredAt: platformTime(body.time),
          matchState: 'unmatched',
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        const [earlier] = await db.select().from(usdtTransactions).where(eq(usdtTransactions.txHash, body.txHash)).limit(1);
        return answer(earlier as typeof earlier & MatchResult, true);
      }
      const match = await matchUsdtTransfer(db, { accountIds: wallets.map((w) => w.id), toAddress: body.to, amount: body.amount, occurredAt: inserted.occurredAt, txHash: body.txHash });
      await db.update(usdtTransactions).set(match).where(eq(usdtTransactions.id, inserted.id));
      await ctx.audit('usdtTransaction.ingest', inserted.id, null, { deviceCode: client.code, txHash: body.txHash, to: body.to, amount: body.amount, ...match });
      return answer({ ...inserted, ...match }, false);
    },
  }),
];
