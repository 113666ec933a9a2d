/**
 * Vite plugin: after the build writes its files, every hashed asset worth it (JS, CSS, JSON, SVG
 * over 1 KB) gets a `.br` (brotli at full quality) and a `.gz` twin next to it. The server
 * (server/http/static-files.ts) sends the twin the browser accepts, so compressing costs nothing
 * per request and brotli can use its slowest, smallest setting.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A twin that saves nothing would only cost a disk read.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
}

/** Compresses the files under `<outDir>/<assetsDir>` once the bundle is written. */
export function precompress(): Plugin {
  let dir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const files = (await readdir(dir, { recursive: true })).map(String).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map((f) => compressFile(path.join(dir, f))));
    },
  };
}
