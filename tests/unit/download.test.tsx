/**
 * Downloads in the admin (src/providers/download.ts): a file answer is read whole and named as the
 * server's Content-Disposition says (RFC 5987 first); a refusal answered as the envelope meets the
 * HTTP client's handling (an error, the second-level window and a retry); a body cut off midway
 * fails the download. The list's Export button saves the file and says when the cap cut the list.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { ApiError, httpHooks } from '../../src/providers/http';
import { download, fileNameOf } from '../../src/providers/download';
import { ExportButton } from '../../src/components/resource/ExportButton';
import { FeedbackProvider } from '../../src/common/feedback/Feedback';

const CSV = '\uFEFFOrder ID,Remarks\r\n1,"\'=1+1"\r\n';
const NAME = '订单 export-20260105.csv';
const fileReply = (headers: Record<string, string> = {}) =>
  new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="__ export-20260105.csv"; filename*=UTF-8''${encodeURIComponent(NAME)}`, ...headers } });
const envelope = (code: number, msg: string) => new Response(JSON.stringify({ code, data: null, msg }), { headers: { 'content-type': 'application/json; charset=utf-8' } });

let replies: (() => Response)[] = [];
let calls: { url: string; init: RequestInit }[] = [];

beforeAll(async () => {
  const list = JSON.parse(readFileSync('locales/en-US/list.json', 'utf8')) as Record<string, string>;
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: { list } } } });
});
beforeEach(() => {
  replies = [];
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return replies.shift()!();
  });
  httpHooks.showError = vi.fn();
  httpHooks.logError = vi.fn();
  httpHooks.secondLogin = vi.fn(async () => true);
  Cookies.set('token', 'T1');
  Cookies.set('token2', 'T2');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('download', () => {
  it('reads a file answer with the session headers and names it from filename*', async () => {
    replies.push(() => fileReply({ 'x-export-rows': '1' }));
    const file = await download('/order/exportList', { merchantId: 3, orderCode: '' });
    expect(calls[0].url).toBe('/v1.0/order/exportList?merchantId=3');
    expect(calls[0].init.headers).toMatchObject({ token: 'T1', token2: 'T2' });
    expect(file.fileName).toBe(NAME);
    // Byte for byte, the byte order mark kept for the spreadsheet that opens the file.
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.blob.arrayBuffer())).toBe(CSV);
    expect(file.headers.get('x-export-rows')).toBe('1');
  });

  it('names a file by its plain filename, else the fallback', () => {
    expect(fileNameOf('attachment; filename="B001-iciciBulk.csv"', 'x.csv')).toBe('B001-iciciBulk.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''%E4%B8%AD.csv", 'x.csv')).toBe('中.csv');
    expect(fileNameOf("attachment; filename=\"a.csv\"; filename*=UTF-8''%E4%B8%ZZ.csv", 'x.csv')).toBe('a.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });

  it('rejects a refusal answered as the envelope, its message shown unless silent', async () => {
    replies.push(() => envelope(4003, 'Forbidden'), () => envelope(4000, 'Invalid parameter: sortField'));
    await expect(download('/order/exportList')).rejects.toMatchObject({ code: 4003, message: 'Forbidden' });
    expect(httpHooks.showError).toHaveBeenCalledWith('Forbidden');
    await expect(download('/order/exportList', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(httpHooks.showError).toHaveBeenCalledTimes(1);
  });

  it('asks for the second-level password on 1024 and fetches again; a closed window is a cancelled prompt', async () => {
    replies.push(() => envelope(1024, 'second level'), () => fileReply());
    expect((await download('/payoutBatch/download', { id: 7 })).fileName).toBe(NAME);
    expect(httpHooks.secondLogin).toHaveBeenCalledWith(1024);
    expect(calls).toHaveLength(2);
    httpHooks.secondLogin = vi.fn(async () => false);
    replies.push(() => envelope(1025, 'expired'));
    const error = await download('/payoutBatch/download', { id: 7 }).catch((e: unknown) => e);
    expect((error as ApiError).promptCancelled).toBe(true);
  });

  it('fails when the server cuts the body off after the first bytes', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(CSV));
        controller.error(new TypeError('network error'));
      },
    });
    replies.push(() => new Response(cut, { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    await expect(download('/order/exportList')).rejects.toThrow('network error');
  });
});

describe('the Export button', () => {
  const api = { list: '/order/getList', export: '/order/exportList' };
  async function press() {
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    await act(async () => {
      render(
        <FeedbackProvider>
          <ExportButton api={api} filters={[{ field: 'merchantId', operator: 'eq', value: 3 }]} sorters={[]} />
        </FeedbackProvider>,
      );
    });
    await act(async () => fireEvent.click(screen.getByTestId('list-export')));
    return saved;
  }

  it('saves the file under its name and says how many rows the cap let through', async () => {
    replies.push(() => fileReply({ 'x-export-rows': '10000', 'x-export-truncated': 'true' }));
    const saved = await press();
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].download).toBe(NAME);
    expect(calls[0].url).toContain('merchantId=3');
    expect(await screen.findByText('Only the first 10000 rows were exported: narrow the filters for the rest')).toBeTruthy();
  });

  it('shows the refusal and saves nothing', async () => {
    replies.push(() => envelope(4003, 'Forbidden'));
    const saved = await press();
    expect(await screen.findByText('Export Failed: Forbidden')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
