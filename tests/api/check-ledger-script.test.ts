/**
 * `npm run check:ledger` as an operator runs it: on an embedded database in DATA_DIR, exit 0 with
 * the summary when the ledger is sound, exit 1 with the report once a row is broken, exit 2 when
 * there is no database to check.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { SNAPSHOT } from './global-setup.js';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'check-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function checkLedger(dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/check-ledger.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('npm run check:ledger', () => {
  it('passes on the demo database, fails with a report once a row is broken, and refuses a missing one', async () => {
    const data = path.join(dir, 'data');
    const seeded = await PGlite.create({ dataDir: data, loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
    await seeded.close();
    const sound = await checkLedger(data);
    expect(sound.out).toMatch(/^Ledger OK: \d+ ledger rows in \d+ postings, \d+ members, \d+ collection orders, \d+ payouts; every invariant holds\.$/m);
    expect(sound.code).toBe(0);

    const broken = await PGlite.create({ dataDir: data });
    await broken.exec(`update ledger_entries set amount = amount + 1 where id = (select min(id) from ledger_entries where account = 'platformFee')`);
    await broken.close();
    const report = await checkLedger(data);
    expect(report.out).toMatch(/^Ledger BROKEN: 1 breaks .*\n {2}unbalancedPosting \(1\):\n {4}- order \S+: \d+ rows sum to 1, not 0$/m);
    expect(report.code).toBe(1);

    const missing = await checkLedger(path.join(dir, 'none'));
    expect(missing.out).toMatch(/No database in/);
    expect(missing.code).toBe(2);
  }, 180_000);
});
