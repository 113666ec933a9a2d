/**
 * GET /v1.0/openapi/admin: the admin API document (./admin-document.ts) for any signed-in user, in
 * the envelope like every admin call. The routes come from the app that serves the request (the
 * list buildApp mounted), so this module needs no import of the route table it is part of.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../providers/languages.js';
import { route, type RouteSpec } from '../http/route.js';
import { adminDocument } from './admin-document.js';

type AdminDocument = ReturnType<typeof adminDocument>;

// Made once per route list and language: the declarations do not change while the server runs.
const made = new WeakMap<readonly RouteSpec[], Map<Language, AdminDocument>>();

function documentOf(routes: readonly RouteSpec[], lang: Language): AdminDocument {
  const byLanguage = made.get(routes) ?? made.set(routes, new Map()).get(routes)!;
  return byLanguage.get(lang) ?? byLanguage.set(lang, adminDocument(routes, lang)).get(lang)!;
}

export const adminApiDocRoute = route({
  method: 'GET',
  url: '/openapi/admin',
  access: 'authenticated',
  query: z.object({ lang: z.enum(LANGUAGES).optional() }).strict(),
  handler: async (ctx) => documentOf(ctx.request.server.declaredRoutes, ctx.query.lang ?? ctx.lang),
});
