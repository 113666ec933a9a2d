/**
 * `npm start`'s build: Vite's build with its warnings and errors in full but without the line per
 * output file (about 190 lines), then one summary line. `npm run build` still prints everything,
 * with the bundle-size table.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// The notice that the config loader may change one day says nothing to someone starting the app.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const { build } = await import('vite');

/** Files and bytes under a directory (precompressed copies not counted). */
function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(gz|br)$/.test(entry.name)) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

const started = Date.now();
try {
  await build({ logLevel: 'warn' });
} catch (error) {
  // Vite has logged it already at warn level; the stack too, so nothing is cut short.
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
const { files, bytes } = sizeOf(path.resolve('dist'));
console.log(`Built the admin into dist/: ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
