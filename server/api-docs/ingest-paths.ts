/**
 * The pay runner's call (POST /ingest/payScriptCall): the external runner that executes the
 * dynamic pay scripts reports each call, authenticated by its ingest token (docs/ingest.md). Its
 * path, body schema and answer schema come from the route declaration and the shared schemas;
 * each example's answer is what the route's own validation and error catalogue give.
 */
import type { Language } from '../../providers/languages.js';
import { payScriptCallReport, payScriptCallReported } from '../../resources/scripts/call-report.js';
import { AppError } from '../errors.js';
import { t } from '../i18n.js';
import { parseInput } from '../http/validation.js';
import { DEMO_PAY_RUNNER_TOKEN } from '../ingest/seed.js';
import { payScriptCallIngest } from '../scripts/call-ingest.js';
import { refusedBy } from './examples.js';
import { fieldText, ref, schemaOf, success, type JsonSchema } from './schemas.js';

/** The demo's pay script (server/scripts/seed.ts), its current version, and the id its next call record gets. */
const DEMO_SCRIPT = { id: 1, version: 2, nextCallId: 5 };

/** The schemas of the report and its answer, for the document's components. */
export function ingestSchemas(lang: Language): Record<string, JsonSchema> {
  return {
    PayScriptCallReport: schemaOf(payScriptCallReport, fieldText(lang, 'payScriptCall')),
    PayScriptCallReported: success(schemaOf(payScriptCallReported, fieldText(lang, 'payScriptCallReported')), fieldText(lang)),
  };
}

/** Request and answer of each example, by name: a call reported, and two refusals. */
function payScriptCallExamples(lang: Language) {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const reported = {
    id: 'run-20261206-0001',
    scriptId: DEMO_SCRIPT.id,
    version: DEMO_SCRIPT.version,
    orderCode: 'P20261206153000123456',
    success: true,
    durationMs: 240,
    request: { amount: 10000, ref: 'P20261206153000123456', currency: 'INR' },
    response: { status: 'OK', payUrl: 'https://bank.example.com/pay/77' },
  };
  const { scriptId: _missing, ...withoutScript } = reported;
  return {
    reported: { summary: say('exCallReported'), token: DEMO_PAY_RUNNER_TOKEN, request: reported, answer: { code: 200, data: { id: DEMO_SCRIPT.nextCallId, duplicate: false }, msg: 'success' } },
    missingScript: { summary: say('exCallMissingScript'), token: DEMO_PAY_RUNNER_TOKEN, request: withoutScript, answer: refusedBy(() => parseInput(payScriptCallReport, withoutScript, lang, 'body'), lang) },
    badToken: { summary: say('exCallBadToken'), token: 'not-a-token', request: reported, answer: refusedBy(() => {
      throw new AppError('ingestTokenInvalid');
    }, lang) },
  };
}

export function ingestPaths(lang: Language) {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const examples = payScriptCallExamples(lang);
  const each = (part: 'request' | 'answer') => Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, { summary: e.summary, ...(part === 'request' ? { description: `X-Ingest-Token: ${e.token}` } : {}), value: e[part] }]));
  return {
    [payScriptCallIngest.url]: {
      [payScriptCallIngest.method.toLowerCase()]: {
        operationId: 'reportPayScriptCall',
        summary: say('payScriptCallSummary'),
        description: say('payScriptCallDescription'),
        parameters: [{ name: 'X-Ingest-Token', in: 'header', required: true, description: say('ingestToken'), schema: { type: 'string', maxLength: 200 } }],
        requestBody: { required: true, content: { 'application/json': { schema: ref('PayScriptCallReport'), examples: each('request') } } },
        responses: {
          '200': { description: say('answer'), content: { 'application/json': { schema: { oneOf: [ref('PayScriptCallReported'), ref('Refusal')] }, examples: each('answer') } } },
          '500': { description: say('serverFault'), content: { 'application/json': { schema: ref('Refusal') } } },
          '503': { description: say('unavailable'), content: { 'application/json': { schema: ref('Refusal') } } },
        },
      },
    },
  };
}
