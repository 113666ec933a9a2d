/**
 * A success that is a file, streamed as a download instead of the envelope (a list export). A
 * handler returns one once every check passed, so a refusal still answers the envelope; what it
 * knows before the body (the rows written, whether the cap cut the list) goes in headers.
 */
import { Transform, type Readable } from 'node:stream';

export class FileAnswer {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Readable,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** Bytes of one block a file goes out in. */
const BLOCK = 64 * 1024;

/**
 * Joins the small pieces of a file (a CSV row each) into blocks of about 64 KB, so the socket and
 * the compressor get one write per block, not one per row: per-row writes cost a zlib call and a
 * chunk header each, most of an export's CPU time.
 */
export function inBlocks(): Transform {
  let held: Buffer[] = [];
  let length = 0;
  const take = () => {
    const block = Buffer.concat(held, length);
    held = [];
    length = 0;
    return block;
  };
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      held.push(piece);
      length += piece.length;
      done(null, length >= BLOCK ? take() : undefined);
    },
    flush(done) {
      done(null, length ? take() : undefined);
    },
  });
}

/**
 * `attachment` with the name twice: plain ASCII (anything else as _) for old clients, and the exact
 * name in UTF-8 (RFC 5987 `filename*`), which browsers prefer.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
