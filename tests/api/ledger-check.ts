/** The money invariants as a closing check of an API test file that moves money. */
import { afterAll, expect } from 'vitest';
import { checkLedger, formatLedgerReport } from '../../server/ledger/invariants.js';
import type { TestServer } from './harness.js';

/**
 * After the file's tests (and before its server closes: hooks run last-registered first), every
 * money invariant still holds on its database.
 */
export function checkLedgerAfterAll(server: TestServer): void {
  afterAll(async () => {
    const report = await checkLedger(server.database.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
  });
}
