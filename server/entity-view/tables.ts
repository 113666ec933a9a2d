/**
 * The entity data view's allow-list: for each table it may read, the columns it may answer, named
 * one by one (a column added to a table later stays hidden until it is listed here). Secret
 * columns are never listed: password and pay-password hashes, Google secrets, merchant keys,
 * encrypted account secrets, token hashes. Settings declared secret (bot tokens) are masked.
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableColumns } from 'drizzle-orm';
import type { EntityTable } from '../../resources/entity-view/index.js';
import { settingByName } from '../../resources/system-config/settings.js';
import * as schema from '../db/schema/index.js';

export interface AllowedTable {
  table: PgTable;
  columns: Record<string, PgColumn>;
  /** Newest (or first) rows first. */
  order: PgColumn;
  /** Masks values of a row that must not be shown in clear. */
  mask?: (row: Record<string, unknown>) => Record<string, unknown>;
}

function allow<T extends PgTable>(table: T, keys: readonly (keyof T['_']['columns'] & string)[], order: keyof T['_']['columns'] & string, mask?: AllowedTable['mask']): AllowedTable {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return { table, columns: Object.fromEntries(keys.map((k) => [k, all[k]])), order: all[order], mask };
}

const MASK = '••••••';

export const ALLOWED: Record<EntityTable, AllowedTable> = {
  users: allow(schema.users, ['id', 'account', 'nickname', 'role', 'parentId', 'googleEnabled', 'googleConfirmed', 'allowModify', 'failedLogins', 'lockedUntil', 'lastLoginIp', 'lastLoginAt', 'deletedAt', 'createdAt'], 'id'),
  memberProfiles: allow(schema.memberProfiles, ['userId', 'mchId', 'merchantKeyMask', 'acceptOrders', 'createdAt'], 'userId'),
  receivingAccounts: allow(
    schema.receivingAccounts,
    ['id', 'kind', 'supplierId', 'productId', 'enabled', 'bankName', 'accountName', 'cardNumber', 'ifscCode', 'upiAccount', 'nickname', 'walletAddress', 'minAmount', 'maxAmount', 'dailyCountLimit', 'dailyAmountLimit', 'floatAmount', 'extras', 'createdAt', 'updatedAt', 'deletedAt'],
    'id',
  ),
  orders: allow(
    schema.orders,
    ['id', 'orderCode', 'orderType', 'merchantId', 'merchantOrderNo', 'productId', 'supplierId', 'accountId', 'status', 'amount', 'payAmount', 'receivedAmount', 'usdtCount', 'merchantFee', 'supplierFee', 'clientIp', 'userName', 'utr', 'description', 'isTest', 'payoutStatus', 'batchId', 'createdAt', 'completedAt'],
    'id',
  ),
  products: allow(schema.products, ['id', 'kind', 'usdt', 'enabled'], 'id'),
  userProducts: allow(schema.userProducts, ['id', 'userId', 'productId', 'side', 'rate', 'fixedFee', 'singleFee', 'enabled', 'createdAt'], 'id'),
  bankNumbers: allow(schema.bankNumbers, ['id', 'bankName', 'bankNumber', 'remark', 'enabled', 'createdAt'], 'id'),
  nameBlacklist: allow(schema.nameBlacklist, ['id', 'name', 'remark', 'enabled', 'createdAt'], 'id'),
  ingestClients: allow(schema.ingestClients, ['id', 'kind', 'code', 'name', 'supplierId', 'accountId', 'enabled', 'lastSeenAt', 'lastSeenIp', 'createdAt', 'deletedAt'], 'id'),
  monitorStates: allow(schema.monitorStates, ['clientId', 'status', 'exceptionInfo', 'exceptionCount', 'lastExceptionAt', 'lastException', 'reportedAt', 'changedAt'], 'clientId'),
  payoutBatches: allow(schema.payoutBatches, ['id', 'batchNo', 'templateId', 'supplierId', 'orderCount', 'totalAmount', 'exceptionAmount', 'state', 'fileName', 'createdBy', 'createdAt', 'finishedAt'], 'id'),
  riskBlacklist: allow(schema.riskBlacklist, ['id', 'kind', 'value', 'remark', 'enabled', 'createdAt'], 'id'),
  frozenIps: allow(schema.frozenIps, ['id', 'ip', 'merchantId', 'source', 'reason', 'requestCount', 'frozenAt', 'unfrozenAt'], 'id'),
  // A secret setting (bot tokens) is answered masked, as the config screen shows it to readers.
  settings: allow(schema.systemConfig, ['key', 'value', 'updatedAt'], 'key', (row) => (settingByName(String(row.key))?.secret && row.value ? { ...row, value: MASK } : row)),
  scripts: allow(schema.scripts, ['id', 'kind', 'name', 'target', 'language', 'enabled', 'currentVersion', 'createdAt', 'updatedAt'], 'id'),
  payScriptCalls: allow(schema.payScriptCalls, ['id', 'scriptId', 'version', 'orderCode', 'success', 'durationMs', 'createdAt'], 'id'),
};
