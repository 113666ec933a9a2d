/**
 * How `npm test` and `npm run test:rest` (scripts/test-all.ts) share the API files. Every file runs
 * once on the embedded database in `npm test` and again on PostgreSQL (API_DB=postgres) in the rest,
 * but for the files that open their own databases whatever API_DB says, or none: each of those runs
 * once, in the pass named below, so neither pass repeats the other.
 */

/** Slow files on databases of their own (backups, faults, the whole seed, migrations, WORKERS=2): the rest's pass. */
export const REST_ONLY = [
  'tests/api/backup-restore.test.ts',
  'tests/api/workers.test.ts',
  'tests/api/faults-*.test.ts',
  'tests/api/seed.test.ts',
  'tests/api/check-ledger-script.test.ts',
  'tests/api/payment-references-migration.test.ts',
];

/** Quick files on databases of their own or none, PostgreSQL's races among them (in `npm test` on purpose): the first pass. */
const FIRST_ONLY = ['tests/api/*-postgres.test.ts', 'tests/api/postgres.test.ts', 'tests/api/serving.test.ts', 'tests/api/permissions-table.test.ts'];

/**
 * The files the pass named by API_PASS leaves to the other (scripts/test-all.ts sets it; read by
 * vite.config.ts, as Vitest's --exclude does not reach a project's own list): `first` leaves
 * REST_ONLY, `postgres` FIRST_ONLY; unset, nothing.
 */
export function skippedByPass(pass = process.env.API_PASS): string[] {
  if (pass === 'first') return REST_ONLY;
  if (pass === 'postgres') return FIRST_ONLY;
  return [];
}

