/**
 * Every CSV the server writes neutralises cells a spreadsheet would run: a text starting with
 * = + - @, a tab or a carriage return (and the full-width = + - @ some spreadsheets normalise)
 * leaves prefixed with ', through the generic list export and the payout batch's bank file alike;
 * and a line break inside a cell stays inside it, so no text can start a row of its own (whose
 * first cell would escape the check).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { BATCH_TEMPLATES } from '../../resources/payout-batches/templates.js';
import { rowLines } from '../../server/payout-batches/bank-file.js';
import { useTestServer } from './harness.js';
import { insertOrder } from './orders-fixture.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
const db = () => server.database.db;

/** Cells that would start a new row if written unquoted: kept whole, the formula after the break inert. */
const BREAKS = ['Joe\n=HYPERLINK("http://x","y")', 'Joe\r=1+1', 'Joe\r\n@SUM(A1)'];
const FORMULAS = ['=HYPERLINK("http://x","y")', '+1+cmd|/C calc', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1', '\uFF1D1+1', '\uFF0B1', '\uFF201'];

describe('CSV exports', () => {
  it('the list export prefixes every formula-looking cell with a quote', async () => {
    const made = [];
    for (const [i, formula] of FORMULAS.entries()) made.push(await insertOrder(db(), { description: formula, utr: `UTR-F${i}` }));
    const token = await server.login('admin');
    for (const [i, order] of made.entries()) {
      const answer = await server.download('/order/exportList', { token, query: { orderCode: order.orderCode } });
      expect(answer.code, answer.msg).toBe(200);
      const [header, row] = parse(answer.csv) as string[][];
      expect(row[header.indexOf('Remarks')]).toBe(`'${FORMULAS[i]}`);
    }
    for (const text of BREAKS) {
      const order = await insertOrder(db(), { description: text });
      const answer = await server.download('/order/exportList', { token, query: { orderCode: order.orderCode } });
      const rows = parse(answer.csv) as string[][];
      expect(rows).toHaveLength(2);
      expect(rows[1][rows[0].indexOf('Remarks')]).toBe(text);
    }
  });

  it('the bank file of a payout batch does too, while plain text is left alone', () => {
    const template = BATCH_TEMPLATES.find((t) => t.id === 'iciciBulk')!;
    const nameAt = template.columns.findIndex((c) => c.source === 'userName');
    expect(nameAt).toBeGreaterThanOrEqual(0);
    const order = (userName: string) => ({ orderCode: 'P1', merchantOrderNo: 'M1', amount: 100_00, userName, cardNumber: '5000', ifscCode: 'ICIC0001234', extras: {} }) as never;
    for (const formula of [...FORMULAS, 'Plain Payee']) {
      const [row] = parse(rowLines(template, [order(formula)], new Date())) as string[][];
      expect(row[nameAt]).toBe(formula === 'Plain Payee' ? formula : `'${formula}`);
    }
    for (const text of BREAKS) {
      const rows = parse(rowLines(template, [order(text)], new Date())) as string[][];
      expect(rows).toHaveLength(1);
      expect(rows[0][nameAt]).toBe(text);
    }
  });
});
