/**
 * The admin's own API as an OpenAPI 3.1 document: every declared /v1.0 route (server/routes.ts),
 * its query and body from the zod schemas the route validates with, who may call it (`x-access`:
 * public, any signed-in user, or the ability it needs), whether it needs the second-level token,
 * a Google code or takes an Idempotency-Key, and the envelope it answers in. A platform that
 * points this admin at its own API can check its answers against it. Served to signed-in users by
 * ./admin-route.ts; tests/api/api-docs.test.ts checks it is valid and names every route.
 */
import type { Language } from '../../providers/languages.js';
import { t } from '../i18n.js';
import { API_PREFIX } from '../http/register.js';
import type { RouteSpec } from '../http/route.js';
import { errorCodeSchema, fieldText, ref, refusal, schemaOf, type JsonSchema } from './schemas.js';

/** The query's fields as parameters; the admin's fields carry no texts here (their screens label them). */
function parameters(spec: RouteSpec): JsonSchema[] {
  if (!spec.query) return [];
  const query = schemaOf(spec.query);
  const required = new Set((query.required as string[] | undefined) ?? []);
  return Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

function operation(spec: RouteSpec, lang: Language) {
  const headers = spec.idempotent ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }] : [];
  const security = spec.access === 'public' ? [] : [spec.secondLevel ? { token: [], token2: [] } : { token: [] }];
  return {
    operationId: `${spec.method.toLowerCase()}${spec.url}`,
    summary: `${spec.method} ${spec.url}`,
    'x-access': spec.access,
    ...(spec.secondLevel ? { 'x-second-level': true } : {}),
    ...(spec.googleCode ? { 'x-google-code': spec.googleCode } : {}),
    security,
    parameters: [...parameters(spec), ...headers],
    ...(spec.body && spec.method === 'POST' ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body) } } } } : {}),
    responses: { '200': { description: t('apiDocs.answer', lang), content: { 'application/json': { schema: { oneOf: [ref('Success'), ref('Refusal')] } } } } },
  };
}

export function adminDocument(routes: readonly RouteSpec[], lang: Language) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) (paths[spec.url] ??= {})[spec.method.toLowerCase()] = operation(spec, lang);
  const field = fieldText(lang);
  return {
    openapi: '3.1.0',
    info: { title: t('apiDocs.adminTitle', lang), version: '1.0', description: t('apiDocs.adminIntro', lang) },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token', description: t('apiDocs.adminToken', lang) },
        token2: { type: 'apiKey', in: 'header', name: 'token2', description: t('apiDocs.adminToken2', lang) },
      },
      schemas: {
        Success: { type: 'object', required: ['code', 'data', 'msg'], properties: { code: { const: 200, description: field('code') }, data: { description: field('data') }, msg: { type: 'string', description: field('msg') } } },
        Refusal: refusal(field),
        ErrorCode: errorCodeSchema(lang),
      },
    },
  };
}
