/** The demo seed runs in one transaction: a seeder failing halfway leaves the database empty, to be seeded whole next time. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../server/db/client.js';
import { addDemoSeeder, seedDemo } from '../../server/db/seed.js';
import { users } from '../../server/db/schema/index.js';
// Every domain's seeders, as the server registers them: the seed below is the whole demo seed.
import '../../server/seeders.js';
import { SNAPSHOT } from './global-setup.js';

describe('seedDemo', () => {
  it('writes nothing when a seeder fails', async () => {
    const database = await openPglite();
    try {
      let fail = true;
      addDemoSeeder(async () => {
        if (fail) throw new Error('seeder broke');
      });
      await expect(seedDemo(database.db)).rejects.toThrow(/seeder broke/);
      const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
      expect(await count()).toBe(0);
      fail = false;
      expect(await seedDemo(database.db)).toBe(true);
      // Seeded whole: as many accounts as the suite's demo database, seeded by every seeder in one go.
      const demo = await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
      try {
        expect(await count()).toBe((await demo.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n);
      } finally {
        await demo.close();
      }
      expect(await seedDemo(database.db)).toBe(false);
    } finally {
      await database.close();
    }
    // Two databases opened and the whole demo seeded twice: over a minute on a loaded 2-core machine.
  }, 120_000);
});
