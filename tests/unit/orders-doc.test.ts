import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDERS_DOC_FILE, renderOrdersDoc } from '../../scripts/orders-doc-report';

describe('order states document', () => {
  it('docs/orders.md is up to date with the transition table, the actions and the fee rule (run `npm run orders-doc`)', () => {
    expect(readFileSync(ORDERS_DOC_FILE, 'utf8')).toBe(renderOrdersDoc());
  });

  it('works the money example out to postings that sum to zero', () => {
    const text = renderOrdersDoc();
    expect(text).toContain('| merchant | 98.50 | 98.50 |');
    expect(text).toContain('| sum | 0.00 | 0.00 |');
    expect(text).toMatch(/\| `timeout` \| system \(timeout sweep\) \| allocated \(2\) \| timedOut \(10\) \|/);
  });
});
