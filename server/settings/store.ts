/** Reads and writes global settings; a setting never written answers its declared default. */
import { eq, sql } from 'drizzle-orm';
import { systemConfig } from '../db/schema/index.js';
import { SETTINGS, settingByName } from '../../resources/system-config/settings.js';
import type { Db } from '../db/client.js';
import { Statement } from '../db/prepared.js';
import { requestScope } from './request-scope.js';

export type SettingValue = { enable?: boolean; value?: number | string };

/**
 * The stored value under `key`, or undefined. Within a request every row is read once, on the first
 * read (./request-scope.ts); outside one (a background job), each read is its own query.
 */
async function storedValue(db: Db, key: string): Promise<unknown> {
  const scope = requestScope();
  if (!scope) {
    const [row] = await db.select().from(systemConfig).where(eq(systemConfig.key, key)).limit(1);
    return row?.value;
  }
  scope.settings ??= allSettings.run(db, {}).then((rows) => new Map(rows.map((row) => [row.key, row.value])));
  return (await scope.settings).get(key);
}

/** Every stored setting: read once by nearly every request (server/db/prepared.ts). */
const allSettings = new Statement((db: Db) => db.select().from(systemConfig));

/** Every stored setting as one JSON object, for a statement that reads them along with its own rows (order creation's first). */
export const settingsObject = () => sql<Record<string, unknown> | null>`(select json_object_agg(${systemConfig.key}, ${systemConfig.value}) from ${systemConfig})`;

/** Gives the request the settings another statement read (settingsObject), unless it read them already. */
export function settingsRead(stored: Record<string, unknown> | null): void {
  const scope = requestScope();
  if (scope && !scope.settings) scope.settings = Promise.resolve(new Map(Object.entries(stored ?? {})));
}

/** A write makes the request read the table afresh. */
function forgetRead(): void {
  const scope = requestScope();
  if (scope) scope.settings = undefined;
}

export async function getSetting(db: Db, name: string): Promise<SettingValue> {
  const declaration = settingByName(name);
  if (!declaration) throw new Error(`unknown setting ${name}`);
  const stored = await storedValue(db, declaration.name);
  const raw = stored !== undefined ? (stored as boolean | number | string) : declaration.default;
  return declaration.kind === 'enable' ? { enable: Boolean(raw) } : { value: raw as number | string };
}

/** Every setting at once (the config screen's one read): one query, defaults for those never written. */
export async function getAllSettings(db: Db): Promise<Record<string, SettingValue>> {
  const stored = new Map((await db.select().from(systemConfig)).map((row) => [row.key, row.value as boolean | number | string]));
  return Object.fromEntries(
    SETTINGS.map((s) => {
      const raw = stored.has(s.name) ? stored.get(s.name)! : s.default;
      return [s.name, s.kind === 'enable' ? { enable: Boolean(raw) } : { value: raw as number | string }];
    }),
  );
}

export async function setSetting(db: Db, name: string, raw: boolean | number | string): Promise<void> {
  const declaration = settingByName(name);
  if (!declaration) throw new Error(`unknown setting ${name}`);
  forgetRead();
  await db
    .insert(systemConfig)
    .values({ key: declaration.name, value: raw })
    .onConflictDoUpdate({ target: systemConfig.key, set: { value: raw, updatedAt: new Date() } });
}

/** Reads a structured setting (the trusted-chain parameters, the global security setting) stored under its own key. */
export async function getConfigObject<T extends object>(db: Db, key: string, defaults: T): Promise<T> {
  return { ...defaults, ...((await storedValue(db, key)) as Partial<T> | undefined) };
}

export async function setConfigObject(db: Db, key: string, value: object): Promise<void> {
  forgetRead();
  await db
    .insert(systemConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: systemConfig.key, set: { value, updatedAt: new Date() } });
}
