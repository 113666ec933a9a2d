/**
 * Versioned scripts: one kit, declared twice (dynamic pay scripts, the monitors' script). A script
 * is its name, what it is for, its language and on/off switch, and a list of versions: saving never
 * overwrites, it appends a version. The kit serves list, detail, create (with version 1) and the
 * metadata edit; saving a version, reading one and comparing two are the script's own calls.
 * Scripts are stored and shown here, never executed by this server.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { id, optionalSwitch, queryId, remark, required } from '../common/rules';

const SCRIPT_LANGUAGES = ['javascript', 'typescript'] as const;
/** Most bytes (UTF-8) one version's text may hold. */
const SCRIPT_MAX_BYTES = 200 * 1024;

const bytes = (text: string) => new TextEncoder().encode(text).length;
/** A version's text: not blank, at most SCRIPT_MAX_BYTES. */
const scriptText = z
  .string({ error: 'required' })
  .refine((v) => v.trim().length > 0, 'required')
  .refine((v) => bytes(v) <= SCRIPT_MAX_BYTES, 'tooLong');
const target = z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(64, 'tooLong').optional());

const meta = { name: required(64), target, language: z.enum(SCRIPT_LANGUAGES), enabled: optionalSwitch };

/** The script calls beyond CRUD, under the kit's API prefix. */
export const scriptCalls = (prefix: string) => ({
  versions: `${prefix}/getVersions`,
  version: `${prefix}/getVersion`,
  saveVersion: `${prefix}/saveVersion`,
  diff: `${prefix}/diff`,
});

/** Saving a new version: the version the editor started from must still be the current one. */
export const saveVersionSchema = z.object({ id, baseVersion: id, text: scriptText, note: remark });
export const versionsQuery = z.object({ id: queryId });
export const versionQuery = z.object({ id: queryId, version: queryId });
export const diffQuery = z.object({ id: queryId, from: queryId, to: queryId });

/** A version as the API lists it (no text); `getVersion` adds the text. */
export interface ScriptVersion {
  version: number;
  authorName: string;
  note: string;
  bytes: number;
  createdAt: string;
  text?: string;
}
/** One line of a diff: added, removed or unchanged, with its line numbers on either side. */
export interface DiffLine {
  kind: 'add' | 'del' | 'same';
  text: string;
  oldLine?: number;
  newLine?: number;
}
export interface ScriptDiff {
  from: number;
  to: number;
  added: number;
  removed: number;
  lines: DiffLine[];
  /** The same change as a unified patch, for copying. */
  patch: string;
}

interface ScriptSpec {
  name: string;
  icon: string;
  /** API prefix, e.g. /payScript. */
  api: string;
  /** The list route of the editing screen; `<path>/readonly` is the read-only one. */
  path: string;
  /** Further read-only screens (another role's branch of the menu). */
  extraVariants?: NonNullable<ResourceDeclaration['variants']>;
}

const screenRoutes = (path: string) => ({ list: path, show: `${path}/show/:id` });

export function scriptDeclaration(spec: ScriptSpec): ResourceDeclaration {
  return {
    name: spec.name,
    parent: 'group.system',
    icon: spec.icon,
    labels: 'scripts',
    routes: { ...screenRoutes(spec.path), create: `${spec.path}/create`, edit: `${spec.path}/edit/:id` },
    api: { ...crudApi(spec.api, { calls: scriptCalls(spec.api) }), delete: undefined },
    fields: [
      { name: 'id', type: 'number', list: true, show: true, width: 70 },
      { name: 'name', type: 'text', list: true, filter: 'contains', primaryFilter: true, show: true, create: true, edit: true },
      { name: 'target', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, hint: 'scripts.targetHint' },
      { name: 'language', type: 'enum', options: { values: SCRIPT_LANGUAGES, labelKey: 'scripts.languages' }, list: true, show: true, create: true, edit: true, defaultValue: 'javascript' },
      { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
      { name: 'currentVersion', type: 'number', list: true, show: true, width: 110 },
      { name: 'text', type: 'text', multiline: true, create: true, hint: 'scripts.neverExecuted' },
      { name: 'note', type: 'text', create: true, hint: 'scripts.noteHint' },
      { name: 'updatedAt', type: 'datetime', list: true, filter: 'range', show: true },
      { name: 'createdAt', type: 'datetime', show: true },
    ],
    createSchema: z.object({ ...meta, text: scriptText, note: remark }),
    editSchema: z.object({ id, ...meta }),
    // The detail screen holds the code editor, the versions and their diff.
    screens: { show: 'ScriptShow' },
    variants: [{ name: `${spec.name}-readonly`, routes: screenRoutes(`${spec.path}/readonly`) }, ...(spec.extraVariants ?? [])],
  };
}
