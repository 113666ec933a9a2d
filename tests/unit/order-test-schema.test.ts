/** The test-order form's rules (shared with the screens) and the test status an order's status gives. */
import { describe, expect, it } from 'vitest';
import { testOrderForm, testStatusOf } from '../../resources/order-test/schema';
import { orderCreateAmount } from '../../src/providers/conventions';

const valid = { productId: 1034, mchOrderNo: 'TEST1', amount: '150.25', notifyUrl: 'https://shop.example/notify' };
const reason = (values: Record<string, unknown>) => {
  const result = testOrderForm.safeParse({ ...valid, ...values });
  return result.success ? null : `${String(result.error.issues[0].path[0])}: ${result.error.issues[0].message}`;
};

describe('test-order form', () => {
  it('takes an order as a person types it, and sends the amount as the API takes it', () => {
    expect(reason({})).toBeNull();
    expect(reason({ amount: '0.0001', productId: 1045 })).toBeNull();
    expect(orderCreateAmount('150.25', 1034)).toBe(15025);
    expect(orderCreateAmount('150.2501', 1045)).toBe(1502501);
  });

  it.each([
    [{ amount: '10.123' }, 'amount: tooManyDecimals'],
    [{ amount: '10.12345', productId: 1045 }, 'amount: tooManyDecimals'],
    [{ amount: '0' }, 'amount: zero'],
    [{ amount: '0.00' }, 'amount: zero'],
    [{ amount: '-5' }, 'amount: negative'],
    [{ amount: '1e3' }, 'amount: notNumber'],
    [{ amount: '99999999999999' }, 'amount: tooBig'],
    [{ amount: '' }, 'amount: required'],
    [{ notifyUrl: 'ftp://shop.example/notify' }, 'notifyUrl: httpUrl'],
    [{ notifyUrl: 'https://user:pw@shop.example/' }, 'notifyUrl: httpUrl'],
    [{ returnUrl: 'javascript:alert(1)' }, 'returnUrl: httpUrl'],
    [{ mchOrderNo: 'has space' }, 'mchOrderNo: format'],
    [{ ifscCode: 'SBIN1234567' }, 'ifscCode: ifsc'],
    [{ cardNumber: '12ab' }, 'cardNumber: cardNumber'],
    [{ vpa: 'no-at-sign' }, 'vpa: upiId'],
    [{ vpa: 'ravi\u200B@ybl' }, 'vpa: upiId'],
    [{ userName: 'Ravi\u202EKumar' }, 'userName: invisibleChar'],
    [{ subject: 'a&b' }, 'subject: signSeparator'],
    [{ notifyUrl: 'https://shop.example/notify?id=1' }, 'notifyUrl: signSeparator'],
  ])('refuses %j', (values, expected) => {
    expect(reason(values)).toBe(expected);
  });

  it('leaves blank optional fields out', () => {
    const parsed = testOrderForm.parse({ ...valid, returnUrl: '  ', vpa: '', userName: null });
    expect(parsed).not.toHaveProperty('returnUrl', expect.anything());
    expect(parsed.vpa).toBeUndefined();
  });

  it('gives the test status of an order by how far it has come', () => {
    expect(testStatusOf('created')).toBe('preparation');
    expect(testStatusOf('allocationFailed')).toBe('preparation');
    expect(testStatusOf('allocated')).toBe('testReady');
    expect(testStatusOf('pendingConfirmation')).toBe('testReady');
    expect(testStatusOf('submitted')).toBe('onlyCallbacks');
    expect(testStatusOf('callbackFailed')).toBe('onlyCallbacks');
  });
});
