/**
 * Where a declared entity lives on the server: its table (named once, here), the joins and columns
 * of fields stored elsewhere, and the hooks for what is truly its own (hashing a password, a
 * profile row beside the user, ending sessions). Everything else (paths, fields, filters, schemas,
 * abilities) comes from the declaration in resources/.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types.js';
import type { Db } from '../db/client.js';
import type { RouteContext, RouteSpec } from '../http/route.js';
import type { OrderKey } from './keyset.js';

/** One selected row: the entity's own table as `row`, each joined table under its name (null when absent). */
export type Selected = { row: Record<string, unknown> } & Record<string, Record<string, unknown> | null>;
export type Ctx = RouteContext<any, any>;
type Values = Record<string, unknown>;

export interface EntityStore {
  declaration: ResourceDeclaration;
  table: PgTable;
  /**
   * Tables read beside it (left joins), each under a name of the Selected row: the columns given
   * (the busy lists read only the names they show), else the whole row.
   */
  joins?: { as: string; table: PgTable; on: SQL; columns?: Record<string, PgColumn> }[];
  /** Columns of fields that are not columns of `table` (a column of a joined table). */
  columns?: Record<string, PgColumn>;
  /** What every query of the entity carries (users of one role, agents only), from the request. */
  where?: (ctx: Ctx) => SQL | undefined;
  /** Filters whose SQL is the entity's own, by query name (isProxy: the orders of the caller's agents). */
  filters?: Record<string, (value: unknown, ctx: Ctx) => SQL>;
  /**
   * The API answers only the id and the declared fields the caller may see (a field `onlyFor`
   * some screens goes only to callers who may list one of them), never the table's other columns,
   * and applies only the filters of those fields.
   */
  declaredOnly?: boolean;
  /**
   * Lists stop counting past this many rows (a count walks every matching row, too slow on a
   * million orders): the total answers the limit with `totalCapped: true`. Unset: exact totals.
   */
  countLimit?: number | ((ctx: Ctx) => Promise<number | undefined>);
  /** Most rows one export (`api.export`) writes; default the server's EXPORT_MAX_ROWS (10,000). */
  exportLimit?: number;
  /** Soft delete: deleting sets it, lists hide such rows unless `withDeleted`, restore clears it. */
  deletedAt?: PgColumn;
  /** List order, its last key unique (the id); default newest first. Exports read it by keyset (./keyset.ts). */
  orderBy?: OrderKey[];
  /** Fields whose value no two rows share: a clash answers `duplicate` before anything is written. */
  unique?: string[];
  /** Audit action prefix (`bankNumber` -> bankNumber.create, .update, .delete, .restore). */
  audit: string;
  /** Shapes a page of rows for the API in one go (balances, names, masks); default the row itself. */
  view?: (db: Db, rows: Selected[], ctx: Ctx) => Promise<Values[]>;
  /** Columns to insert for a valid create body; default the body's fields that are columns. */
  toInsert?: (ctx: Ctx, body: Values) => Promise<Values> | Values;
  /** Columns to set for a valid edit body; default the body's given fields that are columns. */
  toUpdate?: (ctx: Ctx, body: Values, before: Selected) => Promise<Values> | Values;
  /**
   * What restoring asks of the caller beyond the ability: restoring a deleted account is a balance
   * operation (its money comes back into play), so it needs the second-level password and the
   * BalanceOperation Google code.
   */
  restoreGuard?: Pick<RouteSpec, 'secondLevel' | 'googleCode'>;
  /**
   * What creating, editing and deleting ask beyond the ability: an IP rule is changed only with a
   * Google code while its switch is on; a user product rate (every fee follows it) only with the
   * second-level password.
   */
  changeGuard?: Pick<RouteSpec, 'secondLevel' | 'googleCode'>;
  /** Columns to set on restore besides clearing deletedAt (a restored account's new name). */
  toRestore?: (ctx: Ctx, body: Values, before: Selected) => Values;
  /**
   * A change that waits for an admin's review (a supplier's changes to its agents while
   * ReviewAgentChanges is on): called once the change passed every check, before anything is
   * written; an answer returned is the call's answer and the change is not made.
   */
  review?: (ctx: Ctx, change: { action: 'create' | 'update' | 'delete'; input: Values; before?: Selected }) => Promise<unknown>;
  /** Work after a write, in the same transaction (a profile row, ending sessions). */
  afterInsert?: (ctx: Ctx, row: Selected, body: Values) => Promise<void>;
  afterUpdate?: (ctx: Ctx, before: Selected, body: Values) => Promise<void>;
  afterDelete?: (ctx: Ctx, before: Selected) => Promise<void>;
  /**
   * Calls of `api` a hand-written route serves instead of the kit (an order's detail with its
   * ledger rows and audit trail; an ingest client's create, which answers its new token once):
   * the kit leaves them out.
   */
  handWritten?: readonly ('list' | 'one' | 'export' | 'create')[];
  /** Routes of the entity's own calls (`api.calls`), registered with the CRUD ones. */
  extraRoutes?: RouteSpec[];
}
