/**
 * The balance operations of a member screen (merchants, suppliers): adjust, freeze, unfreeze and
 * clear. Hand-written routes because each is a ledger posting, not a change of the member row. Every
 * one is a balanced posting (server/ledger) in the request's transaction, needs the second-level
 * token and, while GoogleVerifyBalanceOperation is on, a Google code, replays instead of acting
 * again for a repeated Idempotency-Key, is audited with the balances before and after, and answers
 * the member's new balances.
 */
import type { z } from 'zod';
import { adjustBalanceBody, clearBalanceBody, freezeBody, type BalanceCalls } from '../../resources/merchants/balance-actions.js';
import { fail } from '../errors.js';
import { route, type RouteContext, type RouteSpec } from '../http/route.js';
import { balanceOf, lockBalances, minorForJson, postBalanced, type Leg } from '../ledger/ledger.js';
import { getSetting } from '../settings/store.js';
import type { Db } from '../db/client.js';
import { BALANCE_OPERATION_GUARD } from './guard.js';

/** How the member screen finds one of its members (not found for another role or an agent). */
type FindMember = (db: Db, id: number) => Promise<unknown>;

interface BalanceScreen {
  /** merchant or supplier: the audit action prefix. */
  role: string;
  subject: string;
  calls: BalanceCalls;
  findMember: FindMember;
  /** Merchants only: clearing a balance. */
  clear: boolean;
}

type Ctx = RouteContext<{ id: number; reason: string }, unknown>;

/** Both of a member's balances, in minor units for JSON. */
async function fundsOf(db: Db, userId: number) {
  const [balance, frozenBalance] = await Promise.all([balanceOf(db, userId), balanceOf(db, userId, 'frozen')]);
  return { balance: minorForJson(balance), frozenBalance: minorForJson(frozenBalance) };
}

/** The member's legs and the opposite platform leg, written together, then the audit record. */
async function operate(ctx: Ctx, screen: BalanceScreen, action: string, legs: Leg[]) {
  await screen.findMember(ctx.db, ctx.body.id);
  // Locked before the read, so the audit's before and after differ by this operation alone.
  await lockBalances(ctx.db, ctx.body.id);
  const before = await fundsOf(ctx.db, ctx.body.id);
  const refType = 'balanceOperation';
  await postBalanced(
    ctx.db,
    legs.map((leg) => ({ ...leg, refType, createdBy: ctx.user.id, note: ctx.body.reason })),
  );
  const after = await fundsOf(ctx.db, ctx.body.id);
  await ctx.audit(`${screen.role}.${action}`, ctx.body.id, before, { ...after, reason: ctx.body.reason });
  return after;
}

const guarded = { ...BALANCE_OPERATION_GUARD, idempotent: true } as const;

export function balanceRoutes(screen: BalanceScreen): RouteSpec[] {
  const access = (action: string) => ({ action, subject: screen.subject }) as RouteSpec['access'];

  const adjust = route({
    method: 'POST',
    url: screen.calls.adjustBalance,
    access: access('adjustBalance'),
    body: adjustBalanceBody,
    ...guarded,
    handler: (ctx) => {
      const { id, amount } = ctx.body as z.infer<typeof adjustBalanceBody>;
      return operate(ctx, screen, 'adjustBalance', [
        // A debit never takes the available balance below zero.
        { userId: id, amount, reason: 'adjustment', requireCover: 'insufficientBalance' },
        { account: 'platformEquity', amount: -amount, reason: 'adjustment' },
      ]);
    },
  });

  // Freezing moves available funds to the member's frozen account, unfreezing back: one posting,
  // never more than the account it takes from holds.
  const freeze = route({
    method: 'POST',
    url: screen.calls.freeze,
    access: access('freeze'),
    body: freezeBody,
    ...guarded,
    handler: (ctx) => {
      const { id, amount } = ctx.body;
      return operate(ctx, screen, 'freeze', [
        { userId: id, amount: -amount, reason: 'freeze', requireCover: 'insufficientBalance' },
        { userId: id, account: 'frozen', amount, reason: 'freeze' },
      ]);
    },
  });

  const unfreeze = route({
    method: 'POST',
    url: screen.calls.unfreeze,
    access: access('freeze'),
    body: freezeBody,
    ...guarded,
    handler: (ctx) => {
      const { id, amount } = ctx.body;
      return operate(ctx, screen, 'unfreeze', [
        { userId: id, account: 'frozen', amount: -amount, reason: 'unfreeze', requireCover: 'insufficientFrozen' },
        { userId: id, amount, reason: 'unfreeze' },
      ]);
    },
  });

  // Clearing takes the whole available balance back to the platform's equity (frozen funds stay
  // frozen); the setting is read on every request so switching it off takes effect at once.
  const clear = route({
    method: 'POST',
    url: screen.calls.clearBalance,
    access: access('clearBalance'),
    body: clearBalanceBody,
    ...guarded,
    handler: async (ctx) => {
      if (!(await getSetting(ctx.db, 'CanClearMerchantBalance')).enable) fail('clearBalanceDisabled');
      await screen.findMember(ctx.db, ctx.body.id);
      await lockBalances(ctx.db, ctx.body.id);
      const balance = await balanceOf(ctx.db, ctx.body.id);
      if (balance === 0n) fail('nothingToClear');
      return operate(ctx, screen, 'clearBalance', [
        { userId: ctx.body.id, amount: -balance, reason: 'clearBalance' },
        { account: 'platformEquity', amount: balance, reason: 'clearBalance' },
      ]);
    },
  });

  return [adjust, freeze, unfreeze, ...(screen.clear ? [clear] : [])];
}
