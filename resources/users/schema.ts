/** Account management (/setting/users): requests shared by the form and the server. */
import { z } from 'zod';
import { ROLES } from '../../providers/roles';
import { account, displayName, googleCodeInput, id, password } from '../common/rules';

export const role = z.enum(ROLES, { error: 'option' });

export const addUser = z.object({
  nickname: displayName(64),
  account,
  password,
  access: role,
});

export const updateUser = z.object({
  id,
  nickname: displayName(64),
  account,
  /** Blank keeps the current password. */
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
  role,
});

export const repairUser = z.object({ userId: id, newAccountName: account, googleCode: googleCodeInput });
/** Resetting a payment password (the row's id) and restoring a member: a balance operation's Google code. */
export const balanceGuardedAction = z.object({ id, googleCode: googleCodeInput });
export const setAllowModify = z.object({ userId: id, allowModify: z.boolean() });
