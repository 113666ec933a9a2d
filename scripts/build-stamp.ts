/**
 * Whether dist/ was built from the sources as they are now: a hash of everything the admin's build
 * reads, written beside the build. `npm run test:rest` after `npm test` (as CI runs them) then
 * skips a second, identical build; any change to a source builds again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What `vite build` reads: the admin's sources, the declarations, locales, the build's own plugins and the lock file. */
const INPUTS = ['src', 'resources', 'providers', 'locales', 'scripts', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const STAMP = 'dist/.sources-hash';

function addFile(hash: ReturnType<typeof createHash>, file: string): void {
  if (statSync(file).isDirectory()) {
    for (const entry of readdirSync(file).sort()) addFile(hash, path.join(file, entry));
    return;
  }
  hash.update(file).update('\0').update(readFileSync(file)).update('\0');
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) if (existsSync(input)) addFile(hash, input);
  return hash.digest('hex');
}

export const buildIsCurrent = (): boolean => existsSync(STAMP) && readFileSync(STAMP, 'utf8') === sourcesHash();

/** Records the sources dist/ was just built from; true, to chain after a successful build. */
export function markBuild(): true {
  writeFileSync(STAMP, sourcesHash());
  return true;
}
