/**
 * The document's schemas, made from the zod schemas the server validates with (zod 4's JSON Schema
 * output, draft 2020-12, the dialect of OpenAPI 3.1), each property described from
 * locales/<lang>/apiFields.json, and the envelope every /v1.0 answer comes in.
 */
import { z } from 'zod';
import type { Language } from '../../providers/languages.js';
import { ERRORS } from '../errors.js';
import { t } from '../i18n.js';

export type JsonSchema = { [key: string]: unknown };

/** A `$ref` to a schema of the document's components. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * The description of a property named `name`: the `scope`-specific text when there is one
 * (`notificationStatus` for the callback's `status`), else the field's own. A property with no
 * text gets its name, which the document's test refuses.
 */
export function fieldText(lang: Language, scope = ''): (name: string) => string {
  return (name) => {
    const scoped = scope && `${scope}${name[0].toUpperCase()}${name.slice(1)}`;
    const specific = scoped ? t(`apiFields.${scoped}`, lang) : scoped;
    return scoped && specific !== scoped ? specific : t(`apiFields.${name}`, lang);
  };
}

/** What `schema` accepts as input (what a caller sends, or what the server sends out), every property described when `describe` is given. */
export function schemaOf(schema: z.ZodType, describe?: (name: string) => string): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // OpenAPI 3.1's dialect is this one already.
  delete json.$schema;
  return described(json, describe);
}

function described(json: JsonSchema, describe?: (name: string) => string): JsonSchema {
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  const items = json.items as JsonSchema | undefined;
  return {
    ...json,
    ...(properties ? { properties: Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, { ...described(p, describe), ...(describe ? { description: describe(name) } : {}) }])) } : {}),
    ...(items ? { items: described(items, describe) } : {}),
  };
}

/** Each code of the one error catalogue (server/errors.ts) with its meaning, the message the caller reads. */
export function errorCodeSchema(lang: Language): JsonSchema {
  // The message template, its placeholders shown as {name}: every parameter t() asks for is its own name.
  const placeholders = new Proxy({}, { get: (_, name) => `{${String(name)}}` }) as Record<string, string>;
  return {
    type: 'integer',
    description: t('apiFields.errorCode', lang),
    oneOf: Object.entries(ERRORS).map(([name, code]) => ({ const: code, title: name, description: t(`errors.${name}`, lang, placeholders) })),
  };
}

/** The envelope of a success: code 200, `data` as the schema says. */
export const success = (data: JsonSchema, describe: (name: string) => string): JsonSchema => ({
  type: 'object',
  required: ['code', 'data', 'msg'],
  properties: { code: { const: 200, description: describe('code') }, data: { ...data, description: describe('data') }, msg: { type: 'string', description: describe('msg') } },
});

/** The envelope of a refusal: an error code, data null, the reason. */
export const refusal = (describe: (name: string) => string): JsonSchema => ({
  type: 'object',
  required: ['code', 'data', 'msg'],
  properties: { code: { ...ref('ErrorCode'), description: describe('code') }, data: { type: 'null', description: describe('data') }, msg: { type: 'string', description: describe('msg') } },
});
