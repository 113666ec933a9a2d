/**
 * Files the server streams as downloads (list exports, a payout batch's bank file): fetched by the
 * one HTTP client (./http.ts: the session headers, and a refusal answered as the envelope meets
 * the same handling as any call: its message, the second-level window and a retry, a login page
 * for an expired session), then saved under the name the server gave.
 */
import { request, type RequestOptions } from './http';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  headers: Headers;
}

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` (RFC 5987) when present,
 * else the plain `filename`, else `fallback`.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*\s*=\s*UTF-8''([^;\s]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return disposition?.match(/filename\s*=\s*"([^"]*)"/i)?.[1] ?? disposition?.match(/filename\s*=\s*([^;\s]+)/i)?.[1] ?? fallback;
}

/** Fetches a file; a body cut off by the server (an error after the first byte) rejects here. */
export async function download(path: string, query?: Record<string, unknown>, options: RequestOptions = {}, fallbackName = 'download.csv'): Promise<DownloadedFile> {
  const response = await request<Response>(path, { ...options, method: 'GET', query, file: true });
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName), headers: response.headers };
}

/** Saves a blob as a file through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
