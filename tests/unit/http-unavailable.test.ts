/**
 * HTTP 503 (the server's database out of reach, or a proxy with the server down) shows the app's
 * own notice in the interface language, whether or not the answer is the API's envelope.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, get, httpHooks } from '../../src/providers/http';
import { LANGUAGES } from '../../providers/languages';

const appTexts = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/app.json`, 'utf8')) as Record<string, string>;
let body = '';

beforeAll(async () => {
  await i18next.init({ lng: 'zh-CN', fallbackLng: false, resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: { app: appTexts(lang) } }])) });
});
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(body, { status: 503 }));
  httpHooks.showError = vi.fn();
  httpHooks.logError = vi.fn();
  // As the app plugs it in (src/Root.tsx).
  httpHooks.text = (key) => i18next.t(key);
});
afterAll(() => vi.unstubAllGlobals());

describe('HTTP 503', () => {
  it.each(LANGUAGES.map((lang) => [lang]))('shows the service-unavailable notice in %s and rejects', async (lang) => {
    await i18next.changeLanguage(lang);
    for (const reply of [JSON.stringify({ code: 4290, data: null, msg: 'from the server' }), 'Service Unavailable']) {
      body = reply;
      const error: unknown = await get('/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(503);
      expect(httpHooks.showError).toHaveBeenLastCalledWith(appTexts(lang).serviceUnavailable);
    }
    expect(appTexts(lang).serviceUnavailable).toMatch(/.{6,}/);
  });

  it('stays quiet for a silent call', async () => {
    body = 'Service Unavailable';
    await expect(get('/x', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(httpHooks.showError).not.toHaveBeenCalled();
  });
});
