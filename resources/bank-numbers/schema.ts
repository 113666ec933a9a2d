/** Bank number management: requests shared by the form and the server. */
import { z } from 'zod';
import { bankName, id } from '../common/rules';

/** The bank's number: digits only, at most 32. */
const bankNumber = z.string({ error: 'required' }).trim().min(1, 'required').regex(/^\d{1,32}$/, 'digits');
/** A null remark clears it; an omitted one (or switch) is left as stored on edit, defaulted on add. */
const remark = z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(200, 'tooLong').optional());
const enabled = z.preprocess((v) => (v === null || v === '' ? undefined : v), z.boolean({ error: 'type' }).optional());

export const addBankNumber = z.object({ bankName, bankNumber, remark, enabled });
export const updateBankNumber = z.object({ id, bankName, bankNumber, remark, enabled });
