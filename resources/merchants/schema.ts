/**
 * Requests of the merchant and supplier screens (both are "members": users with a profile, key and
 * balance), shared by the forms and the server. Messages are validation.* keys.
 */
import { z } from 'zod';
import { account, displayName, id, keepPassword, password } from '../common/rules';

const flag = (fallback: boolean) => z.preprocess((v) => (v === undefined || v === null || v === '' ? fallback : v), z.boolean({ error: 'type' }));

export const addMember = z.object({
  nickname: displayName(64),
  account,
  password,
  acceptOrders: flag(true),
});

export const updateMember = z.object({
  id,
  nickname: displayName(64),
  account,
  password: keepPassword,
  // Omitted: unchanged (never silently switched back on).
  acceptOrders: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.boolean({ error: 'type' }).optional()),
});

export const memberId = z.object({ id });
export const setAcceptOrders = z.object({ id, acceptOrders: z.boolean({ error: 'type' }) });
