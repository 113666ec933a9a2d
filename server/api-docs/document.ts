/**
 * The merchant API document (OpenAPI 3.1): order creation, batch creation, the payer's pages and the
 * callback (a webhook), with the sign rule, every error code and examples; and the pay runner's
 * report of its dynamic pay calls (./ingest-paths.ts), the one call of the platform's own runner. Made from the route
 * declarations and the zod schemas the server validates and answers with, in the caller's
 * language; the texts are locales/<lang>/apiDocs.json and apiFields.json. Served by ./routes.ts,
 * checked by tests/api/api-docs*.test.ts. Nothing in it is read from the database: no secret of an
 * installation can reach it.
 */
import type { Language } from '../../providers/languages.js';
import { batchCreatedSchema, createdOrderSchema, orderNotificationSchema } from '../../resources/merchant-api/answers.js';
import { t } from '../i18n.js';
import { API_PREFIX } from '../http/register.js';
import { createOrderRoute } from '../orders/create.js';
import { DEMO_MCH_ID, DEMO_MERCHANT_KEY } from '../merchants/seed.js';
import { createExamples, notificationExample } from './examples.js';
import { bodyOf, orderPaths } from './order-paths.js';
import { payPaths } from './pay-paths.js';
import { ingestPaths, ingestSchemas } from './ingest-paths.js';
import { errorCodeSchema, fieldText, ref, refusal, schemaOf, success, type JsonSchema } from './schemas.js';

/** The document's version: the API's (its paths are below /v1.0). */
const API_VERSION = '1.0';

/** Sections of the description, in Markdown (./page.ts renders the same text for people). */
function description(lang: Language): string {
  const say = (key: string, params?: Record<string, string>) => t(`apiDocs.${key}`, lang, params);
  const steps = [1, 2, 3, 4, 5].map((n) => `${n}. ${say(`signStep${n}`)}`).join('\n');
  const verify = [1, 2, 3].map((n) => `- ${say(`callbackVerify${n}`)}`).join('\n');
  const example = createExamples(lang).created.signedText;
  return [
    say('intro'),
    say('hosts', { key: DEMO_MERCHANT_KEY, mchId: DEMO_MCH_ID }),
    say('amounts'),
    `## ${say('signTitle')}`,
    say('signIntro'),
    steps,
    say('signSeparators'),
    say('signExample'),
    `\`${example}\``,
    `## ${say('callbacksTitle')}`,
    say('callbackIntro'),
    verify,
    say('callbackAnswer'),
    `## ${say('errorsTitle')}`,
    say('errorsIntro'),
    errorTable(lang),
  ].join('\n\n');
}

/** Every code of the catalogue with its meaning, as a Markdown table. */
function errorTable(lang: Language): string {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const rows = (errorCodeSchema(lang).oneOf as { const: number; title: string; description: string }[]).map((c) => `| ${c.const} | \`${c.title}\` | ${c.description.replace(/\|/g, '\\|')} |`);
  return [`| ${say('pageCode')} | ${say('pageName')} | ${say('pageMeaning')} |`, '| --- | --- | --- |', ...rows].join('\n');
}

function components(lang: Language): { schemas: Record<string, JsonSchema> } {
  const field = fieldText(lang);
  return {
    schemas: {
      CreateOrderRequest: schemaOf(bodyOf(createOrderRoute), field),
      CreatedOrder: success(schemaOf(createdOrderSchema, field), field),
      BatchCreated: success(schemaOf(batchCreatedSchema, fieldText(lang, 'batch')), field),
      OrderNotification: schemaOf(orderNotificationSchema, fieldText(lang, 'notification')),
      ...ingestSchemas(lang),
      Refusal: refusal(field),
      ErrorCode: errorCodeSchema(lang),
    },
  };
}

/** The callback the merchant's notifyUrl receives, with the paid-order example and its signed text. */
function webhooks(lang: Language) {
  const example = notificationExample(lang);
  return {
    orderNotification: {
      post: {
        operationId: 'orderNotification',
        summary: t('apiDocs.callbackSummary', lang),
        description: [t('apiDocs.callbackIntro', lang), ...[1, 2, 3].map((n) => `- ${t(`apiDocs.callbackVerify${n}`, lang)}`), t('apiDocs.callbackAnswer', lang)].join('\n\n'),
        requestBody: { required: true, content: { 'application/json': { schema: ref('OrderNotification'), examples: { paid: { summary: example.summary, description: example.signedText, value: example.request } } } } },
        responses: { '200': { description: t('apiDocs.callbackAnswered', lang), content: { 'text/plain': { schema: { type: 'string' }, examples: { paid: { value: example.answer } } } } } },
      },
    },
  };
}

export function merchantDocument(lang: Language) {
  return {
    openapi: '3.1.0',
    info: { title: t('apiDocs.title', lang), version: API_VERSION, description: description(lang) },
    servers: [{ url: API_PREFIX }],
    paths: { ...orderPaths(lang), ...payPaths(lang), ...ingestPaths(lang) },
    webhooks: webhooks(lang),
    components: components(lang),
  };
}

export type MerchantDocument = ReturnType<typeof merchantDocument>;
