/**
 * The trusted chain of a receiving account: its SMS records that report a balance, in time order,
 * each a node. A node is continuous when its balance after equals the previous node's balance
 * after plus its amount (credit) or minus it (debit); otherwise there is a gap, whose missing amount
 * is the difference (money the bank moved without an SMS reaching us). The chain is the run of
 * continuous nodes ending at the newest. A gap is continued when a paid order of the account, paid
 * between the two nodes, asked exactly the missing amount (the payment whose SMS never came);
 * otherwise it is still open.
 *
 * The trusted-chain parameters (/system-config/getSecurityFreqParameters, set 0, read per request):
 * - minReliableCheckTimeRange: only records of the last that many minutes are read;
 * - minReliableCheckAmount (minor units): a record below it is not checked: it is neither a gap
 *   nor a link of the chain, though the next record is checked against the balance it reported;
 * - minReliableCheckSize: an account with fewer records at or above that amount is not judged,
 *   so not trusted;
 * - minReliableChainSize: the chain is trusted when it holds at least that many checked records.
 * Records arrive by the hundreds per account per day, so an account's records in the range are
 * read whole (index on account and time).
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { SUCCESS_STATUSES, statusId } from '../../resources/orders/statuses.js';
import { bankStatements, orders, users } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { chainParameters } from '../settings/security.js';

type Node = { accountId: number; cardNumber: string | null; supplierName: string | null; occurredAt: Date; direction: string; amount: number; balanceAfter: number };
type Parameters = Awaited<ReturnType<typeof chainParameters>>;

export interface Gap {
  id: number;
  accountId: number;
  cardNumber: string | null;
  previousNodeAt: Date;
  nodeAt: Date;
  expectedBalance: number;
  reportedBalance: number;
  missingAmount: number;
  state: 'continued' | 'open';
  continuedByOrderCode: string | null;
}

/** `accountId`: only that receiving account's records (the supplement limit reads one account). */
async function nodesByAccount(db: Db, parameters: Parameters, cardNumber?: string, accountId?: number): Promise<Map<number, Node[]>> {
  const since = sql`now() - make_interval(mins => ${parameters.minReliableCheckTimeRange})`;
  const rows = await db
    .select({ accountId: bankStatements.accountId, cardNumber: bankStatements.cardNumber, supplierName: users.nickname, occurredAt: bankStatements.occurredAt, direction: bankStatements.direction, amount: bankStatements.amount, balanceAfter: bankStatements.balanceAfter })
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.supplierId))
    .where(
      and(
        eq(bankStatements.source, 'sms'),
        isNotNull(bankStatements.accountId),
        isNotNull(bankStatements.balanceAfter),
        gte(bankStatements.occurredAt, since),
        cardNumber ? eq(bankStatements.cardNumber, cardNumber) : undefined,
        accountId !== undefined ? eq(bankStatements.accountId, accountId) : undefined,
      ),
    )
    .orderBy(asc(bankStatements.accountId), asc(bankStatements.occurredAt), asc(bankStatements.id));
  const byAccount = new Map<number, Node[]>();
  for (const row of rows as Node[]) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
  return byAccount;
}

const expectedAfter = (previous: Node, node: Node) => previous.balanceAfter + (node.direction === 'credit' ? node.amount : -node.amount);

/** The indexes of the nodes checked: all but the first (nothing to check it against) and those below minReliableCheckAmount. */
const checkedIndexes = (nodes: Node[], { minReliableCheckAmount }: Parameters) => nodes.map((_, i) => i).filter((i) => i > 0 && nodes[i].amount >= minReliableCheckAmount);

export async function chainsOf(db: Db, cardNumber?: string) {
  const parameters = await chainParameters(db);
  return [...(await nodesByAccount(db, parameters, cardNumber))].map(([accountId, nodes]) => {
    const checked = checkedIndexes(nodes, parameters);
    // The first record starts the chain; each continuous checked record after it adds a link.
    let chainLength = 1;
    for (let k = checked.length - 1; k >= 0 && expectedAfter(nodes[checked[k] - 1], nodes[checked[k]]) === nodes[checked[k]].balanceAfter; k--) chainLength++;
    const judged = nodes.filter((node) => node.amount >= parameters.minReliableCheckAmount).length >= parameters.minReliableCheckSize;
    const last = nodes[nodes.length - 1];
    return { id: accountId, cardNumber: last.cardNumber, supplierName: last.supplierName, nodes: nodes.length, chainLength, trusted: judged && chainLength >= parameters.minReliableChainSize, lastNodeAt: last.occurredAt, lastBalance: last.balanceAfter };
  });
}

export async function gapsOf(db: Db, cardNumber?: string, onlyAccountId?: number): Promise<Gap[]> {
  const parameters = await chainParameters(db);
  const gaps: Gap[] = [];
  for (const [accountId, nodes] of await nodesByAccount(db, parameters, cardNumber, onlyAccountId)) {
    for (const i of checkedIndexes(nodes, parameters)) {
      const expected = expectedAfter(nodes[i - 1], nodes[i]);
      if (expected === nodes[i].balanceAfter) continue;
      const missing = nodes[i].balanceAfter - expected;
      const [order] = await db
        .select({ orderCode: orders.orderCode })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), inArray(orders.status, SUCCESS_STATUSES.map(statusId)), eq(orders.payAmount, Math.abs(missing)), gt(orders.completedAt, nodes[i - 1].occurredAt), lte(orders.completedAt, nodes[i].occurredAt)))
        .limit(1);
      gaps.push({
        id: gaps.length + 1,
        accountId,
        cardNumber: nodes[i].cardNumber,
        previousNodeAt: nodes[i - 1].occurredAt,
        nodeAt: nodes[i].occurredAt,
        expectedBalance: expected,
        reportedBalance: nodes[i].balanceAfter,
        missingAmount: missing,
        state: order ? 'continued' : 'open',
        continuedByOrderCode: order?.orderCode ?? null,
      });
    }
  }
  return gaps.reverse();
}
