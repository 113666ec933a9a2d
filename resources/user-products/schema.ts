/**
 * Products and rates of a user (/userProduct), shared by the form and the server. A rate is an exact
 * decimal below 1 (0.005 = 5 per mille); fees are non-negative integers of minor units (cents).
 */
import { MEMBER_ROLES } from '../../providers/roles';
import { z } from 'zod';
import { id } from '../common/rules';
import { amount } from '../common/amount';
import { CATALOGUE } from '../products/catalogue';

const PRODUCT_IDS = CATALOGUE.map((p) => p.id);
/** A product is a merchant product or a code-merchant product, after the role of its owner. */
export const SIDES = MEMBER_ROLES;

/** Decimal text with at most 6 places, 0 <= rate < 1; numbers are read through their text form. */
const rate = z
  .union([z.string({ error: 'required' }), z.number()], { error: 'required' })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', 'required')
  // Integer part 0 (so below 1), at most 6 decimals, no sign: "0", "0.005", ".5".
  .refine((v) => v === '' || /^(0+(\.\d{1,6})?|\.\d{1,6})$/.test(v), 'rate')
  .transform((v) => v.replace(/^0*(?=\.|0$)|^0+(?=\d)/, '').replace(/^\./, '0.'));

/** Minor units: a non-negative integer; blank means 0. */
const minorFee = z.preprocess((v) => (v === '' || v === null ? undefined : v), amount({ min: 0, max: 1_000_000_000_00, typed: true }).default(0));

const productId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number().int().refine((v) => PRODUCT_IDS.includes(v), 'option'));
const enabled = z.preprocess((v) => (v === undefined || v === null || v === '' ? true : v), z.boolean({ error: 'type' }));
/** On edit an omitted switch stays as stored (never silently turned back on). */
const enabledIfGiven = z.preprocess((v) => (v === null || v === '' ? undefined : v), z.boolean({ error: 'type' }).optional());

export const addUserProduct = z.object({ userId: id, productId, rate, fixedFee: minorFee, singleFee: minorFee, enabled });
export const updateUserProduct = z.object({ id, rate, fixedFee: minorFee, singleFee: minorFee, enabled: enabledIfGiven });

/** A product of a merchant or supplier with its rate and fees, as the server answers it (member lists, own profile). */
export interface ProductRate {
  id: number;
  productId: number;
  /** Decimal text: 0.005 = 5 per mille. */
  rate: string;
  /** Minor units. */
  fixedFee: number;
  singleFee: number;
  enabled: boolean;
}

/** A stored numeric rate ("0.005000") as the shortest decimal text ("0.005"). */
export const canonicalRate = (stored: string): string => (stored.includes('.') ? stored.replace(/\.?0+$/, '') : stored);
