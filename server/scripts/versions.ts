/**
 * The versioned-script calls the entity kit cannot serve: saving appends a version instead of
 * overwriting a row (and must refuse a save based on a version someone else already replaced),
 * and a diff is computed from two stored texts. Hand-written for those reasons; reads are open to
 * every screen of the declaration, saving only to the editing screen's grant.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { createTwoFilesPatch, diffLines } from 'diff';
import type { ResourceDeclaration } from '../../resources/types.js';
import { diffQuery, saveVersionSchema, scriptCalls, versionQuery, versionsQuery, type DiffLine, type ScriptDiff } from '../../resources/scripts/kit.js';
import { scripts, scriptVersions } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { route, type RouteSpec } from '../http/route.js';
import type { Db } from '../db/client.js';

export type ScriptKind = 'pay' | 'monitor';

/** The script of this kind, or "not found" (a pay script's id never opens the monitor script). */
async function scriptOf(db: Db, kind: ScriptKind, id: number, lock = false) {
  const query = db.select().from(scripts).where(and(eq(scripts.id, id), eq(scripts.kind, kind))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail('notFound');
}

async function versionText(db: Db, scriptId: number, version: number): Promise<string> {
  const [row] = await db
    .select({ text: scriptVersions.text })
    .from(scriptVersions)
    .where(and(eq(scriptVersions.scriptId, scriptId), eq(scriptVersions.version, version)))
    .limit(1);
  return row?.text ?? fail('notFound', { field: 'version' });
}

/** Lines of a line diff, numbered on the old and the new side. */
function diffOf(from: number, to: number, before: string, after: string): ScriptDiff {
  const lines: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const part of diffLines(before, after)) {
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) {
      if (part.added) lines.push({ kind: 'add', text, newLine: newLine++ });
      else if (part.removed) lines.push({ kind: 'del', text, oldLine: oldLine++ });
      else lines.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  const count = (kind: DiffLine['kind']) => lines.filter((l) => l.kind === kind).length;
  return { from, to, added: count('add'), removed: count('del'), lines, patch: createTwoFilesPatch(`v${from}`, `v${to}`, before, after) };
}

export function versionRoutes(declaration: ResourceDeclaration, kind: ScriptKind, readers: string[]): RouteSpec[] {
  const calls = scriptCalls(declaration.api.list!.replace(/\/getList$/, ''));
  const read = { action: 'show', subject: readers } as const;
  return [
    route({
      method: 'GET',
      url: calls.versions,
      access: read,
      query: versionsQuery,
      handler: async ({ db, query }) => {
        const script = await scriptOf(db, kind, query.id as number);
        return db
          .select({ version: scriptVersions.version, authorName: scriptVersions.authorName, note: scriptVersions.note, bytes: sql<number>`octet_length(${scriptVersions.text})`, createdAt: scriptVersions.createdAt })
          .from(scriptVersions)
          .where(eq(scriptVersions.scriptId, script.id))
          .orderBy(asc(scriptVersions.version));
      },
    }),
    route({
      method: 'GET',
      url: calls.version,
      access: read,
      query: versionQuery,
      handler: async ({ db, query }) => {
        const script = await scriptOf(db, kind, query.id as number);
        return { version: query.version, text: await versionText(db, script.id, query.version as number) };
      },
    }),
    route({
      method: 'GET',
      url: calls.diff,
      access: read,
      query: diffQuery,
      handler: async ({ db, query }) => {
        const script = await scriptOf(db, kind, query.id as number);
        const [from, to] = [query.from as number, query.to as number];
        return diffOf(from, to, await versionText(db, script.id, from), await versionText(db, script.id, to));
      },
    }),
    route({
      method: 'POST',
      url: calls.saveVersion,
      access: { action: 'edit', subject: declaration.name },
      body: saveVersionSchema,
      handler: async (ctx) => {
        const { body, db } = ctx;
        // Locked, so two saves of one script get consecutive numbers, never the same one.
        const script = await scriptOf(db, kind, body.id, true);
        // The editor started from an older version: saving would silently drop the newer one.
        if (body.baseVersion !== script.currentVersion) fail('stateConflict');
        if ((await versionText(db, script.id, script.currentVersion)) === body.text) fail('scriptUnchanged');
        const version = script.currentVersion + 1;
        await db.insert(scriptVersions).values({ scriptId: script.id, version, text: body.text, note: body.note ?? '', authorId: ctx.user.id, authorName: ctx.user.account });
        await db.update(scripts).set({ currentVersion: version, updatedAt: new Date() }).where(eq(scripts.id, script.id));
        // The texts stay in their versions (never changed); the audit names which versions.
        await ctx.audit(`${declaration.name}.saveVersion`, script.id, { version: script.currentVersion }, { version, note: body.note ?? '' });
        return { id: script.id, version };
      },
    }),
  ];
}
