/**
 * The merchant API document (GET /v1.0/openapi.json) and its page (GET /v1.0/openapi): the document
 * is valid OpenAPI 3.1 in every language, its schemas are valid JSON Schema with every property
 * described, it names every code of the error catalogue, and it covers every route a merchant's
 * system or its payers reach: the public routes of the server's own route table, less those
 * classified below as someone else's. A public route added later fails here until it is
 * documented or classified.
 */
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LANGUAGES } from '../../providers/languages.js';
import { ERRORS } from '../../server/errors.js';
import { PAY_SCRIPT_CALL_INGEST } from '../../resources/scripts/call-report.js';
import { allRoutes } from '../../server/routes.js';
import { API_PREFIX } from '../../server/http/register.js';
import { useTestServer } from './harness.js';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { route, type RouteSpec } from '../../server/http/route.js';
import type { MountedRoute } from '../../server/http/route-table.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });

type Doc = {
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown> & { servers?: { url: string }[] }>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

async function documentIn(lang: string): Promise<Doc> {
  const response = await server.app.inject({ method: 'GET', url: `/v1.0/openapi.json?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

/**
 * Public routes that are not the merchant's integration, and whose they are. Everything else public
 * in the route table must be in the document.
 */
const OTHER_CALLERS: Record<string, string> = {
  [`GET ${API_PREFIX}/health`]: 'liveness probe of the people who run the platform',
  [`GET ${API_PREFIX}/ready`]: 'readiness probe of the people who run the platform',
  'GET /metrics': "the platform's Prometheus, with the operator's METRICS_TOKEN",
  [`POST ${API_PREFIX}/user/login`]: 'people signing in to the admin',
  [`GET ${API_PREFIX}/ws`]: "the signed-in admin's realtime socket",
  'GET /pay/resource/:ref': "a receiving account's own pay link, handed out by its supplier",
  'GET /pay/jump': "a receiving account's jump link, handed out by its supplier",
  'GET /pay/assets/countdown.js': "the pay page's own script",
  [`GET ${API_PREFIX}/openapi.json`]: 'this document',
  [`GET ${API_PREFIX}/openapi`]: 'this document, as a page',
};
/** Devices posting bank records and monitor reports, each with its own ingest token (docs/ingest.md); the pay runner's report is in the document. */
const isIngest = (route: string) => route.startsWith(`POST ${API_PREFIX}/ingest/`);

/** Every operation of the document as `METHOD /mounted/path` (Fastify's `:param` form). */
function documented(doc: Doc): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const base = (item.servers ?? doc.servers)[0].url.replace(/\/$/, '');
    const mounted = base + path.replace(/\{(\w+)\}/g, ':$1');
    return Object.keys(item)
      .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
      .map((method) => `${method.toUpperCase()} ${mounted}`);
  });
}

/** What the document misses of the public routes mounted, and what it has that is not mounted (empty when all is well). */
function uncovered(table: MountedRoute[], specs: RouteSpec[], doc: Doc): string[] {
  const declared = new Map(specs.map((spec) => [`${spec.method} ${API_PREFIX}${spec.url}`, spec]));
  // Public: declared so, or mounted outside the declarations (the pay pages, the socket, this document).
  const publicRoutes = new Set(table.map((r) => `${r.method} ${r.url}`).filter((key) => (declared.get(key)?.access ?? 'public') === 'public'));
  const inDocument = new Set(documented(doc));
  return [
    ...[...publicRoutes].filter((key) => !OTHER_CALLERS[key] && !isIngest(key) && !inDocument.has(key)).map((key) => `${key} is public and not in the document`),
    ...[...inDocument].filter((key) => !publicRoutes.has(key)).map((key) => `${key} is in the document but not a public route`),
    ...Object.keys(OTHER_CALLERS).filter((key) => !publicRoutes.has(key)).map((key) => `${key} is classified but not a public route`),
  ];
}

/** Every schema object in a JSON value: each `properties` entry must carry a description. */
function undescribed(value: unknown, where: string): string[] {
  if (!value || typeof value !== 'object') return [];
  const node = value as Record<string, unknown>;
  const own = node.properties && typeof node.properties === 'object' ? Object.entries(node.properties as Record<string, { description?: string }>).filter(([name, p]) => !p.description || p.description === name).map(([name]) => `${where}.${name}`) : [];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => undescribed(child, `${where}.${key}`))];
}

describe('the merchant API document', () => {
  it.each(LANGUAGES)('is valid OpenAPI 3.1 in %s', async (lang) => {
    const doc = await documentIn(lang);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(Object.keys(doc.webhooks)).toEqual(['orderNotification']);
  });

  it('is checked by a validator that refuses a broken document', async () => {
    const doc = await documentIn('en-US');
    for (const broken of [{ ...doc, info: { title: doc.info.title } }, { ...doc, paths: { 'api/order/create': doc.paths['/api/order/create'] } }]) {
      expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
    }
  });

  it('has schemas that compile as JSON Schema 2020-12, every property described', async () => {
    const doc = await documentIn('en-US');
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    for (const name of Object.keys(doc.components.schemas)) expect(() => ajv.getSchema(`doc#/components/schemas/${name}`), name).not.toThrow();
    expect(undescribed(doc, 'document')).toEqual([]);
  });

  it('names every code of the error catalogue with its meaning, in the language asked', async () => {
    for (const lang of LANGUAGES) {
      const { components } = await documentIn(lang);
      const codes = components.schemas.ErrorCode.oneOf as { const: number; title: string; description: string }[];
      expect(Object.fromEntries(codes.map((c) => [c.title, c.const]))).toEqual(ERRORS);
      for (const code of codes) expect(code.description, `${lang} ${code.title}`).not.toMatch(/^$|^[a-z][A-Za-z]+$/);
    }
    const zh = await documentIn('zh-CN');
    expect((zh.components.schemas.ErrorCode.oneOf as { title: string; description: string }[]).find((c) => c.title === 'signInvalid')?.description).toBe('签名校验失败');
  });

  it("documents every public route of the server's route table that a merchant's system or its payers call", async () => {
    await server.app.ready();
    const doc = await documentIn('en-US');
    expect(documented(doc).length).toBeGreaterThanOrEqual(5);
    // The pay runner's report is documented too (tests/api/pay-script-call-ingest.test.ts sends its examples).
    expect(documented(doc)).toContain(`POST ${API_PREFIX}${PAY_SCRIPT_CALL_INGEST}`);
    expect(uncovered(server.app.routeTable, allRoutes, doc)).toEqual([]);
  });

  it('fails a public route added without its document', async () => {
    const doc = await documentIn('en-US');
    const query = route({ method: 'POST', url: '/api/order/query', access: 'public', handler: async () => null });
    const app = await buildApp({ database: server.database, config: { ...readConfig({ BACKGROUND_JOBS: 'off' }), staticDir: '/nonexistent' }, routes: [...allRoutes, query] });
    await app.ready();
    expect(uncovered(app.routeTable, [...allRoutes, query], doc)).toEqual([`POST ${API_PREFIX}/api/order/query is public and not in the document`]);
    await app.close();
  });

  it('serves the admin API document to signed-in users: valid OpenAPI 3.1, every declared route with who may call it', async () => {
    expect((await server.call('GET', '/openapi/admin')).code).toBe(ERRORS.tokenInvalid);
    const token = await server.login('merchant');
    const { code, data } = await server.call('GET', '/openapi/admin', { token, query: { lang: 'en-US' } });
    expect(code).toBe(200);
    const validator = new Validator();
    const result = await validator.validate(data);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(validator.version).toBe('3.1');
    const operations = Object.entries(data.paths as Record<string, object>).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(allRoutes.map((spec) => `${spec.method} ${spec.url}`).sort());
    const login = data.paths['/user/login'].post;
    expect(login['x-access']).toBe('public');
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['userName', 'password']));
    const confirm = data.paths['/order/confirmOrder'].post;
    expect(confirm).toMatchObject({ 'x-second-level': true, security: [{ token: [], token2: [] }] });
    expect(confirm['x-access']).toMatchObject({ action: 'confirm' });
    expect(data.paths['/order/getList'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['pageIndex', 'pageSize', 'orderCode']));
    expect((await server.call('GET', '/openapi/admin', { token, query: { lang: 'xx' } })).code).toBe(ERRORS.invalidParam);
  });

  it('serves a page for people: every operation, the sign rule and every code, escaped and without script', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/v1.0/openapi?lang=en-US' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    for (const path of ['/v1.0/api/order/create', '/v1.0/api/order/createBatch', '/pay/order/{orderCode}', '/p/{orderCode}', '/pay/order/{orderCode}/utr', 'notifyUrl']) expect(html).toContain(`<code>${path}</code>`);
    for (const code of Object.values(ERRORS)) expect(html).toContain(`<td>${code}</td>`);
    expect(html).toContain('<li>Sort them by name in ASCII order.</li>');
    expect(html).toContain('href="/v1.0/openapi.json?lang=en-US"');
    // The example with & and = is shown as text, not markup.
    expect(html).toContain('size=M&#38;colour=red');
    const zh = await server.app.inject({ method: 'GET', url: '/v1.0/openapi', headers: { 'accept-language': 'zh-TW' } });
    expect(zh.body).toContain('<html lang="zh-TW">');
    expect(zh.body).toContain('商戶介面');
  });
});
