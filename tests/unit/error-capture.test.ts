/**
 * What the error log takes from outside components: a failed request is an error, but not one the
 * browser cut because the page was leaving (a reload, a typed address): that would light the next
 * page's badge for nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { httpHooks } from '../../src/providers/http';
import { installErrorCapture } from '../../src/common/error-log/capture';
import { clearErrors, errorLogSnapshot } from '../../src/common/error-log/store';

const messages = () => errorLogSnapshot().entries.map((e) => e.message);

describe('the error log and a page that leaves', () => {
  beforeEach(() => {
    installErrorCapture();
    clearErrors();
    window.dispatchEvent(new Event('pageshow'));
  });

  it('keeps a failed request while the page stays', () => {
    httpHooks.logError({ type: 'request', message: 'Failed to fetch', url: '/order/getList' });
    expect(messages()).toEqual(['/order/getList: Failed to fetch']);
  });

  it.each(['beforeunload', 'pagehide'])('leaves out requests cut after %s, and counts again once the page is shown again', (leaving) => {
    window.dispatchEvent(new Event(leaving));
    httpHooks.logError({ type: 'request', message: 'Failed to fetch', url: '/order/getList' });
    const cut = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: new TypeError('Failed to fetch') });
    window.dispatchEvent(cut);
    expect(messages()).toEqual([]);

    window.dispatchEvent(new Event('pageshow'));
    httpHooks.logError({ type: 'request', message: 'Failed to fetch', url: '/order/getList' });
    expect(messages()).toEqual(['/order/getList: Failed to fetch']);
  });
});
