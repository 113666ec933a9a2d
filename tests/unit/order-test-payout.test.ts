/** A test payout on the API-test screen: the payee details its product requires (as the creation API requires them), and the steps of its way to being paid. */
import { describe, expect, it } from 'vitest';
import { testOrderForm } from '../../resources/order-test/schema';
import { payoutProgress } from '../../resources/order-test/payout-progress';
import { createOrderSchema } from '../../resources/orders/create-schema';
import { payeeFieldsOf } from '../../resources/products/payee-details';

const TRON = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const base = { mchOrderNo: 'TEST1', amount: '150.25', notifyUrl: 'https://shop.example/notify' };
const bank = { ...base, productId: 3017, userName: 'Ravi Kumar', cardNumber: '123456789012', ifscCode: 'HDFC0001234', bankName: 'HDFC Bank' };
const usdt = { ...base, productId: 3016, address: TRON };
const problems = (values: Record<string, unknown>) => {
  const result = testOrderForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe('the test payout form', () => {
  it('asks each payout product for the payee details the creation API requires, and a collection product for none', () => {
    expect(payeeFieldsOf(3017)).toEqual(['userName', 'cardNumber', 'ifscCode', 'bankName']);
    expect(payeeFieldsOf(3016)).toEqual(['address']);
    expect(payeeFieldsOf(1034)).toEqual([]);
    expect(payeeFieldsOf(undefined)).toEqual([]);
  });

  it('takes a bank payout and a USDT payout with their payee', () => {
    expect(problems(bank)).toEqual([]);
    expect(problems(usdt)).toEqual([]);
    expect(testOrderForm.parse(usdt).address).toBe(TRON);
  });

  it('refuses a payout whose payee details are missing or blank, each by its field', () => {
    expect(problems({ ...base, productId: 3017 })).toEqual(['userName: required', 'cardNumber: required', 'ifscCode: required', 'bankName: required']);
    expect(problems({ ...bank, bankName: '   ', ifscCode: '' })).toEqual(['ifscCode: required', 'bankName: required']);
    expect(problems({ ...base, productId: 3016 })).toEqual(['address: required']);
    // A collection order's payer details stay optional.
    expect(problems({ ...base, productId: 1034 })).toEqual([]);
  });

  it('refuses a wallet address that is none, or whose checksum fails, as the creation API does', () => {
    const mistyped = `${TRON.slice(0, -1)}${TRON.endsWith('f') ? 'g' : 'f'}`;
    expect(problems({ ...usdt, address: 'not-an-address' })).toEqual(['address: usdtAddress']);
    expect(problems({ ...usdt, address: mistyped })).toEqual(['address: addressChecksum']);
    const api = (address: string) => createOrderSchema.safeParse({ mchId: '20001', sign: '0'.repeat(32), ...usdt, amount: 15025, address }).error?.issues.map((i) => i.message);
    expect(api('not-an-address')).toEqual(['usdtAddress']);
    expect(api(mistyped)).toEqual(['addressChecksum']);
  });
});

describe('the steps of a followed test payout', () => {
  const shown = (state: Parameters<typeof payoutProgress>[0]) => {
    const { steps, current, status } = payoutProgress(state);
    return `${steps.map((s, i) => (i === current ? `[${s}]` : s)).join(' > ')} ${status}`;
  };

  it('follows a payout along its way to being paid', () => {
    expect(shown('waiting')).toBe('[waiting] > preparing > paying > completed process');
    expect(shown('preparing')).toBe('waiting > [preparing] > paying > completed process');
    expect(shown('paying')).toBe('waiting > preparing > [paying] > completed process');
    expect(shown('completed')).toBe('waiting > preparing > paying > [completed] finish');
  });

  it('shows an end that is no payment, and a hold, as such', () => {
    expect(shown('held')).toBe('[held] > preparing > paying > completed error');
    expect(shown('revoked')).toBe('waiting > [revoked] error');
    expect(shown('cancelled')).toBe('held > [cancelled] error');
    expect(shown('reversalCompleted')).toBe('waiting > preparing > paying > completed > [reversalCompleted] error');
  });
});
