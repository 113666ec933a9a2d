/** Messages of the signed-in user: the three lists, one message, and its moves. */
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { fail } from '../errors.js';
import { route, type RouteContext } from '../http/route.js';
import { messages } from '../db/schema/index.js';
import { nextState, type MessageAction } from './transitions.js';
import { id, queryId } from '../../resources/common/rules.js';
import { messageApi } from '../../resources/messages/api.js';

type Row = typeof messages.$inferSelect;

const summary = (row: Row) => ({ msg_id: row.id, title: row.title, create_time: row.createdAt.toISOString() });

/** A message of the caller; someone else's message is "not found", not "forbidden", so ids leak nothing. */
async function ownMessage(ctx: RouteContext<unknown, unknown>, id: number): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, ctx.user.id)))
    .limit(1);
  return row ?? fail('notFound');
}

const init = route({
  method: 'GET',
  url: messageApi.init,
  access: { action: 'list', subject: 'messages' },
  handler: async (ctx) => {
    const rows = await ctx.db.select().from(messages).where(eq(messages.userId, ctx.user.id)).orderBy(desc(messages.createdAt), desc(messages.id));
    const of = (state: string) => rows.filter((r) => r.state === state).map(summary);
    return { unread: of('unread'), readed: of('read'), trash: of('trash') };
  },
});

const content = route({
  method: 'GET',
  url: messageApi.content,
  access: { action: 'show', subject: 'messages' },
  query: z.object({ msg_id: queryId }),
  handler: async (ctx) => {
    const row = await ownMessage(ctx, ctx.query.msg_id);
    return { ...summary(row), content: row.content, state: row.state };
  },
});

const idBody = z.object({ msg_id: id });

/** One POST route per action of the transition table; `ability` is the action the abilities grant. */
const move = (action: MessageAction, ability: 'edit' | 'delete' | 'restore') =>
  route({
    method: 'POST',
    url: messageApi.move(action),
    access: { action: ability, subject: 'messages' },
    body: idBody,
    handler: async (ctx) => {
      const row = await ownMessage(ctx, ctx.body.msg_id);
      const to = nextState(row.state, action) ?? fail('stateConflict');
      await ctx.db.update(messages).set({ state: to }).where(eq(messages.id, row.id));
      await ctx.audit(`message.${action}`, row.id, { state: row.state }, { state: to });
      return { msg_id: row.id, state: to };
    },
  });

export const messageRoutes = [init, content, move('has_read', 'edit'), move('remove_readed', 'delete'), move('restore', 'restore')];
