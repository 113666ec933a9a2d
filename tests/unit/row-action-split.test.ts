/** A row shows at most two actions; the rest wait in its "more" menu, delete last of all. */
import { describe, expect, it } from 'vitest';
import { orderActions } from '../../resources/orders/actions';
import { statusId } from '../../resources/orders/statuses';
import type { RowAction } from '../../resources/types';
import { entryKey, INLINE_LIMIT, rowEntries, splitEntries } from '../../src/components/resource/rowActionSplit';
import { rowMatches } from '../../src/components/resource/rowMatch';

const action = (name: string): RowAction => ({ name, ability: name, call: `/x/${name}` });
const keys = (entries: Parameters<typeof entryKey>[0][]) => entries.map(entryKey);

describe('row actions in the row and in "more"', () => {
  it('orders them detail, edit, domain actions as declared, delete last', () => {
    const entries = rowEntries({ show: true, edit: true, remove: true, actions: [action('enable'), action('reset')] });
    expect(keys(entries)).toEqual(['show', 'edit', 'action:enable', 'action:reset', 'delete']);
  });

  it('keeps two in the row and puts the rest in the menu, even when only one is left over', () => {
    expect(INLINE_LIMIT).toBe(2);
    const three = splitEntries(rowEntries({ show: true, edit: true, remove: true, actions: [] }));
    expect(keys(three.inline)).toEqual(['show', 'edit']);
    expect(keys(three.more)).toEqual(['delete']);
    const six = splitEntries(rowEntries({ show: true, edit: true, remove: true, actions: [action('a'), action('b'), action('c')] }));
    expect(keys(six.inline)).toEqual(['show', 'edit']);
    expect(keys(six.more)).toEqual(['action:a', 'action:b', 'action:c', 'delete']);
  });

  it('needs no menu for two actions or fewer', () => {
    for (const entries of [
      rowEntries({ show: true, edit: false, remove: true, actions: [] }),
      rowEntries({ show: false, edit: false, remove: false, actions: [action('claim')] }),
      rowEntries({ show: false, edit: false, remove: false, actions: [] }),
    ]) {
      const { inline, more } = splitEntries(entries);
      expect(inline).toEqual(entries);
      expect(more).toEqual([]);
    }
    expect(keys(splitEntries(rowEntries({ show: true, edit: false, remove: true, actions: [] })).inline)).toEqual(['show', 'delete']);
  });

  it('gives an order awaiting confirmation its detail and confirm in the row, the rest in the menu', () => {
    const row = { id: 7, orderCode: 'P7', status: statusId('pendingConfirmation'), mark: 1, locked: false };
    const actions = orderActions.filter((a) => (!a.onlyFor || a.onlyFor.includes('orders')) && rowMatches(row, a.when));
    const { inline, more } = splitEntries(rowEntries({ show: true, edit: false, remove: false, actions }));
    expect(keys(inline)).toEqual(['show', 'action:confirm']);
    expect(keys(more)).toEqual(['supplement', 'reject', 'freeResource', 'repairStatus', 'updateMark', 'reselect', 'lock'].map((n) => `action:${n}`));
  });
});
