/**
 * The audit trail every route leaves, written by the framework so no handler can forget it: a
 * mutation that wrote no row of its own gets a generic one (its action and what was asked), and a
 * refused call gets a failure row with the refusal's code and message, written after its
 * transaction rolled back. Successful reads leave nothing (a sensitive read writes its own row).
 */
import type { AuditType } from '../../resources/audit-records/types.js';
import type { Db } from '../db/client.js';
import { type AuditScope, writeAudit } from '../audit/write.js';
import type { RouteSpec } from './route.js';

const CREATE_PATH = /\/(add|create|save|insert)[A-Za-z]*$/i;
/** Paths whose input is a secret as a whole (setBotToken's `value`): the row keeps only the field names. */
const SECRET_PATH = /token|secret|password|key/i;
/** Input fields that name what a call acts on, in order of preference. */
const TARGET_FIELDS = ['id', 'orderCode', 'orderId', 'userId', 'batchId'];

const isMutation = (spec: RouteSpec) => spec.method === 'POST' || spec.mutates === true;

/** The type of the route's rows, and whether a success is recorded generically. */
function auditTypeOf(spec: RouteSpec): { type: AuditType; onSuccess: boolean } {
  if (spec.auditType === 'none') return { type: 'general', onSuccess: false };
  const type: AuditType = spec.auditType ?? (spec.idempotent ? 'paymentOperation' : !isMutation(spec) ? 'fetch' : CREATE_PATH.test(spec.url) ? 'create' : 'update');
  // A read (even one sent as POST) leaves a row only when refused or when its handler writes one.
  return { type, onSuccess: isMutation(spec) && type !== 'fetch' };
}

export const newScope = (spec: RouteSpec, ip: string): AuditScope => ({ userId: null, account: null, ip, type: auditTypeOf(spec).type, written: false });

type Input = Record<string, unknown>;

function inputOf(spec: RouteSpec, query: unknown, body: unknown): Input | null {
  const input: Input = { ...(query && typeof query === 'object' ? query : {}), ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
  if (!Object.keys(input).length) return null;
  return SECRET_PATH.test(spec.url) ? { fields: Object.keys(input) } : input;
}

function targetOf(input: Input | null): string | null {
  const key = TARGET_FIELDS.find((k) => input && (typeof input[k] === 'string' || typeof input[k] === 'number'));
  return key ? String(input![key]) : null;
}

/** After a successful handler, in its transaction: the generic row, unless the handler wrote one. */
export async function recordSuccess(db: Db, spec: RouteSpec, scope: AuditScope, query: unknown, body: unknown): Promise<void> {
  if (scope.written || !auditTypeOf(spec).onSuccess) return;
  const input = inputOf(spec, query, body);
  await writeAudit(db, { action: spec.auditAction ?? spec.url, target: targetOf(input), before: null, after: input }, scope);
}

/**
 * After a refusal, on the plain database (the request's transaction is gone): who tried what, and
 * the answer they got. The target stays empty: nothing was acted on.
 */
export async function recordRefusal(db: Db, spec: RouteSpec, scope: AuditScope, request: { query?: unknown; body?: unknown }, code: number, msg: string): Promise<void> {
  await writeAudit(db, { action: spec.auditAction ?? spec.url, target: null, before: null, after: inputOf(spec, request.query, request.body), success: false, errorCode: code, errorMsg: msg }, scope);
}
