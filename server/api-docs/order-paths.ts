/**
 * The merchant's calls: POST /api/order/create and /api/order/createBatch, described from the route
 * declarations themselves (method, path, the body schema the route validates with) and the
 * answer schemas the handlers are typed with.
 */
import { z } from 'zod';
import type { Language } from '../../providers/languages.js';
import { BATCH_COLUMNS, MAX_BATCH_ROWS } from '../../resources/orders/create-schema.js';
import { t } from '../i18n.js';
import type { RouteSpec } from '../http/route.js';
import { createOrderRoute } from '../orders/create.js';
import { batchFieldsSchema, batchRoutes } from '../orders/create/batch.js';
import { batchExamples, createExamples, type Example } from './examples.js';
import { fieldText, ref, schemaOf, type JsonSchema } from './schemas.js';

/** What the document reads of a route declaration (any route's body type). */
type DeclaredRoute = Pick<RouteSpec, 'method' | 'url'> & { body?: z.ZodType };

/** The answers every /v1.0 call may give besides its own: a server fault and an unreachable database. */
const faults = (lang: Language) => ({
  '500': { description: t('apiDocs.serverFault', lang), content: { 'application/json': { schema: ref('Refusal') } } },
  '503': { description: t('apiDocs.unavailable', lang), content: { 'application/json': { schema: ref('Refusal') } } },
});

const exampleMap = (examples: Record<string, Example>, part: 'request' | 'answer') =>
  Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, { summary: e.summary, value: e[part], ...(part === 'request' && e.signedText ? { description: e.signedText } : {}) }]));

/** An operation of a declared route: its path below /v1.0, with the body and the answers given. */
function operation(spec: DeclaredRoute, lang: Language, parts: { id: string; summary: string; description: string; body: JsonSchema; bodyType: string; encoding?: object; answer: string; examples: Record<string, Example> }) {
  return {
    [spec.url]: {
      [spec.method.toLowerCase()]: {
        operationId: parts.id,
        summary: parts.summary,
        description: parts.description,
        requestBody: { required: true, content: { [parts.bodyType]: { schema: parts.body, ...(parts.encoding ? { encoding: parts.encoding } : {}), examples: exampleMap(parts.examples, 'request') } } },
        responses: {
          '200': {
            description: t('apiDocs.answer', lang),
            content: { 'application/json': { schema: { oneOf: [ref(parts.answer), ref('Refusal')] }, examples: exampleMap(parts.examples, 'answer') } },
            ...(parts.id === 'createOrder' ? { links: payPageLinks(lang) } : {}),
          },
          ...faults(lang),
        },
      },
    },
  };
}

/** From a created order to its pay page and UTR form (operations of ./pay-paths.ts). */
const payPageLinks = (lang: Language) => {
  const orderCode = { orderCode: '$response.body#/data/orderCode' };
  return {
    payPage: { operationId: 'payPage', parameters: orderCode, description: t('apiDocs.linkPayPage', lang) },
    shortPayPage: { operationId: 'shortPayPage', parameters: orderCode, description: t('apiDocs.linkPayPage', lang) },
    submitUtr: { operationId: 'submitUtr', parameters: orderCode, description: t('apiDocs.linkSubmitUtr', lang) },
  };
};

const batchRoute = batchRoutes[0];

/** The multipart body of createBatch: its fields, and the file. */
function batchBody(lang: Language): JsonSchema {
  const fields = schemaOf(batchFieldsSchema, fieldText(lang));
  const file = { type: 'string', contentMediaType: 'text/csv', description: t('apiFields.file', lang) };
  return { ...fields, properties: { ...(fields.properties as object), file }, required: [...(fields.required as string[]), 'file'] };
}

export function orderPaths(lang: Language) {
  const say = (key: string, params?: Record<string, string | number>) => t(`apiDocs.${key}`, lang, params);
  return {
    ...operation(createOrderRoute, lang, {
      id: 'createOrder',
      summary: say('createSummary'),
      description: say('createDescription'),
      body: ref('CreateOrderRequest'),
      bodyType: 'application/json',
      answer: 'CreatedOrder',
      examples: createExamples(lang),
    }),
    ...operation(batchRoute, lang, {
      id: 'createOrderBatch',
      summary: say('createBatchSummary'),
      description: say('createBatchDescription', { columns: BATCH_COLUMNS.join(', '), max: MAX_BATCH_ROWS }),
      body: batchBody(lang),
      bodyType: 'multipart/form-data',
      encoding: { file: { contentType: 'text/csv' } },
      answer: 'BatchCreated',
      examples: batchExamples(lang),
    }),
  };
}

/** The schema of a declared route's body (the one the route validates with). */
export const bodyOf = (spec: DeclaredRoute): z.ZodType => {
  if (!spec.body) throw new Error(`${spec.url} declares no body schema`);
  return spec.body;
};
