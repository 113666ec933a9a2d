/**
 * To-do items: the list and detail come from the declaration (the abilities' row scope keeps a
 * submitter to its own items); approve, reject and the header's pending count are hand-written,
 * being decisions and a count rather than CRUD. An item is decided once: the decision is a
 * conditional update on a pending item, so of two simultaneous approvals only one acts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { approveTodo, rejectTodo, todoItems as declaration } from '../../resources/todo-items/index.js';
import { messages, todoItems, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { AppError, fail } from '../errors.js';
import { t } from '../i18n.js';
import { route, type RouteContext } from '../http/route.js';
import type { Db } from '../db/client.js';
import type { Selected } from '../crud/store.js';
import { applyItem, checkReviewerGuards, type TodoRow } from './apply.js';

const { calls } = declaration.api as { calls: Record<'approve' | 'reject' | 'pendingCount', string> };

/** What lists and the audit show of an item: never its payload (secrets stay encrypted and unshown). */
const publicItem = (row: TodoRow, names: Map<number, string>) => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  subject: row.subject,
  details: row.details,
  submitterId: row.submitterId,
  submitterName: names.get(row.submitterId) ?? null,
  state: row.state,
  reason: row.reason,
  failure: row.failure,
  reviewerName: row.reviewerId ? (names.get(row.reviewerId) ?? null) : null,
  targetId: row.targetId,
  createdAt: row.createdAt,
  decidedAt: row.decidedAt,
});

async function namesOf(db: Db, rows: TodoRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => [r.submitterId, r.reviewerId]).filter((v): v is number => v !== null))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, nickname: users.nickname, account: users.account }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, `${u.nickname} (${u.account})`]));
}

type Ctx = RouteContext<{ id: number; reason?: string; googleCode?: string | null }, unknown>;

/** Moves a pending item to its decision, or refuses: someone decided it first. */
async function decide(ctx: Ctx, values: Partial<typeof todoItems.$inferInsert>): Promise<TodoRow> {
  const [row] = await ctx.db
    .update(todoItems)
    .set({ ...values, reviewerId: ctx.user.id, decidedAt: new Date() })
    .where(and(eq(todoItems.id, ctx.body.id), eq(todoItems.state, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await ctx.db.select({ id: todoItems.id }).from(todoItems).where(eq(todoItems.id, ctx.body.id)).limit(1);
  return fail(exists ? 'todoItemDecided' : 'notFound');
}

/** The submitter learns the outcome in its message centre. */
async function tellSubmitter(ctx: Ctx, row: TodoRow) {
  const kind = t(`todoItems.${row.kind}`, ctx.lang);
  const title = t(row.state === 'approved' ? 'todoItems.approvedTitle' : 'todoItems.rejectedTitle', ctx.lang);
  const content = t(row.state === 'approved' ? 'todoItems.approvedContent' : 'todoItems.rejectedContent', ctx.lang, { kind, id: row.id, reason: row.reason ?? '' });
  await ctx.db.insert(messages).values({ userId: row.submitterId, title, content });
}

async function audited(ctx: Ctx, action: string, before: TodoRow, after: TodoRow) {
  const names = await namesOf(ctx.db, [before, after]);
  await ctx.audit(`todoItem.${action}`, after.id, publicItem(before, names), publicItem(after, names));
}

const approve = route({
  method: 'POST',
  url: calls.approve,
  access: { action: 'approve', subject: 'todoItems' },
  body: approveTodo,
  handler: async (ctx) => {
    const decided = await decide(ctx, { state: 'approved', failure: null });
    // A refused guard rolls the decision back; the item stays pending, unmarked.
    await checkReviewerGuards(ctx, decided, ctx.body.googleCode);
    const before = { ...decided, state: 'pending', reviewerId: null, decidedAt: null };
    let targetId: number | null;
    try {
      targetId = await applyItem(ctx, decided);
    } catch (error) {
      // The decision rolls back with the change; the item stays pending and shows why.
      if (error instanceof AppError) {
        const failure = error.detail ?? t(`errors.${error.name}`, ctx.lang, error.params);
        ctx.afterRefusal(async (db) => void (await db.update(todoItems).set({ failure }).where(and(eq(todoItems.id, decided.id), eq(todoItems.state, 'pending')))));
      }
      throw error;
    }
    const [row] = await ctx.db.update(todoItems).set({ targetId }).where(eq(todoItems.id, decided.id)).returning();
    await audited(ctx, 'approve', before, row);
    await tellSubmitter(ctx, row);
    return publicItem(row, await namesOf(ctx.db, [row]));
  },
});

const reject = route({
  method: 'POST',
  url: calls.reject,
  access: { action: 'reject', subject: 'todoItems' },
  body: rejectTodo,
  handler: async (ctx) => {
    const row = await decide(ctx, { state: 'rejected', reason: ctx.body.reason });
    await audited(ctx, 'reject', { ...row, state: 'pending', reason: null, reviewerId: null, decidedAt: null }, row);
    await tellSubmitter(ctx, row);
    return publicItem(row, await namesOf(ctx.db, [row]));
  },
});

/** The header badge's figure, polled: items waiting for a reviewer. */
const pendingCount = route({
  method: 'GET',
  url: calls.pendingCount,
  access: { action: 'list', subject: 'todoItems' },
  handler: async (ctx) => {
    const [{ count }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(todoItems).where(eq(todoItems.state, 'pending'));
    return { count };
  },
});

export const todoItemRoutes = entityRoutes({
  declaration,
  table: todoItems,
  audit: 'todoItem',
  view: async (db, rows: Selected[]) => {
    const items = rows.map((r) => r.row as TodoRow);
    const names = await namesOf(db, items);
    return items.map((row) => publicItem(row, names));
  },
  extraRoutes: [approve, reject, pendingCount],
});
