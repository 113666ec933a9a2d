/**
 * Which users' receiving accounts one device or monitor may carry records of. A device belongs to
 * one supplier; AllowOneMonitorAccountMoreUser (read on each call) lets it also serve the accounts
 * of that supplier's agents, so one phone or monitor watches the whole team's cards. Off: only its
 * own supplier's accounts. Binding a device to an account and every record it posts both ask here.
 */
import type { Db } from '../db/client.js';
import { getSetting } from '../settings/store.js';

export async function mayServe(db: Db, supplierId: number, owner: { supplierId: number; parentId: number | null }): Promise<boolean> {
  if (owner.supplierId === supplierId) return true;
  return owner.parentId === supplierId && (await getSetting(db, 'AllowOneMonitorAccountMoreUser')).enable === true;
}

/**
 * Whether a record a device posts may credit this account (a payment seen on it pays that
 * account's orders): the device has a supplier, the account is one the supplier may serve, and a
 * device bound to an account credits that account alone. Without this a device token of one
 * supplier could complete another supplier's orders with records it made up.
 */
export async function mayCredit(db: Db, device: { supplierId: number | null; accountId: number | null }, account: { id: number; supplierId: number; parentId: number | null }): Promise<boolean> {
  if (device.supplierId === null) return false;
  if (device.accountId !== null && device.accountId !== account.id) return false;
  return mayServe(db, device.supplierId, account);
}
