import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYOUTS_DOC_FILE, renderPayoutsDoc } from '../../scripts/payouts-doc-report';

describe('payout states document', () => {
  it('docs/payouts.md is up to date with the payout table, the actions and the fee rule (run `npm run orders-doc`)', () => {
    expect(readFileSync(PAYOUTS_DOC_FILE, 'utf8')).toBe(renderPayoutsDoc());
  });

  it('works the money example out to postings that sum to zero', () => {
    const text = renderPayoutsDoc();
    expect(text).toContain('| merchant | -1010.00 | 0.00 | -1010.00 |');
    expect(text).toContain('| sum | 0.00 | 0.00 | 0.00 |');
    expect(text).toMatch(/\| `claim` \| supplier \(pool\) \| waiting \(1\) \| preparing \(2\) \|/);
  });
});
