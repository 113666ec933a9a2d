/**
 * The money invariants: what must hold of the ledger whatever happened before (crashes, retries,
 * concurrent operators, repairs). One function, `checkLedger`, used by the tests and by
 * `npm run check:ledger` (scripts/check-ledger.ts), so the figure a test proves is the one an
 * operator can check on a live database.
 *
 * The ledger is double entry (server/ledger/ledger.ts): a posting is the rows one cause wrote in one
 * transaction, across members' accounts and the platform's, and they sum to zero. Rows carry no
 * posting id, so a posting is found by its cause: (refType, refId) for orders (every posting of an
 * order: paid, reversed, reserved, paid out), and (refType, created_at) for causes without an id
 * (balance operations, opening balances), created_at being the transaction's start time. Grouping
 * several postings together never hides a break (each sums to zero on its own), it only names the
 * cause rather than the single posting.
 *
 * Balances are not stored: a balance is the sum of its rows. What is stored is each member row's
 * running balance (`balanceAfter`), which the next posting continues from; "every balance equals
 * the sum of its rows" is therefore checked as "every running balance equals the sum of the rows of
 * its user and account up to it" (the figure the maintenance screen's fix repairs).
 */
import { sql } from 'drizzle-orm';
import { isSuccess, ORDER_STATUSES } from '../../resources/orders/statuses.js';
import { MONEY_OF, payoutStateCode } from '../../resources/payouts/states.js';
import { MEMBER_ACCOUNTS } from '../../resources/fund-records/reasons.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';

export type BreakKind =
  | 'unbalancedPosting'
  | 'runningBalance'
  | 'misfiledRow'
  | 'collectionCredit'
  | 'payoutDebit'
  | 'reversalUndo'
  | 'negativeBalance';

export interface LedgerBreak {
  kind: BreakKind;
  /** What is broken, in words an operator can search for (an order code, a user id, a posting). */
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  breaks: LedgerBreak[];
  /** What was looked at, for the summary line. */
  counted: { rows: number; postings: number; members: number; collections: number; payouts: number };
}

const PLATFORM_ACCOUNTS = ['platformFee', 'supplierClearing', 'platformEquity', 'payoutReserve', 'payoutClearing'];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Every posting (rows of one cause) sums to zero. */
async function unbalancedPostings(db: Db): Promise<LedgerBreak[]> {
  const found = await rows<{ ref_type: string | null; posting: string; total: string; n: number }>(
    db,
    sql`select ref_type, coalesce(ref_id, created_at::text) as posting, sum(amount)::text as total, count(*)::int as n
        from ledger_entries group by ref_type, coalesce(ref_id, created_at::text) having sum(amount) <> 0`,
  );
  return found.map((r) => ({ kind: 'unbalancedPosting', detail: `${r.ref_type ?? '(no cause)'} ${r.posting}: ${r.n} rows sum to ${r.total}, not 0` }));
}

/**
 * Every member row's running balance is the sum of its account's rows up to it. One break per
 * account, at its first wrong row: a wrong amount makes every later running balance wrong too.
 */
async function driftedRunningBalances(db: Db): Promise<LedgerBreak[]> {
  const found = await rows<{ user_id: number; account: string; n: number; first: number; stored: string | null; running: string }>(
    db,
    sql`select user_id, account, count(*)::int as n, min(id) as first,
          (array_agg(balance_after::text order by id))[1] as stored, (array_agg(running::text order by id))[1] as running
        from (select id, user_id, account, balance_after, sum(amount) over (partition by user_id, account order by id) as running
              from ledger_entries where user_id is not null) r
        where r.balance_after is distinct from r.running group by user_id, account order by user_id, account`,
  );
  return found.map((r) => ({
    kind: 'runningBalance',
    detail: `user ${r.user_id} ${r.account}: ${r.n} rows off, first row ${r.first} (balanceAfter ${r.stored ?? 'missing'}, sum of rows ${r.running})`,
  }));
}

/** Member rows name a member account and a user; platform rows a platform account and no user. */
async function misfiledRows(db: Db): Promise<LedgerBreak[]> {
  const found = await rows<{ id: number; user_id: number | null; account: string }>(
    db,
    sql`select id, user_id, account from ledger_entries
        where (user_id is not null and account not in (${list(MEMBER_ACCOUNTS)}))
           or (user_id is null and account not in (${list(PLATFORM_ACCOUNTS)}))
        order by id limit 200`,
  );
  return found.map((r) => ({ kind: 'misfiledRow', detail: `row ${r.id}: account ${r.account} with user ${r.user_id ?? 'none'}` }));
}

