/**
 * Serves the merchant API document: GET /v1.0/openapi.json (OpenAPI 3.1) and GET /v1.0/openapi (the
 * same as a page for people). Public, like the pay pages: it holds no data of the installation,
 * only declarations and demo examples. Views are limited per address and minute as the pay
 * pages' are (PAY_PAGE_RATE_LIMIT). Mounted beside the declared routes, not as one: the answer is
 * the document itself, not the {code, data, msg} envelope. The language is `?lang=`, else the
 * caller's (lang header, Accept-Language), else the default.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, type Language } from '../../providers/languages.js';
import { pickLanguage } from '../i18n.js';
import { API_PREFIX } from '../http/register.js';
import type { Services } from '../http/route.js';
import { pageViewLimit } from '../pay/views.js';
import { merchantDocument, type MerchantDocument } from './document.js';
import { renderDocumentPage } from './page.js';

const API_DOCS = { json: `${API_PREFIX}/openapi.json`, page: `${API_PREFIX}/openapi` } as const;

function languageOf(request: FastifyRequest<{ Querystring: { lang?: string } }>): Language {
  const wanted = request.query.lang;
  return isLanguage(wanted) ? wanted : pickLanguage(request.headers);
}

export function registerApiDocs(app: FastifyInstance, services: Services): void {
  // The document depends on the language only: made once per language, on first request.
  const documents = new Map<Language, MerchantDocument>();
  const pages = new Map<Language, string>();
  const documentIn = (lang: Language) => documents.get(lang) ?? documents.set(lang, merchantDocument(lang)).get(lang)!;
  const views = pageViewLimit(services.config);

  app.get<{ Querystring: { lang?: string } }>(API_DOCS.json, views, async (request, reply) => reply.type('application/json; charset=utf-8').send(documentIn(languageOf(request))));
  app.get<{ Querystring: { lang?: string } }>(API_DOCS.page, views, async (request, reply) => {
    const lang = languageOf(request);
    const page = pages.get(lang) ?? pages.set(lang, renderDocumentPage(documentIn(lang), lang, `${API_DOCS.json}?lang=${lang}`)).get(lang)!;
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
