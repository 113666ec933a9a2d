/**
 * How the built admin and the API answers travel: compressed, and cached by what they are.
 *  - /assets/* carry a content hash in their names, so browsers keep them for a year without asking
 *    again; their brotli and gzip twins are written at build time (scripts/precompress.ts) and picked
 *    by Accept-Encoding, so no CPU is spent compressing them per request;
 *  - the admin's pages (the answer of the root and every client-side route, ./admin-page.ts) are
 *    revalidated on each visit, so a new build reaches users at once;
 *  - API answers above 1 KB are compressed on the fly (streams such as CSV exports stay streams).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Compresses the answers that are not already compressed (the precompressed assets are left alone). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

/** Serves the built admin from `root`; its pages (also the SPA fallback, via sendFile) are never cached stale. */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  const assets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The root is answered like every client route, with the page for the request (app.ts).
    index: false,
    preCompressed: true,
    // The cache header is ours alone (send's default max-age=0 would stand beside it).
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      // Every file may be answered in brotli, gzip or plain: caches must key on the encoding asked.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
