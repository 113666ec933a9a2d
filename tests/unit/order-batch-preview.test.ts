/** The batch upload's preview names every bad row and field as the server would, and passes the template. */
import { describe, expect, it } from 'vitest';
import { previewBatch } from '../../src/pages/orders/batch-preview';
import { batchTemplate } from '../../resources/orders/batch-file';

const HEADER = 'mchOrderNo,productId,amount,notifyUrl,userName';
const line = (no: string, amount = '10000', url = 'https://shop.example.com/notify') => `${no},1034,${amount},${url},Payer ${no}`;
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

describe('batch preview', () => {
  it('accepts the downloadable template as it is', () => {
    const preview = previewBatch(batchTemplate(), '1');
    expect(preview.problems).toEqual([]);
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]).toMatchObject({ row: 2, ok: true, values: { mchOrderNo: 'ORDER0001', productId: '1034', amount: '10000' } });
  });

  it('names every bad row with its field and reason, numbered as a spreadsheet shows them', () => {
    const text = '\uFEFF' + csv(line('A1'), line('A2', '12.50'), '', line('A3', '10000', 'ftp://x'), line('A1'));
    const { rows, problems } = previewBatch(text, '1');
    expect(rows.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
      [5, false],
      [6, false],
    ]);
    expect(problems.map((p) => [p.row, p.field, p.key])).toEqual([
      [3, 'amount', 'validation.tooManyDecimals'],
      [5, 'notifyUrl', expect.stringMatching(/^validation\./)],
      [6, 'mchOrderNo', 'errors.duplicateOrder'],
    ]);
    expect(problems[2].params).toEqual({ mchOrderNo: 'A1' });
  });

  it('names a missing required value and a product of the other order type', () => {
    const { problems } = previewBatch(csv('B1,1034,,https://shop.example.com/notify,X'), '1');
    expect(problems).toEqual([{ row: 2, field: 'amount', key: 'validation.required', params: expect.any(Object) }]);
    expect(previewBatch(csv(line('B2')), '2').problems).toEqual([{ row: 2, field: 'productId', key: 'validation.orderTypeProduct', params: {} }]);
  });

  it('refuses a header with an unknown or missing column, an empty file and a broken quote', () => {
    expect(previewBatch('mchOrderNo,productId,amount,notifyUrl,colour\nX1,1034,10000,https://a.b/n,red\n', '1').problems).toEqual([{ row: 1, field: 'colour', key: 'validation.option', params: {} }]);
    expect(previewBatch('mchOrderNo,productId,amount\nX1,1034,10000\n', '1').problems[0]).toMatchObject({ row: 1, field: 'notifyUrl' });
    expect(previewBatch('', '1').problems[0]).toMatchObject({ field: 'file', key: 'validation.required' });
    expect(previewBatch(HEADER + '\n', '1').problems[0]).toMatchObject({ field: 'file', key: 'validation.required' });
    expect(previewBatch(`${HEADER}\n${line('C1')}\n"unclosed,1034\n`, '1').problems[0]).toMatchObject({ key: 'validation.format' });
  });
});
