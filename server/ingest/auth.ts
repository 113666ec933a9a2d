/**
 * The ingest endpoints (/v1.0/ingest/...): how devices and monitors outside the platform feed it
 * records (bank SMS, web messages, USDT transactions, monitor status and logs, pay script calls). They have no user
 * session; each request carries its client's own token in the `X-Ingest-Token` header, checked
 * against the stored hash. A disabled or deleted client, or one of the wrong kind for the endpoint,
 * is refused like an unknown token. docs/ingest.md shows example requests.
 *
 *   export const smsIngest = ingestRoute({ url: '/ingest/sms', kinds: ['device'], body: smsRecord,
 *     handler: async (ctx) => { ...ctx.client.accountId...; return { matched } } });
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { INGEST_KINDS } from '../../resources/ingest-clients/index.js';
import { ingestClients } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { route, type RouteContext, type RouteSpec } from '../http/route.js';
import { hashToken } from '../security/passwords.js';
import { parseInput } from '../http/validation.js';
import type { Db } from '../db/client.js';

export type IngestClient = typeof ingestClients.$inferSelect;
export type IngestKind = (typeof INGEST_KINDS)[number];

const INGEST_TOKEN_HEADER = 'x-ingest-token';

/** The client a request's token belongs to, marked as seen now; refuses unknown, disabled or wrong-kind tokens. */
async function ingestClientOf(db: Db, request: FastifyRequest, kinds: readonly IngestKind[]): Promise<IngestClient> {
  const token = request.headers[INGEST_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) fail('ingestTokenInvalid');
  const [client] = await db
    .select()
    .from(ingestClients)
    .where(and(eq(ingestClients.tokenHash, hashToken(token as string)), isNull(ingestClients.deletedAt)))
    .limit(1);
  if (!client || !client.enabled || !kinds.includes(client.kind as IngestKind)) fail('ingestTokenInvalid');
  await db.update(ingestClients).set({ lastSeenAt: new Date(), lastSeenIp: request.ip }).where(eq(ingestClients.id, client.id));
  return client;
}

export type IngestContext<B> = RouteContext<B, unknown> & { client: IngestClient };

interface IngestRouteSpec<B extends z.ZodType> {
  /** Below /v1.0, by convention under /ingest/. */
  url: string;
  kinds: readonly IngestKind[];
  body: B;
  handler: (ctx: IngestContext<z.infer<B>>) => Promise<unknown>;
}

/**
 * A POST authenticated by an ingest token instead of a session. The token is checked before the
 * body is read, so an unknown sender learns nothing about the record format. It runs in one
 * transaction like every POST, so a refused record writes nothing (not even the last-seen time).
 */
export function ingestRoute<B extends z.ZodType>(spec: IngestRouteSpec<B>): RouteSpec {
  return route({
    method: 'POST',
    url: spec.url,
    // Not a user's call: the client's token says who sends it.
    access: 'public',
    refusalsAudited: 'firstPerMinute',
    // Device telemetry (a monitor's heartbeat) is not an operator's change: only the records a
    // handler audits itself, and refusals, reach the audit log.
    auditType: 'none',
    handler: async (ctx) => {
      const client = await ingestClientOf(ctx.db, ctx.request, spec.kinds);
      const body = parseInput(spec.body, ctx.request.body ?? {}, ctx.lang, 'body') as z.infer<B>;
      return spec.handler({ ...ctx, body, client });
    },
  });
}
