/**
 * Work done when the server stops: after it stops taking requests, before its database closes. The
 * browser tests' servers check the ledger there (tests/e2e/serve.ts): PGlite admits one process, so
 * the check cannot open the database from outside while the server holds it.
 */
import type { Db } from './db/client.js';

type StopHook = (db: Db) => Promise<void>;
const hooks: StopHook[] = [];

export function onStop(hook: StopHook): void {
  hooks.push(hook);
}

/** Runs every hook; one that fails is logged and does not keep the others or the shutdown from running. */
export async function runStopHooks(db: Db): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(db);
    } catch (error) {
      console.error('A stop hook failed:', error);
    }
  }
}
