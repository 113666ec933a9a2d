/**
 * One mapping of validation messages: the same inputs run through the form's path
 * (src/components/resource/schemaRules.ts with the admin's i18next) and the server's path
 * (server/http/validation.ts with the server's catalogue) are accepted and refused alike, with the
 * same reason, and every message names its field: the form by the label it shows, the server (for a
 * schema a screen labels) by the same label beside the wire name. Amounts and counts are refused
 * with their real problem, in all three languages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { objectErrors } from '../../src/components/resource/schemaRules';
import { addUser, updateUser } from '../../resources/users/schema';
import { addBankNumber } from '../../resources/bank-numbers/schema';
import { changePassword } from '../../resources/profile/schema';
import { loginBody } from '../../server/users/session';
import { formTranslator, inFormMessage, onServer as server } from './both-sides';
import { fieldRules } from '../../src/components/resource/schemaRules';
import { parseInput } from '../../server/http/validation';
import { AppError } from '../../server/errors';
import { labelled } from '../../resources/common/labels';
import { testOrderForm } from '../../resources/order-test/schema';
import { testOrderSchema } from '../../resources/orders/create-schema';
import { batchLimits } from '../../resources/payout-batches/schema';
import { LANGUAGES, type Language } from '../../providers/languages';

let t: TFunction;
const ts = {} as Record<Language, TFunction>;
beforeAll(async () => {
  for (const lang of LANGUAGES) ts[lang] = await formTranslator(lang);
  t = ts['en-US'];
});

/** The form's whole message for a field, labelled by its own name unless told. */
const form = (schema: z.ZodObject, name: string, value: unknown, label = name, tr = t) => inFormMessage(schema, name, value, tr, label);

/** Every issue kind zod reports, so no branch of the mapping goes untested. */
const kinds = z.object({
  name: z.string().max(5),
  text: z.string().min(1),
  code: z.string().min(3),
  n: z.number().int().min(1).max(10),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string()).min(1).max(2),
  email: z.email(),
  on: z.boolean(),
});

const cases: [string, z.ZodObject, Record<string, unknown>, Record<string, unknown[]>][] = [
  [
    'every issue kind',
    kinds,
    { name: 'ab', text: 'x', code: 'abc', n: 5, kind: 'a', tags: ['x'], email: 'a@b.cd', on: true },
    {
      name: ['abcdef', 42, null, undefined, '', 'ok'],
      text: ['', ' ', 7],
      code: ['ab', 'abcd'],
      n: [0, 11, 1.5, '5', null, true, [5], 10],
      kind: ['c', 'a', 1],
      tags: [[], ['a', 'b', 'c'], 'x', [1]],
      email: ['nope', 'a@b.cd'],
      on: ['true', 1, false],
    },
  ],
  [
    'add user',
    addUser,
    { nickname: 'Ann', account: 'ann01', password: 'Secret123', access: 'merchant' },
    {
      nickname: [undefined, null, '', '   ', 'a'.repeat(65), 42, 'Ann'],
      account: ['ab-c', '', 'abc', 7, 'a'.repeat(33)],
      password: ['short1', 'abcdefgh', '12345678', 'Secret123', `${'x'.repeat(64)}1`, undefined],
      access: ['root', 'merchant', undefined, 3],
    },
  ],
  ['update user', updateUser, { id: 5, nickname: 'Ann', account: 'ann01', password: '', role: 'merchant' }, { id: ['abc', 0, -1, 3e9, 5, '', undefined], password: ['', null, 'short1'] }],
  [
    'add bank number',
    addBankNumber,
    { bankName: 'SBI', bankNumber: '123' },
    { bankNumber: ['12a', '', '123', undefined, 5], remark: ['x'.repeat(201), null, ''], enabled: ['yes', true, null], bankName: ['', 'x'.repeat(129)] },
  ],
  ['login', loginBody, { userName: 'admin', password: 'x' }, { userName: [42, null, undefined, '', 'a'.repeat(65)], password: ['', 'x'.repeat(129)] }],
];

