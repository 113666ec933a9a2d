/**
 * The e2e servers of a run start from one seeded database: the first to start migrates and seeds
 * it and keeps a copy in E2E_SEED (a file per run, named by playwright.config.ts); the others load
 * that copy in a second instead of seeding again, which took each of them many seconds of CPU at
 * the moment all of them start. Who seeds is decided by a lock directory (mkdir is atomic).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPglite } from '../../server/db/client.js';
import { seedDemo } from '../../server/db/seed.js';
import '../../server/seeders.js';

/** A lock older than this was left by a server that died while seeding: it is taken over. */
const STALE_LOCK_MS = 300_000;

/** Fills `dataDir` with the run's seeded database, seeding it (and keeping the copy) when no server has yet. */
export async function seededDataDir(dataDir: string, copy: string): Promise<void> {
  const lock = `${copy}.lock`;
  for (;;) {
    if (existsSync(copy)) {
      const database = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(copy)]) });
      return database.close();
    }
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    const database = await openPglite({ dataDir });
    await seedDemo(database.db);
    const dump = Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer());
    await database.close();
    // Written whole before it is seen: a server never loads half a copy.
    writeFileSync(`${copy}.part`, dump);
    renameSync(`${copy}.part`, copy);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
