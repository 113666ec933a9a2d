/**
 * One mapping of validation messages: the same inputs run through the form's path
 * (src/components/resource/schemaRules.ts with the admin's i18next) and the server's path
 * (server/http/validation.ts with the server's catalogue) are accepted and refused alike, with the
 * same reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import { fieldRules, objectErrors } from '../../src/components/resource/schemaRules';
import { parseInput } from '../../server/http/validation';
import { AppError } from '../../server/errors';
import { loadMessages } from '../../src/providers/i18n';
import { addUser, updateUser } from '../../resources/users/schema';
import { addBankNumber } from '../../resources/bank-numbers/schema';
import { changePassword } from '../../resources/profile/schema';
import { loginBody } from '../../server/users/session';

type Outcome = { ok: true } | { ok: false; field: string; reason: string };

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en-US', fallbackLng: false, resources: { 'en-US': { translation: await loadMessages('en-US') } }, interpolation: { escapeValue: false } });
  t = instance.t;
});

function server(schema: z.ZodType, body: unknown): Outcome {
  try {
    parseInput(schema, body, 'en-US', 'body');
    return { ok: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, field: String(error.params.field), reason: String(error.params.reason) };
  }
}

async function form(schema: z.ZodObject, name: string, value: unknown): Promise<Outcome> {
  const [rule] = fieldRules(schema, name, t) as { validator: (rule: unknown, value: unknown) => Promise<void> }[];
  try {
    await rule.validator({}, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, field: name, reason: (error as Error).message };
  }
}

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
          expect(await form(schema, name, value), label).toEqual(onServer.ok ? onServer : { ...onServer, field: name });
        }
      }
      expect(server(schema, base)).toEqual({ ok: true });
    });
  }

  it('says "has the wrong type" for a wrong value and "is required" for a missing one on both sides', async () => {
    expect(await form(loginBody, 'userName', 42)).toEqual({ ok: false, field: 'userName', reason: 'has the wrong type' });
    expect(server(loginBody, { userName: 42, password: 'x' })).toEqual({ ok: false, field: 'userName', reason: 'has the wrong type' });
    expect(await form(loginBody, 'userName', undefined)).toEqual({ ok: false, field: 'userName', reason: 'is required' });
    expect(server(loginBody, { password: 'x' })).toEqual({ ok: false, field: 'userName', reason: 'is required' });
  });

  it('agrees on cross-field rules', () => {
    const body = { originalPassword: 'old', newPassword: 'Secret123', confirmPassword: 'Secret124' };
    const onServer = server(changePassword, body);
    expect(onServer).toEqual({ ok: false, field: 'confirmPassword', reason: 'does not match the new password' });
    expect(objectErrors(changePassword, body, t)).toEqual([{ name: 'confirmPassword', errors: ['does not match the new password'] }]);
    expect(objectErrors(changePassword, { ...body, confirmPassword: 'Secret123' }, t)).toEqual([]);
  });
});
