/** Bank number management: requests shared by the form and the server. */
import { z } from 'zod';
import { bankName, id, optionalSwitch as enabled, remark } from '../common/rules';

/** The bank's number: digits only, at most 32. */
const bankNumber = z.string({ error: 'required' }).trim().min(1, 'required').regex(/^\d{1,32}$/, 'digits');

export const addBankNumber = z.object({ bankName, bankNumber, remark, enabled });
export const updateBankNumber = z.object({ id, bankName, bankNumber, remark, enabled });