interface OrderMoney {
  order_code: string;
  order_type: number;
  status: number;
  payout_status: number | null;
  amount: string;
  merchant_fee: string;
  /** The merchant's member rows of the order: credits/debits of its own kind, undos, net. */
  credits: number;
  debits: number;
  undos: number;
  merchant_net: string;
  reserve_net: string;
  /** Accounts (other than the merchant's) whose rows of the order do not net to zero. */
  open_accounts: number;
}

async function orderMoney(db: Db): Promise<OrderMoney[]> {
  return rows<OrderMoney>(
    db,
    sql`select o.order_code, o.order_type, o.status, o.payout_status, o.amount::text, o.merchant_fee::text,
          count(*) filter (where m.mine and l.reason = 'collection' and l.amount > 0)::int as credits,
          count(*) filter (where m.mine and l.reason = 'payout' and l.amount < 0)::int as debits,
          count(*) filter (where m.mine and l.reason = 'reversal')::int as undos,
          coalesce(sum(l.amount) filter (where m.mine), 0)::text as merchant_net,
          coalesce(sum(l.amount) filter (where l.account = 'payoutReserve'), 0)::text as reserve_net,
          (select count(*)::int from (select 1 from ledger_entries x where x.ref_type = 'order' and x.ref_id = o.order_code
             and not (x.user_id is not distinct from o.merchant_id and x.account = 'member')
             group by x.user_id, x.account having sum(x.amount) <> 0) open) as open_accounts
        from orders o
        left join ledger_entries l on l.ref_type = 'order' and l.ref_id = o.order_code
        cross join lateral (select l.user_id = o.merchant_id and l.account = 'member' as mine) m
        group by o.id order by o.id`,
  );
}

/** A succeeded collection order: exactly one credit standing; any other: none, every account undone. */
function collectionBreaks(o: OrderMoney): LedgerBreak[] {
  const code = ORDER_STATUSES.find((s) => s.id === o.status)?.code;
  const paid = code !== undefined && isSuccess(code);
  const credit = BigInt(o.amount) - BigInt(o.merchant_fee);
  const out: LedgerBreak[] = [];
  const standing = o.credits - o.undos;
  if (o.undos > o.credits) out.push({ kind: 'reversalUndo', detail: `order ${o.order_code}: ${o.undos} undos of ${o.credits} credits` });
  else if (paid && credit !== 0n && standing !== 1) out.push({ kind: 'collectionCredit', detail: `order ${o.order_code} (${code}): ${standing} credits standing, not 1` });
  else if (!paid && standing !== 0) out.push({ kind: 'reversalUndo', detail: `order ${o.order_code} (${code ?? o.status}): ${standing} credits left un-undone` });
  const net = BigInt(o.merchant_net);
  if (paid && net !== credit) out.push({ kind: 'collectionCredit', detail: `order ${o.order_code}: merchant credited ${net}, expected ${credit}` });
  if (!paid && (net !== 0n || o.open_accounts > 0)) out.push({ kind: 'reversalUndo', detail: `order ${o.order_code} (${code ?? o.status}): its rows do not net to zero (merchant ${net}, ${o.open_accounts} other accounts)` });
  return out;
}