describe('form and server refuse the same values with the same reason', () => {
  for (const [title, schema, base, values] of cases) {
    it(title, async () => {
      for (const [name, list] of Object.entries(values)) {
        for (const value of list) {
          const label = `${name} = ${JSON.stringify(value)}`;
          const onServer = server(schema, { ...base, [name]: value });
          // The server names the exact place (tags.0); the form shows it on the field's item.
          if (!onServer.ok) expect(onServer.field === name || onServer.field.startsWith(`${name}.`), label).toBe(true);
          // A translated reason, never a key the catalogue lacks.
          if (!onServer.ok) expect(onServer.reason, label).toMatch(/ /);
          // The form names the field before the same reason.
          expect(await form(schema, name, value), label).toEqual(onServer.ok ? onServer : { ...onServer, field: name, reason: `${name} ${onServer.reason}` });
        }
      }
      expect(server(schema, base)).toEqual({ ok: true });
    });
  }

  it('says "has the wrong type" for a wrong value and "is required" for a missing one on both sides', async () => {
    expect(await form(loginBody, 'userName', 42, 'User name')).toEqual({ ok: false, field: 'userName', reason: 'User name has the wrong type' });
    expect(server(loginBody, { userName: 42, password: 'x' })).toEqual({ ok: false, field: 'userName', reason: 'has the wrong type' });
    expect(await form(loginBody, 'userName', undefined, 'User name')).toEqual({ ok: false, field: 'userName', reason: 'User name is required' });
    expect(server(loginBody, { password: 'x' })).toEqual({ ok: false, field: 'userName', reason: 'is required' });
  });

  it('agrees on cross-field rules', () => {
    const body = { originalPassword: 'old', newPassword: 'Secret123', confirmPassword: 'Secret124' };
    const onServer = server(changePassword, body);
    expect(onServer).toEqual({ ok: false, field: 'confirmPassword', reason: 'does not match the new password' });
    expect(objectErrors(changePassword, body, t, () => 'Confirm password')).toEqual([{ name: 'confirmPassword', errors: ['Confirm password does not match the new password'] }]);
    expect(objectErrors(changePassword, { ...body, confirmPassword: 'Secret123' }, t)).toEqual([]);
  });
});

/** The server's msg for a body, in a language. */
function serverMsg(schema: z.ZodType, body: unknown, lang: Language): string {
  try {
    parseInput(schema, body, lang, 'body');
    return 'accepted';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.message;
  }
}

