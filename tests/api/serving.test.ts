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

    // An export reads the same compressed or not.
    const exportUrl = '/v1.0/order/exportList';
    const plain = await app.inject({ url: exportUrl, headers: { token } });
    const gzipped = await app.inject({ url: exportUrl, headers: { token, 'accept-encoding': 'gzip' } });
    expect(plain.json().code).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe(plain.rawPayload.length > 1024 ? 'gzip' : undefined);
    const exported = gzipped.headers['content-encoding'] ? gunzipSync(gzipped.rawPayload).toString() : gzipped.body;
    // The file name carries the second it was made, which may differ between the two calls.
    const content = (body: { data: { csv: string; rows: number } }) => ({ csv: body.data.csv, rows: body.data.rows });
    expect(content(JSON.parse(exported))).toEqual(content(plain.json()));
  });
});
