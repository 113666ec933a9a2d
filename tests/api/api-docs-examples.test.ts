/**
 * Every example of the merchant API document, sent to a live server on a throwaway database in the
 * document's order, gets the documented answer (only the order codes a server makes differ, and
 * its pay links with them), valid against the documented schema; the created order's links lead
 * to its pay pages; the callback example's sign verifies by the documented rule with the real
 * sign function, and so does the callback the server would send for the order once paid.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { orderApi, payOrderPath } from '../../resources/orders/api.js';
import { verifySign } from '../../server/orders/sign.js';
import { notificationOf } from '../../server/orders/callbacks/notification.js';
import { useTestServer } from './harness.js';
import { DEMO_KEY } from './order-create-fixture.js';
import { orderByCode } from './orders-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off', PUBLIC_BASE_URL: 'https://pay.example.com' });

type Example = { summary: string; description?: string; value: any };
type Media = { schema: object; examples: Record<string, Example> };
type Operation = {
  operationId: string;
  parameters?: { name: string; examples?: Record<string, Example> }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; links?: Record<string, { operationId: string; parameters: Record<string, string> }> }>;
};
type Doc = { servers: { url: string }[]; paths: Record<string, any>; webhooks: any; components: { schemas: object } };

let doc: Doc;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
/** Whether `value` is what `schema` (which may refer to the document's components) allows. */
const validates = (schema: object, value: unknown) => {
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(value) || validate.errors;
};

beforeAll(async () => {
  doc = (await server.app.inject({ method: 'GET', url: '/v1.0/openapi.json', headers: { lang: 'en-US' } })).json();
});

/** Every operation of the document with the URL it is mounted at. */
function operations(): { method: string; url: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, op]) => ({ method: method.toUpperCase(), url: (item.servers ?? doc.servers)[0].url.replace(/\/$/, '') + path, op })),
  );
}
const operation = (id: string) => operations().find((o) => o.op.operationId === id)!;

/** The documented answer with the order codes the server made (and the pay links built on them). */
function withServerCodes(documented: any, actual: any): any {
  if (Array.isArray(documented)) return documented.map((d, i) => withServerCodes(d, actual?.[i]));
  if (!documented || typeof documented !== 'object') return documented;
  const out = Object.fromEntries(Object.entries(documented).map(([k, v]) => [k, withServerCodes(v, actual?.[k])]));
  if (typeof documented.orderCode === 'string' && typeof actual?.orderCode === 'string') {
    expect(actual.orderCode).toMatch(/^P\d{20}$/);
    expect(documented.orderCode).toMatch(/^P\d{20}$/);
    out.orderCode = actual.orderCode;
    if (typeof documented.payUrl === 'string') out.payUrl = documented.payUrl.replace(documented.orderCode, actual.orderCode);
  }
  return out;
}

/** A multipart body of the example's fields, `file` sent as a CSV file. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'file') form.append(k, new Blob([v], { type: 'text/csv' }), 'orders.csv');
    else form.append(k, v);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { headers: { 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) };
}

/** Sends each request example of a JSON operation and compares the answer of the same name; answers the successes. */
async function sendExamples(id: string, type: string): Promise<any[]> {
  const { url, op } = operation(id);
  const requests = op.requestBody!.content[type];
  const answers = op.responses['200'].content!['application/json'];
  expect(Object.keys(answers.examples)).toEqual(Object.keys(requests.examples));
  const made = [];
  for (const [name, example] of Object.entries(requests.examples)) {
    const body = type === 'application/json' ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(example.value) } : await multipart(example.value);
    const response = await server.app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, lang: 'en-US' } });
    const answer = response.json();
    expect(response.statusCode, name).toBe(200);
    expect(validates(answers.schema, answer), name).toBe(true);
    expect(answer, `${id} example ${name}`).toEqual(withServerCodes(answers.examples[name].value, answer));
    if (answer.code === 200) {
      expect(validates(requests.schema, example.value), `${name} is a valid request`).toBe(true);
      made.push(answer.data);
    }
  }
  return made;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
/** The sign rule exactly as the document words it, written out here on its own. */
const documentedRule = (params: Record<string, unknown>, key: string) =>
  `${Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '' && params[k] !== null && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&')}&key=${key}`;

