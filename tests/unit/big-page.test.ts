/** Pages over 100 rows are drawn as a virtual table, whose columns each need a width. */
import { describe, expect, it } from 'vitest';
import { BIG_PAGE, bigPageLayout, isBigPage } from '../../src/components/resource/bigPage';
import { ACTIONS_COLUMN } from '../../src/components/resource/listSettings';
import type { FieldDeclaration } from '../../resources/types';

const fields = [
  { name: 'id', type: 'number', width: 70 },
  { name: 'amount', type: 'money' },
  { name: 'createdAt', type: 'datetime' },
  { name: 'name', type: 'text' },
] as FieldDeclaration[];
const columns = [...fields.map((f) => ({ key: f.name, width: f.width })), { key: ACTIONS_COLUMN }];

describe('big pages', () => {
  it('are the pages of more than 100 rows', () => {
    expect(isBigPage(undefined)).toBe(false);
    expect(isBigPage(new Array(BIG_PAGE))).toBe(false);
    expect(isBigPage(new Array(BIG_PAGE + 1))).toBe(true);
  });

  it('give every column a width (declared, else by kind) and scroll inside the viewport', () => {
    const { columns: sized, scroll } = bigPageLayout(columns, fields, 900);
    expect(sized.map((c) => c.width)).toEqual([70, 130, 180, 180, 220]);
    expect(scroll).toEqual({ x: 780, y: 580 });
    // A short window still shows a usable table.
    expect(bigPageLayout(columns, fields, 400).scroll?.y).toBe(360);
  });
});
