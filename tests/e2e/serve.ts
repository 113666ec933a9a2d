/** Starts the real server for e2e on a fresh throwaway PGlite directory (deleted on exit). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'payadmin-e2e-'));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = '';
// The server logs every request at info; the e2e output keeps warnings and errors only.
process.env.LOG_LEVEL ??= 'warn';
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
// The order-list tests' orders, written with the demo data of the new database.
await import('./order-seed.js');
await import('../../server/main.js');
