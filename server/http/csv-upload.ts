/**
 * What every CSV upload shares (order batch files, bank result files): reading the multipart body
 * (its text fields and one file, within the caller's limits) and taking the file's text only if it
 * is a CSV file. Each route maps an unreadable body to its own refusal.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, fail } from '../errors.js';

export interface Upload {
  fields: Record<string, string>;
  file?: { filename: string; mimetype: string; data: Buffer };
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream', 'text/comma-separated-values']);

/**
 * Reads the multipart body (the caller checks request.isMultipart() first). A refusal raised while
 * reading passes through; any other failure (a file over fileSize, a broken body) goes to `unreadable`.
 */
export async function readUpload(request: FastifyRequest, limits: { fileSize: number; fields: number; fieldSize: number }, unreadable: (error: unknown) => never): Promise<Upload> {
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { ...limits, files: 1, parts: limits.fields + 1 } })) {
      if (part.type === 'file') upload.file = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
      else upload.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    unreadable(error);
  }
  return upload;
}

/**
 * The file's text, if it is a CSV file at all: a .csv name, a text-like type, valid UTF-8 without
 * NUL bytes (else onlyCsv). A spreadsheet or archive renamed .csv is mostly ASCII but always holds
 * NULs; no text file does, and PostgreSQL cannot store one in text.
 */
export function csvText(file: Upload['file']): string {
  if (!file || !/\.csv$/i.test(file.filename) || !CSV_TYPES.has(file.mimetype.toLowerCase()) || file.data.includes(0)) return fail('onlyCsv');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    return fail('onlyCsv');
  }
}
