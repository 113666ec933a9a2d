/**
 * Requests of the merchant and supplier screens (both are "members": users with a profile, key and
 * balance), shared by the forms and the server. Messages are validation.* keys.
 */
import { z } from 'zod';
import { account, filterBoolean, filterText, id, paging, password, required } from '../common/rules';

const flag = (fallback: boolean) => z.preprocess((v) => (v === undefined || v === null || v === '' ? fallback : v), z.boolean({ error: 'type' }));
/** A blank password on edit keeps the current one. */
const keepPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional());

export const memberListQuery = z.object({
  ...paging,
  account: filterText,
  nickname: filterText,
  mchId: filterText,
  acceptOrders: filterBoolean,
  includeDeleted: filterBoolean,
});

export const addMember = z.object({
  nickname: required(64),
  account,
  password,
  acceptOrders: flag(true),
});

export const updateMember = z.object({
  id,
  nickname: required(64),
  account,
  password: keepPassword,
  // Omitted: unchanged (never silently switched back on).
  acceptOrders: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.boolean({ error: 'type' }).optional()),
});

export const memberId = z.object({ id });
export const setAcceptOrders = z.object({ id, acceptOrders: z.boolean({ error: 'type' }) });

/** A supplier's agents (/supplier-proxy): their own login accounts under the supplier. */
export const agentListQuery = z.object({ ...paging, account: filterText, nickname: filterText, includeDeleted: filterBoolean });
export const addAgent = z.object({ nickname: required(64), account, password });
export const updateAgent = z.object({ id, nickname: required(64), account, password: keepPassword });
