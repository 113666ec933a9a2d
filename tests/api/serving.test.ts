/**
 * How the built admin and the API travel: hashed assets precompressed and cached for a year,
 * index.html (and the client-side routes) revalidated, API answers compressed, security headers kept.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/client.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { DEMO_PASSWORD } from '../../server/db/seed.js';
import { setSecretsKey } from '../../server/security/secrets.js';
import { SNAPSHOT, TEST_SECRETS_KEY } from './global-setup.js';
import { LANGUAGES } from '../../providers/languages.js';
import { SIGNED_IN_PAGE, loginPageFile } from '../../providers/admin-pages.js';

const ASSET = 'assets/index-AbC123.js';
const SOURCE = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;

let app: FastifyInstance;
let database: Database;
let root: string;

beforeAll(async () => {
  // A built admin in miniature: index.html and one hashed asset with its build-time twins.
  root = mkdtempSync(path.join(tmpdir(), 'serving-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  // The pages the build writes beside it (scripts/login-page.ts), each saying which it is.
  for (const lang of LANGUAGES) writeFileSync(path.join(root, loginPageFile(lang)), `<!doctype html><form id="login-form" lang="${lang}"></form><div id="root"></div>`);
  writeFileSync(path.join(root, SIGNED_IN_PAGE), '<!doctype html><div id="root"></div><!--app-->');
  writeFileSync(path.join(root, ASSET), SOURCE);
  writeFileSync(path.join(root, `${ASSET}.br`), brotliCompressSync(SOURCE));
  writeFileSync(path.join(root, `${ASSET}.gz`), gzipSync(SOURCE));
  setSecretsKey(TEST_SECRETS_KEY);
  database = await openPglite({ loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
  app = await buildApp({ database, config: { ...readConfig({}), staticDir: root } });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('answers a hashed asset with its brotli twin and a year-long immutable cache', async () => {
    const res = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SOURCE);
  });

  it('falls back to gzip, then to the plain file, by Accept-Encoding', async () => {
    const gz = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SOURCE);
    const plain = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SOURCE);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html and the client-side routes, with the security headers kept', async () => {
    for (const url of ['/', '/index.html', '/order/list']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(html, url).toContain('<div id="root">');
    }
  });
});

describe('the admin page a request gets', () => {
  const page = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['vary'], url).toMatch(/accept-language/i);
    expect(res.headers['vary'], url).toMatch(/cookie/i);
    return res.body;
  };

  it('is the login page with its form in the browser language, by the spec rule, on the root and every client route', async () => {
    for (const url of ['/', '/login', '/order/list?currentPage=2']) {
      expect(await page(url, { 'accept-language': 'en-US,en;q=0.9' })).toContain('lang="en-US"');
      expect(await page(url, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toContain('lang="zh-CN"');
      // zh-TW is shown when saved in the browser only; another browser language gets the default.
      expect(await page(url, { 'accept-language': 'zh-TW,zh;q=0.9' })).toContain('lang="zh-CN"');
      expect(await page(url, { 'accept-language': 'fr-FR', cookie: 'language=zh-TW' })).toContain('lang="zh-TW"');
      expect(await page(url, {})).toContain('lang="zh-CN"');
    }
  });

  it('follows a language picked with the switch over the browser language', async () => {
    expect(await page('/login', { 'accept-language': 'en-US', cookie: 'language=zh-TW' })).toContain('lang="en-US"');
    expect(await page('/login', { 'accept-language': 'en-US', cookie: 'language=zh-TW; languageChosen=1' })).toContain('lang="zh-TW"');
  });

  it('is the app without a form for a browser that holds a session', async () => {
    const body = await page('/order/list', { 'accept-language': 'en-US', cookie: 'language=en-US; token=abc' });
    expect(body).toContain('<!--app-->');
    expect(body).not.toContain('login-form');
    expect(await page('/login', { cookie: 'token=' })).toContain('login-form');
  });
});

describe('HEAD', () => {
  it('answers a page as GET does, without a body: client-side routes, index.html and assets', async () => {
    for (const url of ['/', '/login', '/order/list', '/index.html', `/${ASSET}`]) {
      const headers = { 'accept-encoding': 'identity' };
      const get = await app.inject({ method: 'GET', url, headers });
      const head = await app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control', 'content-security-policy']) expect(head.headers[name], `${url} ${name}`).toEqual(get.headers[name]);
    }
  });
});

describe('API answers', () => {
  it('compresses a large answer and leaves a small one alone, still uncacheable', async () => {
    const login = await app.inject({ method: 'POST', url: '/v1.0/user/login', payload: { userName: 'admin', password: DEMO_PASSWORD } });
    expect(login.headers['content-encoding']).toBeUndefined();
    const token = login.json().data.token as string;
    const large = await app.inject({ url: '/v1.0/merchant/getList?pageIndex=1&pageSize=50', headers: { token, 'accept-encoding': 'br, gzip' } });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(body.code).toBe(200);
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);
    const small = await app.inject({ url: '/v1.0/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();

    // An export is a stream: compressed as it goes, whatever its length, the same file either way.
    const exportUrl = '/v1.0/order/exportList';
    const plain = await app.inject({ url: exportUrl, headers: { token } });
    const gzipped = await app.inject({ url: exportUrl, headers: { token, 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });
});