/** A reserved or completed payout: exactly one debit standing; a released one: none, all undone. */
function payoutBreaks(o: OrderMoney): LedgerBreak[] {
  const state = payoutStateCode(o.payout_status);
  const money = state ? MONEY_OF[state] : undefined;
  const out: LedgerBreak[] = [];
  if (!money) return [{ kind: 'payoutDebit', detail: `payout ${o.order_code}: unknown payout status ${o.payout_status}` }];
  const debit = -(BigInt(o.amount) + BigInt(o.merchant_fee));
  const standing = o.debits - o.undos;
  const net = BigInt(o.merchant_net);
  const reserve = BigInt(o.reserve_net);
  if (o.undos > o.debits) out.push({ kind: 'reversalUndo', detail: `payout ${o.order_code}: ${o.undos} undos of ${o.debits} debits` });
  else if (money !== 'released' && standing !== 1) out.push({ kind: 'payoutDebit', detail: `payout ${o.order_code} (${state}): ${standing} debits standing, not 1` });
  else if (money === 'released' && standing !== 0) out.push({ kind: 'reversalUndo', detail: `payout ${o.order_code} (${state}): ${standing} debits left un-undone` });
  if (money !== 'released' && net !== debit) out.push({ kind: 'payoutDebit', detail: `payout ${o.order_code} (${state}): merchant debited ${net}, expected ${debit}` });
  if (money === 'reserved' && reserve !== -debit) out.push({ kind: 'payoutDebit', detail: `payout ${o.order_code} (${state}): reserve holds ${reserve}, expected ${-debit}` });
  if (money === 'paid' && reserve !== 0n) out.push({ kind: 'payoutDebit', detail: `payout ${o.order_code} (completed): reserve still holds ${reserve}` });
  if (money === 'released' && (net !== 0n || o.open_accounts > 0)) out.push({ kind: 'reversalUndo', detail: `payout ${o.order_code} (${state}): its rows do not net to zero (merchant ${net}, ${o.open_accounts} other accounts)` });
  return out;
}

/**
 * No member balance below zero. The one exception a setting allows: while
 * IsSupplierRemoveBalanceOnOrderFinished is on, a paid order takes the collected money from the
 * supplier's balance without a cover check (the supplier holds the payer's money outside), so a
 * supplier's available balance may go negative.
 */
async function negativeBalances(db: Db): Promise<{ breaks: LedgerBreak[]; members: number }> {
  const supplierMayOwe = (await getSetting(db, 'IsSupplierRemoveBalanceOnOrderFinished')).enable === true;
  // Which balance may owe is a ledger rule (the supplier's member account), not an access decision.
  const found = await rows<{ user_id: number; account: string; role: string | null; total: string; may_owe: boolean }>(
    db,
    sql`select l.user_id, l.account, u.role, sum(l.amount)::text as total,
          (u.role = 'supplier' and l.account = 'member') as may_owe
        from ledger_entries l left join users u on u.id = l.user_id
        where l.user_id is not null group by l.user_id, l.account, u.role`,
  );
  const breaks: LedgerBreak[] = found
    .filter((r) => BigInt(r.total) < 0n && !(supplierMayOwe && r.may_owe))
    .map((r) => ({ kind: 'negativeBalance', detail: `user ${r.user_id} (${r.role ?? 'unknown'}) ${r.account} balance ${r.total}` }));
  return { breaks, members: new Set(found.map((r) => r.user_id)).size };
}

/** Checks every invariant; reads only (safe on a live database, though figures race live postings). */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const [counts] = await rows<{ n: number; postings: number }>(
    db,
    sql`select count(*)::int as n, count(distinct (ref_type, coalesce(ref_id, created_at::text)))::int as postings from ledger_entries`,
  );
  const orders = await orderMoney(db);
  const collections = orders.filter((o) => Number(o.order_type) !== 2);
  const payouts = orders.filter((o) => Number(o.order_type) === 2);
  const negative = await negativeBalances(db);
  const breaks = [
    ...(await unbalancedPostings(db)),
    ...(await driftedRunningBalances(db)),
    ...(await misfiledRows(db)),
    ...collections.flatMap(collectionBreaks),
    ...payouts.flatMap(payoutBreaks),
    ...negative.breaks,
  ];
  return {
    ok: breaks.length === 0,
    breaks,
    counted: { rows: Number(counts.n), postings: Number(counts.postings), members: negative.members, collections: collections.length, payouts: payouts.length },
  };
}

/** The report as text: a summary line, then one line per break grouped by kind. */
export function formatLedgerReport(report: LedgerReport): string {
  const c = report.counted;
  const summary = `${c.rows} ledger rows in ${c.postings} postings, ${c.members} members, ${c.collections} collection orders, ${c.payouts} payouts`;
  if (report.ok) return `Ledger OK: ${summary}; every invariant holds.`;
  const lines = [`Ledger BROKEN: ${report.breaks.length} breaks (${summary})`];
  for (const kind of [...new Set(report.breaks.map((b) => b.kind))]) {
    const ofKind = report.breaks.filter((b) => b.kind === kind);
    lines.push(`  ${kind} (${ofKind.length}):`, ...ofKind.slice(0, 50).map((b) => `    - ${b.detail}`));
    if (ofKind.length > 50) lines.push(`    ... and ${ofKind.length - 50} more`);
  }
  return lines.join('\n');
}
