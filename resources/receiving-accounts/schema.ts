/**
 * Request schemas of one channel kind, built from the fields it uses: the form validates with them
 * and the server parses with the very same objects. Cross-field rule: minimum amount not above the
 * maximum (a blank maximum means no limit).
 */
import { z } from 'zod';
import { filterNumber, filterText, id, optionalId, paging } from '../common/rules';
import { ACCOUNT_FIELDS, type AccountField, type AccountFieldName } from './fields';
import { DISABLED_STATE, ENABLED_STATE, STATES } from './options';

type Need = 'required' | 'optional';
export type KindFields = Partial<Record<AccountFieldName, Need>>;

const productRule = (products: readonly number[]) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'required' }).refine((v) => products.includes(v), 'option'),
  );

const minNotAboveMax = (value: object, ctx: z.RefinementCtx) => {
  const { minAmount, maxAmount } = value as { minAmount?: unknown; maxAmount?: unknown };
  if (typeof minAmount === 'number' && typeof maxAmount === 'number' && minAmount > maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'minAboveMax' });
  }
};

/** A new account's state: chosen on the form, disabled when not given (the server checks the creator may switch it on). */
const createState = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([z.literal(ENABLED_STATE), z.literal(DISABLED_STATE)], { error: 'option' }).default(DISABLED_STATE),
);

/** Checked even when other fields fail (a missing name, a bad IFSC), so every error is reported at once. */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

export function accountSchemas(products: readonly number[], fields: KindFields) {
  const shape: Record<string, z.ZodType> = {
    productId: productRule(products),
    // Only an admin names the supplier; the server ignores it from a supplier (its own id is used).
    supplierId: optionalId,
  };
  for (const [name, need] of Object.entries(fields) as [AccountFieldName, Need][]) {
    shape[name] = ACCOUNT_FIELDS[name].rule(need === 'required');
  }
  const create = z.object({ ...shape, state: createState }).superRefine(minNotAboveMax, ALWAYS);
  // An admin's account belongs to the supplier it names: required on the admin screens' form.
  const adminCreate = z.object({ ...shape, state: createState, supplierId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id) }).superRefine(minNotAboveMax, ALWAYS);
  const edit = z.object({ ...shape, id }).superRefine(minNotAboveMax, ALWAYS);
  return { create, adminCreate, edit };
}

/** List filters: the kind's filterable fields plus supplier, product and state. */
export function accountListQuery(fields: KindFields) {
  const shape: Record<string, z.ZodType> = {
    ...paging,
    supplierId: filterNumber,
    productId: filterNumber,
    state: filterNumber.pipe(z.union([z.undefined(), z.literal(STATES)])),
  };
  for (const name of Object.keys(fields) as AccountFieldName[]) {
    if ((ACCOUNT_FIELDS[name] as AccountField).field.filter) shape[name] = filterText;
  }
  return z.object(shape);
}
