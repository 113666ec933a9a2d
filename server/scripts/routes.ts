/**
 * Versioned scripts served by the entity kit (list, detail, create with version 1, metadata edit),
 * one store per declaration of resources/scripts, plus the version calls (./versions.ts) and the
 * pay scripts' call records, which the external pay runner reports (./call-ingest.ts). This server
 * stores scripts; it never executes them.
 */
import { and, eq, ne } from 'drizzle-orm';
import { monitorScripts, payScripts } from '../../resources/scripts/index.js';
import { payScriptCalls as callsDeclaration } from '../../resources/scripts/calls.js';
import type { ResourceDeclaration } from '../../resources/types.js';
import { payScriptCalls, scripts, scriptVersions } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import { readers } from '../crud/query.js';
import type { Ctx, EntityStore } from '../crud/store.js';
import { fail } from '../errors.js';
import { versionRoutes, type ScriptKind } from './versions.js';
import { payScriptCallIngest } from './call-ingest.js';

type Values = Record<string, unknown>;

/** A name is used once per kind (a pay script and the monitor script may share one). */
async function assertFreeName(ctx: Ctx, kind: ScriptKind, name: unknown, exceptId?: number) {
  if (name === undefined) return;
  const [clash] = await ctx.db
    .select({ id: scripts.id })
    .from(scripts)
    .where(and(eq(scripts.kind, kind), eq(scripts.name, name as string), exceptId ? ne(scripts.id, exceptId) : undefined))
    .limit(1);
  if (clash) fail('duplicate');
}

const metadata = (body: Values): Values =>
  Object.fromEntries(['name', 'target', 'language', 'enabled'].filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

function scriptRoutes(declaration: ResourceDeclaration, kind: ScriptKind) {
  const store: EntityStore = {
    declaration,
    table: scripts,
    audit: declaration.name,
    where: () => eq(scripts.kind, kind),
    toInsert: async (ctx, body) => {
      await assertFreeName(ctx, kind, body.name);
      return { ...metadata(body), kind, currentVersion: 1 };
    },
    // Version 1 is the text the script was created with.
    afterInsert: async (ctx, row, body) => {
      await ctx.db.insert(scriptVersions).values({ scriptId: row.row.id as number, version: 1, text: body.text as string, note: (body.note as string | undefined) ?? '', authorId: ctx.user.id, authorName: ctx.user.account });
    },
    // Only the metadata: the text changes by saving a new version.
    toUpdate: async (ctx, body, before) => {
      await assertFreeName(ctx, kind, body.name, before.row.id as number);
      return { ...metadata(body), updatedAt: new Date() };
    },
  };
  return entityRoutes({ ...store, extraRoutes: versionRoutes(declaration, kind, readers(store)) });
}

const callsRoutes = entityRoutes({
  declaration: callsDeclaration,
  table: payScriptCalls,
  audit: 'payScriptCalls',
  joins: [{ as: 'script', table: scripts, on: eq(scripts.id, payScriptCalls.scriptId) }],
  columns: { scriptName: scripts.name },
  view: async (_db, rows) => rows.map((r) => ({ ...r.row, scriptName: r.script?.name ?? '' })),
});

export const scriptRoutesAll = [...scriptRoutes(payScripts, 'pay'), ...scriptRoutes(monitorScripts, 'monitor'), ...callsRoutes, payScriptCallIngest];
