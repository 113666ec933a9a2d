import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { normalizeInput } from '../../resources/common/normalize';
import { channelOf } from '../../resources/receiving-accounts/kind';
import { ACCOUNT_FIELDS } from '../../resources/receiving-accounts/fields';
import { pendingObjectErrors } from '../../src/components/resource/schemaRules';
import { recordName } from '../../src/components/resource/recordName';

/** The message keys themselves, to see which reason each field got (a named message shows its label and reason). */
const t = ((key: string, params?: { label?: string; reason?: string }) => (key === 'validation.named' ? `${params!.label}: ${params!.reason}` : key)) as unknown as TFunction;

describe('inputs normalised as typed', () => {
  it('upper-cases an IFSC, keeps an address case-sensitive but compact, drops leading spaces of names', () => {
    expect(normalizeInput(ACCOUNT_FIELDS.ifscCode.field.normalize, 'abcd 0123456')).toBe('ABCD0123456');
    expect(normalizeInput(ACCOUNT_FIELDS.walletAddress.field.normalize, ' TAbc Def ')).toBe('TAbcDef');
    expect(normalizeInput(ACCOUNT_FIELDS.cardNumber.field.normalize, '1234 5678')).toBe('12345678');
    expect(normalizeInput('lower', '0xABcd')).toBe('0xabcd');
    // A name keeps the space between its words while it is typed.
    expect(normalizeInput(undefined, '  John ')).toBe('John ');
    expect(normalizeInput('upper', undefined)).toBeUndefined();
  });
});

describe('every error of a form at once', () => {
  const card = channelOf('internationalCardToCard')!;
  const shown = Object.keys(card.schemas.create.shape);
  // Required fields left blank as well: the cross-field rule still speaks.
  const values = { productId: card.products[0], ifscCode: 'bad', minAmount: 600_000, maxAmount: 500_000 };

  it('adds "minimum above maximum" beside a bad IFSC that antd already shows', () => {
    const errors = pendingObjectErrors(card.schemas.create, values, t, shown, ['ifscCode']);
    expect(errors.map((e) => e.name)).toContain('maxAmount');
    expect(errors.find((e) => e.name === 'maxAmount')!.errors[0]).toMatch(/minAboveMax/);
    // Never over a field's own error, never twice, never a field the form does not show.
    expect(errors.map((e) => e.name)).not.toContain('ifscCode');
    expect(new Set(errors.map((e) => e.name)).size).toBe(errors.length);
    expect(pendingObjectErrors(card.schemas.create, values, t, ['ifscCode'], [])).toEqual([expect.objectContaining({ name: 'ifscCode' })]);
  });

  it('offers the state on create, disabled by default', () => {
    const state = card.declaration.fields!.find((f) => f.name === 'state')!;
    expect(state).toMatchObject({ create: true, defaultValue: 1 });
    expect(card.schemas.create.shape.state.parse(undefined)).toBe(1);
    expect(card.schemas.create.shape.state.parse(0)).toBe(0);
    expect(card.schemas.create.shape.state.safeParse(2).success).toBe(false);
  });
});

describe('a record named in its title and tag', () => {
  it('takes the first naming field, else the id', () => {
    expect(recordName({ id: 8, account: 'agent03', nickname: 'Agent' })).toBe('agent03');
    expect(recordName({ id: 8, nickname: ' Agent ' })).toBe('Agent');
    expect(recordName({ id: 8 })).toBe('#8');
    expect(recordName(undefined, '9')).toBe('#9');
    expect(recordName(undefined)).toBeUndefined();
  });
});
