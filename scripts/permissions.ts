/** `npm run permissions`: prints the permissions matrix and writes it to docs/permissions.md. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PERMISSIONS_FILE, renderPermissions } from './permissions-report';

const text = renderPermissions();
process.stdout.write(text);
mkdirSync(path.dirname(PERMISSIONS_FILE), { recursive: true });
writeFileSync(PERMISSIONS_FILE, text);
console.error(`\nwritten to ${PERMISSIONS_FILE}`);