describe('amounts and counts are refused with their real problem, naming the field', () => {
  const order = { productId: 1034, mchOrderNo: 'TEST1', amount: '150.25', notifyUrl: 'https://shop.example/notify' };
  const typed: [string, string][] = [
    ['', 'Amount is required'],
    ['abc', 'Amount is not a number'],
    ['1e3', 'Amount is not a number'],
    ['-5000', 'Amount must not be negative'],
    ['-0.001', 'Amount must not be negative'],
    ['0', 'Amount must be greater than 0'],
    ['0.00', 'Amount must be greater than 0'],
    ['10.12345', 'Amount may have at most 4 decimals'],
    ['99999999999999', 'Amount must not exceed 1000000000000'],
    ['150.25', 'ok'],
  ];
  it.each(typed)('the test-order form: amount %j', async (amount, expected) => {
    const outcome = await form(testOrderForm, 'amount', amount, 'Amount');
    expect(outcome.ok ? 'ok' : outcome.ok === false && outcome.reason).toBe(expected);
  });

  it('the test-order form: a product takes 2 decimals unless it is 1045, told on the whole form too', () => {
    const label = () => 'Amount';
    expect(objectErrors(testOrderForm, { ...order, amount: '10.123' }, t, label)).toEqual([{ name: 'amount', errors: ['Amount may have at most 2 decimals'] }]);
    expect(objectErrors(testOrderForm, { ...order, amount: '10.123', productId: 1045 }, t, label)).toEqual([]);
  });

  it('the server names the amount and its problem in each language (was "must be a whole number" for all)', () => {
    const body = { ...order, amount: 15025 };
    const cases: [unknown, string][] = [
      [-5000, 'Invalid parameter: Amount (amount) must not be negative'],
      ['-5000', 'Invalid parameter: Amount (amount) must not be negative'],
      [0, 'Invalid parameter: Amount (amount) must be greater than 0'],
      [1e20, 'Invalid parameter: Amount (amount) must not exceed 100000000000000'],
      ['99999999999999999999', 'Invalid parameter: Amount (amount) must not exceed 100000000000000'],
      [150.5, 'Invalid parameter: Amount (amount) may have at most 2 decimals'],
      ['abc', 'Invalid parameter: Amount (amount) is not a number'],
      [undefined, 'Invalid parameter: Amount (amount) is required'],
      [15025, 'accepted'],
    ];
    for (const [amount, msg] of cases) expect(serverMsg(testOrderSchema, { ...body, amount }, 'en-US'), String(amount)).toBe(msg);
    expect(serverMsg(testOrderSchema, { ...body, amount: -5000 }, 'zh-CN')).toBe('参数错误：金额（amount） 不能为负数');
    expect(serverMsg(testOrderSchema, { ...body, amount: 0 }, 'zh-TW')).toBe('參數錯誤：金額（amount） 必須大於 0');
  });

  it("a new batch's most orders and amount limit, alike on both sides", async () => {
    const cases: [string, unknown, string][] = [
      ['maxCount', 0, 'must be at least 1'],
      ['maxCount', -3, 'must be at least 1'],
      ['maxCount', 'abc', 'is not a number'],
      ['maxCount', 501, 'must not exceed 500'],
      ['maxCount', 2.5, 'must be a whole number'],
      ['maxCount', undefined, 'is required'],
      ['amountLimit', -100, 'must not be negative'],
      ['amountLimit', 0, 'must be greater than 0'],
      ['amountLimit', '1.234', 'may have at most 2 decimals'],
      ['amountLimit', 'abc', 'is not a number'],
    ];
    for (const [name, value, reason] of cases) {
      const body = { maxCount: 10, [name]: value };
      expect(server(batchLimits, body), `${name}=${String(value)}`).toEqual({ ok: false, field: name, reason });
      expect(await form(batchLimits, name, value), `${name}=${String(value)}`).toEqual({ ok: false, field: name, reason: `${name} ${reason}` });
    }
    expect(server(batchLimits, { maxCount: 500, amountLimit: 1 })).toEqual({ ok: true });
  });

  it('names the field in every language, and the server names it as the screen labels it', async () => {
    const schema = labelled(z.object({ nickname: z.string().max(3) }), 'profile');
    for (const lang of LANGUAGES) {
      const label = ts[lang]('profile.fields.nickname');
      const reason = ts[lang]('validation.tooLong', { max: 3 });
      const outcome = await form(schema, 'nickname', 'abcd', label, ts[lang]);
      expect(outcome).toEqual({ ok: false, field: 'nickname', reason: ts[lang]('validation.named', { label, reason }) });
      expect(outcome.ok === false && outcome.reason.startsWith(label)).toBe(true);
      expect(serverMsg(schema, { nickname: 'abcd' }, lang)).toContain(`${label}${lang === 'en-US' ? ' (' : '（'}nickname`);
      expect(serverMsg(schema, { nickname: 'abcd' }, lang)).toContain(reason);
    }
    // Without a form's label, the form finds the schema's own.
    const [rule] = fieldRules(schema, 'nickname', t) as { validator: (rule: unknown, value: unknown) => Promise<void> }[];
    await expect(rule.validator({}, 'abcd')).rejects.toThrow('Nickname must be at most 3 characters');
  });
});
