/** The caller's own account (/profile/list): requests shared by the profile screen and the server. */
import { z } from 'zod';
import { displayName, password } from '../common/rules';
import { labelled } from '../common/labels';

export const updateNickname = z.object({ nickname: displayName(64) });

/** New and confirmation must match; the server also checks the original password. */
export const changePassword = z
  .object({ originalPassword: z.string({ error: 'required' }).min(1, 'required'), newPassword: password, confirmPassword: z.string({ error: 'required' }).min(1, 'required') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordMismatch' });

/** Setting the payment password is confirmed with the login password. */
export const setPayPassword = z
  .object({ loginPassword: z.string({ error: 'required' }).min(1, 'required'), payPassword: password, confirmPayPassword: z.string({ error: 'required' }).min(1, 'required') })
  .refine((v) => v.payPassword === v.confirmPayPassword, { path: ['confirmPayPassword'], message: 'passwordMismatch' });

/** Removing one's own authenticator: a current code from it (the server also asks the second-level password). */
export const removeAuthenticator = z.object({ googleCode: z.string({ error: 'required' }).trim().min(1, 'required').max(12, 'tooLong') });

// Refusals name the fields as the profile screen labels them.
for (const schema of [updateNickname, changePassword, setPayPassword, removeAuthenticator]) labelled(schema, 'profile');
