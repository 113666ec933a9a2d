/** The order row actions show where the transition table lets them start, and send what their calls take. */
import { describe, expect, it } from 'vitest';
import { orderActions, startsFrom } from '../../resources/orders/actions';
import { orderApi } from '../../resources/orders/api';
import { rejectBody } from '../../resources/orders/action-rules';
import { schemaOf } from '../../resources/common/lazy-schema';
import { statusId } from '../../resources/orders/statuses';
import { actionParams, rowMatches, visibleInputs } from '../../src/components/resource/rowMatch';

const action = (name: string) => orderActions.find((a) => a.name === name)!;
const row = (status: string, extra: Record<string, unknown> = {}) => ({ id: 7, orderCode: 'P7', status: statusId(status as never), mark: 1, locked: false, merchantId: 3, supplierId: 4, ...extra });
/** The actions an admin's order list shows on a row (a supplier's confirm is its own, on its own screen). */
const shown = (status: string, extra?: Record<string, unknown>, screen = 'orders') =>
  orderActions.filter((a) => (!a.onlyFor || a.onlyFor.includes(screen)) && rowMatches(row(status, extra), a.when)).map((a) => a.name);

describe('order row actions', () => {
  it('read where each action may start from the transition table', () => {
    expect(startsFrom('confirm')).toEqual([statusId('pendingConfirmation')]);
    expect(startsFrom('reverse')).toEqual([3, 4, 13]);
    expect(shown('pendingConfirmation')).toEqual(['confirm', 'supplement', 'reject', 'freeResource', 'repairStatus', 'updateMark', 'reselect', 'lock']);
    expect(shown('callbackSucceeded')).toEqual(['callback', 'reverse', 'repairStatus', 'updateMark', 'lock']);
    expect(shown('created')).toEqual(['updateMark', 'lock']);
    // A supplier confirms with its payment password (required while EnablePayPassword is on); an admin is not asked.
    const confirms = orderActions.filter((a) => a.name === 'confirm');
    expect(confirms.map((a) => [a.onlyFor, (a.inputs ?? []).map((i) => i.name)])).toEqual([
      [['orders'], []],
      [['orders-supplier'], ['payPassword']],
    ]);
  });

  it('offer only unlock and the mark on a locked order', () => {
    expect(shown('pendingConfirmation', { locked: true })).toEqual(['updateMark', 'unlock']);
  });

  it('send the order code, as a list for lock and unlock, and the id for the mark', () => {
    expect(actionParams(action('confirm'), row('pendingConfirmation'))).toEqual({ orderCode: 'P7' });
    expect(actionParams(action('unlock'), row('allocated', { locked: true }))).toEqual({ orderCodes: ['P7'] });
    expect(actionParams(action('updateMark'), row('allocated'), { orderMark: 4 })).toEqual({ id: 7, orderMark: 4 });
    expect(orderActions.every((a) => Object.values(orderApi).includes(a.call as never))).toBe(true);
  });

  it('ask the specific reason only when "other" is chosen, checked by the shared schema (loaded with the dialog)', async () => {
    const reject = action('reject');
    const rejectSchema = await schemaOf(reject.schema!);
    expect(visibleInputs(reject, { rejectReason: 'notReceived' }).map((f) => f.name)).toEqual(['rejectReason']);
    expect(visibleInputs(reject, { rejectReason: 'other' }).map((f) => f.name)).toEqual(['rejectReason', 'otherReason']);
    expect(rejectSchema.safeParse({ orderCode: 'P7', rejectReason: 'other' }).success).toBe(false);
    expect(rejectSchema.safeParse({ orderCode: 'P7', rejectReason: 'other', otherReason: 'payer cancelled' }).success).toBe(true);
    expect(rejectSchema).toBe(rejectBody);
    // The Google code of a supplement may be left out.
    expect((await schemaOf(action('supplement').schema!)).safeParse({ orderCode: 'P7', utr: 'U1' }).success).toBe(true);
  });

  it('confirm every money-moving action and warn before unlocking', () => {
    for (const name of ['confirm', 'supplement', 'reverse', 'repairStatus', 'freeResource']) expect(action(name).confirm, name).toBe(true);
    expect(action('unlock').warning).toBe('orderActions.unlockWarning');
  });
});
