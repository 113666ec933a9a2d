/**
 * The route declaration every /v1.0 endpoint is written in. A route names the ability it needs
 * (or says it is public / for any signed-in user); the registry refuses to start otherwise.
 * Body and query are validated with zod before the handler runs; POST handlers run inside one
 * transaction, so a refusal halfway writes nothing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AbilityUser, Action, AppAbility, Subject } from '../../providers/ability-engine.js';
import type { Language } from '../../providers/languages.js';
import type { Db } from '../db/client.js';
import type { ServerConfig } from '../config.js';
import type { users, sessions } from '../db/schema/index.js';
import type { ActionCodeCheck, GoogleGuarded } from './google-code.js';
import type { AuditType } from '../../resources/audit-records/types.js';
import type { AppMetrics } from '../metrics/registry.js';

/**
 * What a caller needs: nothing ('public'), a session ('authenticated'), or an ability. A list of
 * subjects means any of them: one endpoint serving several role variants (GET /order/getList for
 * orders, orders-merchant, ...) is open to a role that has the action on one of its variants.
 */
export type Access = 'public' | 'authenticated' | { action: Action; subject: Subject | readonly Subject[] };

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface Services {
  db: Db;
  config: ServerConfig;
  // Hooks the domains hand in (server/app.ts wires them), so this framework imports no domain module.
  /** The caller as the abilities see it (a supplier with its agents), or null for an unknown role. */
  abilityUser: (db: Db, user: UserRow) => Promise<AbilityUser | null>;
  /** The check behind a route's `googleCode` switch. */
  checkActionCode: ActionCodeCheck;
  /** This app's Prometheus instruments (server/metrics): each app instance has its own. */
  metrics: AppMetrics;
}

export interface RouteContext<B, Q> {
  /** The transaction for mutations, the plain database for reads. */
  db: Db;
  services: Services;
  body: B;
  query: Q;
  lang: Language;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Set for every route that is not public. */
  user: UserRow;
  session: SessionRow;
  ability: AppAbility;
  /**
   * Writes an audit record in the same transaction, typed as the route says (`auditType`) unless
   * `type` is given. A mutation that writes none gets a generic one (server/http/audit-trail.ts).
   */
  audit: (action: string, target: string | number | null, before?: unknown, after?: unknown, type?: AuditType) => Promise<void>;
  /**
   * Runs `task` on the plain database if this request ends refused, after its transaction rolled
   * back: how a refusal still records something (a failed Google code counts toward the lock).
   */
  afterRefusal: (task: RefusalTask) => void;
}

/** Work a refusal must still do; it may throw an AppError that replaces the refusal. */
export type RefusalTask = (db: Db) => Promise<void>;

export interface RouteSpec<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Path below /v1.0, e.g. '/user/login'. */
  url: string;
  access: Access;
  body?: B;
  query?: Q;
  /**
   * A Google-code switch (setting GoogleVerify<X>) guarding this action: while it is on, the
   * request's `googleCode` field must be a fresh code of the caller's bound authenticator.
   */
  googleCode?: GoogleGuarded;
  /** Needs the second-level token of login2 (1024 without one, 1025 when expired). */
  secondLevel?: boolean;
  /** Throttled per client IP (login, login2): LOGIN_RATE_LIMIT requests per minute, see server/config.ts. */
  rateLimited?: true;
  /**
   * Throttled per signed-in user: at most `max` calls in each window of `minutes` (./user-throttle.ts),
   * so no user can fill a table through the route.
   */
  userRateLimit?: readonly { max: number; minutes: number }[];
  /** false for the few mutations that write outside one transaction (login writes its session). */
  transaction?: false;
  /** A GET that changes data (the platform has a few, e.g. /admin/deleteUser): runs in a transaction too. */
  mutates?: true;
  /**
   * Moves money or state exactly once: an `Idempotency-Key` header makes a repeat of the request
   * replay the first answer instead of acting again (server/http/idempotency.ts).
   */
  idempotent?: true;
  /**
   * The audit log's type for this route's rows. Default: payment operation for idempotent routes,
   * create for `/add`-like paths, update for other mutations, fetch for reads (GETs, and POSTs
   * declared so: audited only when refused or when the handler writes a row). 'none': a read sent as POST (getInfo) or machine
   * telemetry: no generic row on success, its rows typed general.
   */
  auditType?: AuditType | 'none';
  /** The action recorded when the handler writes no row itself (a refusal, a generic success); default the path. */
  auditAction?: string;
  /**
   * 'firstPerMinute': a public route that anyone can call without a session (the merchant API,
   * device ingest) records a refusal once per client address, code and minute (./throttled.ts),
   * so a flood of refused requests cannot become a flood of audit writes. Default: every refusal.
   */
  refusalsAudited?: 'firstPerMinute';
  /** A success is a file download (text/csv, ./file-answer.ts), not the envelope; refusals are still the envelope. */
  download?: true;
  handler: (ctx: RouteContext<z.infer<B>, z.infer<Q>>) => Promise<unknown>;
}

/** Declares a route; the identity function exists for type inference. */
export function route<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType>(spec: RouteSpec<B, Q>): RouteSpec<B, Q> {
  return spec;
}
