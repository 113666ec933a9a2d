/**
 * A money-moving route for the Idempotency-Key tests: credits the caller-named member from the
 * platform's equity and answers the ledger row's id. Refused (stateConflict) when the body asks a
 * debit the balance does not cover, so a refusal can be tested too.
 */
import { z } from 'zod';
import { postBalanced } from '../../server/ledger/ledger.js';
import { route } from '../../server/http/route.js';

export const payRoute = route({
  method: 'POST',
  url: '/test/idempotentPay',
  access: { action: 'adjustBalance', subject: 'merchants' },
  idempotent: true,
  body: z.object({ userId: z.number().int().positive(), amount: z.number().int() }),
  handler: async (ctx) => {
    const [row] = await postBalanced(ctx.db, [
      { userId: ctx.body.userId, amount: ctx.body.amount, reason: 'adjustment', refType: 'idempotencyTest', requireCover: true },
      { account: 'platformEquity', amount: -ctx.body.amount, reason: 'adjustment', refType: 'idempotencyTest' },
    ]);
    return { entryId: row.id, amount: ctx.body.amount };
  },
});
