/**
 * The merchant document as a page for people (/v1.0/openapi): rendered on the server from the very
 * document /v1.0/openapi.json serves, every value escaped, no script (the CSP allows none inline,
 * and the page needs none), styles inline. The descriptions use a small part of Markdown (headings,
 * lists, pipe tables, `code`), which is all ./document.ts writes.
 */
import { LANGUAGES, type Language } from '../../providers/languages.js';
import { t } from '../i18n.js';
import { escape } from '../pay/shell.js';
import type { JsonSchema } from './schemas.js';
import type { MerchantDocument } from './document.js';

const STYLE = [
  'body{margin:0;background:#fafafa;color:#1f1f1f;font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif}',
  'main{max-width:960px;margin:0 auto;padding:16px 20px 48px}',
  'h1{font-size:24px}h2{font-size:19px;margin-top:36px;border-bottom:1px solid #e5e5e5;padding-bottom:4px}h3{font-size:16px;margin:20px 0 6px}',
  'code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;background:#f0f0f0;border-radius:4px}code{padding:1px 4px;word-break:break-all}td code{word-break:normal;white-space:nowrap}',
  'pre{padding:10px;overflow-x:auto;white-space:pre-wrap;word-break:break-all}',
  'table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #e5e5e5;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f5f5f5}',
  '.method{display:inline-block;min-width:48px;color:#fff;background:#1677ff;border-radius:4px;padding:0 6px;margin-right:8px;text-align:center}',
  '.links a{margin-right:12px}',
].join('');

