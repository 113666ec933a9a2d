/** The caller's own account (/profile/list): requests shared by the profile screen and the server. */
import { z } from 'zod';
import { password, required } from '../common/rules';

export const updateNickname = z.object({ nickname: required(64) });

/** New and confirmation must match; the server also checks the original password. */
export const changePassword = z
  .object({ originalPassword: z.string({ error: 'required' }).min(1, 'required'), newPassword: password, confirmPassword: z.string({ error: 'required' }).min(1, 'required') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordMismatch' });

/** Setting the payment password is confirmed with the login password. */
export const setPayPassword = z
  .object({ loginPassword: z.string({ error: 'required' }).min(1, 'required'), payPassword: password, confirmPayPassword: z.string({ error: 'required' }).min(1, 'required') })
  .refine((v) => v.payPassword === v.confirmPayPassword, { path: ['confirmPayPassword'], message: 'passwordMismatch' });