describe('the merchant API document, against the live server', () => {
  let created: { orderCode: string };

  it('answers every order-creation example as documented', async () => {
    const made = await sendExamples('createOrder', 'application/json');
    expect(made).toHaveLength(1);
    created = made[0];
    const order = await orderByCode(server.database.db, created.orderCode);
    expect(order.merchantOrderNo).toBe(operation('createOrder').op.requestBody!.content['application/json'].examples.created.value.mchOrderNo);
  });

  it("follows the created order's links to its pay pages and submits the UTR example", async () => {
    const { links } = operation('createOrder').op.responses['200'];
    expect(Object.keys(links!).sort()).toEqual(['payPage', 'shortPayPage', 'submitUtr']);
    for (const link of Object.values(links!)) {
      const { method, url, op } = operation(link.operationId);
      expect(link.parameters.orderCode).toBe('$response.body#/data/orderCode');
      const target = url.replace('{orderCode}', created.orderCode);
      if (method === 'GET') {
        const page = await server.app.inject({ method: 'GET', url: target, headers: { 'accept-language': 'en-US' } });
        expect(page.statusCode, link.operationId).toBe(200);
        expect(page.body).toContain(created.orderCode);
        continue;
      }
      const [name, example] = Object.entries(op.requestBody!.content['application/x-www-form-urlencoded'].examples)[0];
      const answer = await server.app.inject({ method: 'POST', url: target, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(example.value).toString() });
      const documented = Object.entries(op.responses).find(([, r]) => r.content?.['text/html']?.examples?.[name]);
      expect(String(answer.statusCode)).toBe(documented?.[0]);
      expect(answer.headers.location).toBe(payOrderPath(created.orderCode));
    }
    expect((await orderByCode(server.database.db, created.orderCode)).utr).toBe('412345678901');
  });

  it('answers every pay-page parameter example with the documented status', async () => {
    const pages = operations().filter(({ op }) => op.parameters?.some((p) => p.examples));
    expect(pages.map((p) => p.op.operationId).sort()).toEqual(['payPage', 'shortPayPage', 'submitUtr']);
    for (const { method, url, op } of pages) {
      for (const [name, example] of Object.entries(op.parameters![0].examples!)) {
        const form = op.requestBody ? Object.values(op.requestBody.content)[0].examples : undefined;
        const payload = form ? new URLSearchParams(Object.values(form)[0].value).toString() : undefined;
        const answer = await server.app.inject({ method: method as 'GET' | 'POST', url: url.replace('{orderCode}', example.value), ...(payload ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });
        const documented = Object.entries(op.responses).find(([, r]) => r.content?.['text/html']?.examples?.[name]);
        expect(String(answer.statusCode), `${op.operationId} ${name}`).toBe(documented?.[0]);
      }
    }
  });

  it('answers every batch example as documented', async () => {
    const made = await sendExamples('createOrderBatch', 'multipart/form-data');
    expect(made).toHaveLength(1);
    expect(made[0].orders).toHaveLength(2);
  });

  it("verifies the callback example's sign by the documented rule and with the real sign function", () => {
    const example = doc.webhooks.orderNotification.post.requestBody.content['application/json'].examples.paid as Example;
    const text = documentedRule(example.value, DEMO_KEY);
    expect(example.description).toBe(text);
    expect(md5(text)).toBe(example.value.sign);
    expect(verifySign(example.value, DEMO_KEY)).toBe(true);
    expect(verifySign({ ...example.value, amount: example.value.amount + 1 }, DEMO_KEY)).toBe(false);
    expect(validates({ $ref: '#/components/schemas/OrderNotification' }, example.value)).toBe(true);
    // The creation example's sign is made by the same documented rule.
    const createdExample = operation('createOrder').op.requestBody!.content['application/json'].examples.created;
    expect(createdExample.description).toBe(documentedRule(createdExample.value, DEMO_KEY));
    expect(md5(createdExample.description!)).toBe(createdExample.value.sign);
  });

  it('sends the paid order a callback the document describes, signed by its rule', async () => {
    const admin = await server.login('admin');
    const token2 = await server.login2(admin);
    expect((await server.call('POST', orderApi.confirm, { token: admin, token2, body: { orderCode: created.orderCode } })).code).toBe(200);
    const order = await orderByCode(server.database.db, created.orderCode);
    const notification = await notificationOf(server.database.db, order.id);
    expect(validates({ $ref: '#/components/schemas/OrderNotification' }, notification)).toBe(true);
    expect(notification).toMatchObject({ status: 'success', orderCode: created.orderCode, utr: '412345678901' });
    expect(md5(documentedRule(notification, DEMO_KEY))).toBe(notification.sign);
  });
});
