/**
 * Which users' receiving accounts one device or monitor may carry records of. A device belongs to
 * one supplier; AllowOneMonitorAccountMoreUser (read on each call) lets it also serve the accounts
 * of that supplier's agents, so one phone or monitor watches the whole team's cards. Off: only its
 * own supplier's accounts. Binding a device to an account and every record it posts both ask here.
 */
import type { Db } from '../db/client.js';
import { getSetting } from '../system-config/store.js';

export async function mayServe(db: Db, supplierId: number, owner: { supplierId: number; parentId: number | null }): Promise<boolean> {
  if (owner.supplierId === supplierId) return true;
  return owner.parentId === supplierId && (await getSetting(db, 'AllowOneMonitorAccountMoreUser')).enable === true;
}
