/** A list's columns and density are remembered per user and screen, and survive bad stored data. */
import { afterEach, describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN, DEFAULT_SETTINGS, readSettings, settingsKey, toggleColumn, visibleColumns } from '../../src/components/resource/listSettings';

const columns = [{ key: 'orderCode' }, { key: 'amount' }, { key: 'status' }, { key: ACTIONS_COLUMN }];

afterEach(() => localStorage.clear());

describe('list settings', () => {
  it('are kept apart for each user and each screen', () => {
    expect(settingsKey(3, 'orders')).not.toBe(settingsKey(4, 'orders'));
    expect(settingsKey(3, 'orders')).not.toBe(settingsKey(3, 'orders-customerService'));
  });

  it('come back from storage as they were chosen', () => {
    const chosen = { ...toggleColumn(DEFAULT_SETTINGS, 'amount', false), density: 'small' as const };
    localStorage.setItem(settingsKey(3, 'orders'), JSON.stringify(chosen));
    const back = readSettings(localStorage.getItem(settingsKey(3, 'orders')));
    expect(back).toEqual({ hidden: ['amount'], density: 'small' });
    expect(visibleColumns(columns, back).map((c) => c.key)).toEqual(['orderCode', 'status', ACTIONS_COLUMN]);
    // Another user, or another screen, starts from the defaults.
    expect(readSettings(localStorage.getItem(settingsKey(4, 'orders')))).toEqual(DEFAULT_SETTINGS);
  });

  it('show a column again, and never hide the actions', () => {
    const hidden = toggleColumn(toggleColumn(DEFAULT_SETTINGS, 'amount', false), 'status', false);
    expect(hidden.hidden).toEqual(['amount', 'status']);
    expect(toggleColumn(hidden, 'amount', true).hidden).toEqual(['status']);
    expect(toggleColumn(hidden, 'amount', false).hidden).toEqual(['status', 'amount']);
    expect(toggleColumn(DEFAULT_SETTINGS, ACTIONS_COLUMN, false).hidden).toEqual([]);
    expect(visibleColumns(columns, { hidden: [ACTIONS_COLUMN, 'orderCode'], density: 'middle' }).map((c) => c.key)).toEqual(['amount', 'status', ACTIONS_COLUMN]);
  });

  it('fall back to the defaults for what is missing or malformed', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('"text"')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(JSON.stringify({ hidden: 'amount', density: 'huge' }))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(JSON.stringify({ hidden: ['amount', 7, ACTIONS_COLUMN], density: 'large' }))).toEqual({ hidden: ['amount'], density: 'large' });
  });
});
