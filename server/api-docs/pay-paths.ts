/**
 * The payer's pages behind an order's payUrl (server/orders/pay-page.ts), at the root of the payers'
 * address rather than below /v1.0: their paths as the server mounts them, the UTR form's schema
 * as the page checks it. HTML answers, not the envelope.
 */
import type { Language } from '../../providers/languages.js';
import { payOrderRoutes } from '../../resources/orders/api.js';
import { submitUtrWithNameSchema } from '../../resources/orders/utr.js';
import { t } from '../i18n.js';
import { payPageExamples } from './examples.js';
import { fieldText, schemaOf } from './schemas.js';

/** A Fastify path (`/p/:orderCode`) as OpenAPI writes it (`/p/{orderCode}`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** The pages are served from the root of the payers' address, not below /v1.0. */
const ROOT = [{ url: '/' }];

export function payPaths(lang: Language) {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const examples = payPageExamples(lang);
  const html = (description: string, example?: string) => ({ description, content: { 'text/html': { schema: { type: 'string' }, ...(example ? { examples: { [example]: { value: '' } } } : {}) } } });
  const orderCode = { name: 'orderCode', in: 'path', required: true, description: t('apiFields.orderCode', lang), schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' }, examples: { unknownOrder: examples.unknownOrder } };
  const page = (id: string, summary: string) => ({
    servers: ROOT,
    get: {
      operationId: id,
      summary,
      description: say('payPageDescription'),
      parameters: [orderCode],
      responses: { '200': html(say('pageShown')), '403': html(say('pageFrozen')), '404': html(say('pageNotFound'), 'unknownOrder'), '429': html(say('tooMany')) },
    },
  });
  const form = schemaOf(submitUtrWithNameSchema.partial({ payerName: true }), fieldText(lang));
  return {
    [openApiPath(payOrderRoutes.page)]: page('payPage', say('payPageSummary')),
    [openApiPath(payOrderRoutes.shortPage)]: page('shortPayPage', say('shortPayPageSummary')),
    [openApiPath(payOrderRoutes.submitUtr)]: {
      servers: ROOT,
      post: {
        operationId: 'submitUtr',
        summary: say('submitUtrSummary'),
        description: say('submitUtrDescription'),
        parameters: [orderCode],
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form, examples: { utr: examples.utr } } } },
        responses: {
          '303': { ...html(say('utrAccepted'), 'utr'), headers: { Location: { description: say('pageShown'), schema: { type: 'string' } } } },
          '400': html(say('utrRefused')),
          '403': html(say('utrCrossSite')),
          '404': html(say('pageNotFound'), 'unknownOrder'),
          '409': html(say('utrConflict')),
          '429': html(say('tooMany')),
        },
      },
    },
  };
}