const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The Markdown ./document.ts writes, as HTML. */
function markdown(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n');
      if (block.startsWith('## ')) return `<h2>${inline(block.slice(3))}</h2>`;
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      if (lines.every((l) => /^\d+\. /.test(l))) return `<ol>${lines.map((l) => `<li>${inline(l.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>`;
      if (lines.every((l) => l.startsWith('|'))) {
        const cells = (l: string) => l.slice(1, -1).split(/(?<!\\)\|/).map((c) => inline(c.trim().replace(/\\\|/g, '|')));
        const [head, , ...rows] = lines;
        return `<table><tr>${cells(head).map((c) => `<th>${c}</th>`).join('')}</tr>${rows.map((r) => `<tr>${cells(r).map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
      }
      return `<p>${inline(block)}</p>`;
    })
    .join('');
}

/** Follows a `$ref` into the document's components. */
function resolve(doc: MerchantDocument, schema: JsonSchema): JsonSchema {
  const target = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;
  return target ? { ...(doc.components.schemas[target] ?? {}), ...(schema.description ? { description: schema.description } : {}) } : schema;
}

/** A property's type and rules in one line: `string, ≤ 64, ^[A-Za-z0-9_.-]+$`. */
function typeOf(doc: MerchantDocument, raw: JsonSchema): string {
  const schema = resolve(doc, raw);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  // A union of types (a nullable link, an IPv4 or IPv6 address); the error code is one type of many constants.
  if (variants && schema.type === undefined) return variants.map((v) => typeOf(doc, v)).join(' | ');
  const rules = [
    'const' in schema ? `= ${JSON.stringify(schema.const)}` : '',
    Array.isArray(schema.enum) ? schema.enum.join(' / ') : '',
    schema.minLength !== undefined && schema.minLength !== 1 ? `≥ ${String(schema.minLength)}` : '',
    schema.maxLength !== undefined ? `≤ ${String(schema.maxLength)}` : '',
    schema.maximum !== undefined ? `≤ ${String(schema.maximum)}` : '',
    // Long patterns (an IPv6 address) say less than the type's format beside them.
    typeof schema.pattern === 'string' && schema.pattern.length <= 60 ? schema.pattern : '',
    typeof schema.format === 'string' ? schema.format : '',
  ];
  return [typeof schema.type === 'string' ? schema.type : '', ...rules].filter(Boolean).join(', ');
}

/** One row per property, nested objects and arrays of objects flattened with dotted names. */
function propertyRows(doc: MerchantDocument, raw: JsonSchema, prefix = ''): string[] {
  const schema = resolve(doc, raw);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([name, property]) => {
    const inner = resolve(doc, property);
    const items = inner.items ? resolve(doc, inner.items as JsonSchema) : null;
    const nested = inner.properties ? inner : items?.properties ? items : null;
    const path = `${prefix}${name}${items ? '[]' : ''}`;
    const row = `<tr><td><code>${escape(path)}</code></td><td>${escape(typeOf(doc, property))}</td><td>${required.has(name) ? '✓' : ''}</td><td>${inline(String(property.description ?? ''))}</td></tr>`;
    return [row, ...(nested ? propertyRows(doc, nested, `${path}.`) : [])];
  });
}

function schemaTable(doc: MerchantDocument, schema: JsonSchema, lang: Language): string {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const head = ['pageField', 'pageType', 'pageRequired', 'pageDescription'].map((k) => `<th>${say(k)}</th>`).join('');
  return `<table><tr>${head}</tr>${propertyRows(doc, schema).join('')}</table>`;
}

type Media = { schema?: JsonSchema; examples?: Record<string, { summary?: string; description?: string; value: unknown }> };
type Operation = { operationId: string; summary: string; description?: string; parameters?: { name: string; description: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, Media> }; responses: Record<string, { description: string; content?: Record<string, Media> }> };

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** Each example; a signed one with the text its sign is the MD5 of. */
function examplesOf(media: Media, lang: Language): string {
  const signed = (text: string) => `<p>${escape(t('apiDocs.signExample', lang))} <code>${escape(text)}</code></p>`;
  return Object.entries(media.examples ?? {})
    .map(([name, e]) => `<p><b>${escape(e.summary ?? name)}</b></p><pre>${escape(shown(e.value))}</pre>${e.description ? signed(e.description) : ''}`)
    .join('');
}

function operationSection(doc: MerchantDocument, method: string, path: string, op: Operation, lang: Language): string {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const params = op.parameters?.length ? `<h3>${say('pageParameters')}</h3><table>${op.parameters.map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${escape(typeOf(doc, p.schema))}</td><td>${inline(p.description)}</td></tr>`).join('')}</table>` : '';
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(([type, media]) => `<h3>${say('pageRequest')} <code>${escape(type)}</code></h3>${media.schema ? schemaTable(doc, media.schema, lang) : ''}<h3>${say('pageExamples')}</h3>${examplesOf(media, lang)}`)
    .join('');
  const responses = Object.entries(op.responses)
    .map(([code, r]) => {
      const json = r.content?.['application/json'];
      // An answer is its success envelope or a refusal: the table shows the success, the error codes the rest.
      const shape = json?.schema ? ((json.schema.oneOf as JsonSchema[] | undefined)?.[0] ?? json.schema) : null;
      const answers = json ? `${shape ? schemaTable(doc, shape, lang) : ''}${examplesOf(json, lang)}` : '';
      return `<p><b>${escape(code)}</b> ${inline(r.description)}</p>${answers}`;
    })
    .join('');
  return `<section id="${escape(op.operationId)}"><h2><span class="method">${escape(method.toUpperCase())}</span><code>${escape(path)}</code></h2><p><b>${inline(op.summary)}</b></p>${markdown(op.description ?? '')}${params}${body}<h3>${say('pageResponses')}</h3>${responses}</section>`;
}

export function renderDocumentPage(doc: MerchantDocument, lang: Language, jsonUrl: string): string {
  const say = (key: string) => t(`apiDocs.${key}`, lang);
  const prefix = doc.servers[0].url;
  const operations = [
    ...Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'servers')
        .map(([method, op]) => ({ method, path: 'servers' in item ? path : prefix + path, op: op as unknown as Operation })),
    ),
    ...Object.entries(doc.webhooks).flatMap(([, item]) => Object.entries(item).map(([method, op]) => ({ method, path: 'notifyUrl', op: op as unknown as Operation }))),
  ];
  const languages = LANGUAGES.map((l) => `<a href="?lang=${l}" hreflang="${l}">${escape(t(`languages.${l}`, l))}</a>`).join('');
  const contents = operations.map(({ op }) => `<li><a href="#${escape(op.operationId)}">${inline(op.summary)}</a></li>`).join('');
  const body =
    `<p class="links"><a href="${escape(jsonUrl)}">${escape(say('pageJson'))}</a>${languages}</p>` +
    `<h2>${escape(say('pageContents'))}</h2><ul>${contents}</ul><h2>${escape(say('pageOverview'))}</h2>${markdown(doc.info.description)}` +
    operations.map(({ method, path, op }) => operationSection(doc, method, path, op, lang)).join('');
  return (
    `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(doc.info.title)}</title><style>${STYLE}</style></head><body><main><h1>${escape(doc.info.title)} ${escape(doc.info.version)}</h1>${body}</main></body></html>`
  );
}
