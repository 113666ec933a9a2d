/**
 * Transaction records' API: the three read-only lists (entity kit, from the declarations of
 * resources/bank-statements) and the ingest endpoints devices post to (./ingest.ts). SMS and web
 * messages share a table, told apart by `source`.
 */
import { eq } from 'drizzle-orm';
import { bankStatements as smsDeclaration, usdtTransactions as usdtDeclaration, webMessageRecords as webDeclaration } from '../../resources/bank-statements/index.js';
import { bankStatements, usdtTransactions, users } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';
import type { Selected } from '../crud/store.js';
import { bankRecordIngestRoutes } from './ingest.js';

const withSupplierName = async (_db: unknown, rows: Selected[]) => rows.map((r) => ({ ...r.row, supplierName: r.supplier?.nickname ?? null }));

const bankRecordList = (declaration: typeof smsDeclaration, source: 'sms' | 'webMessage') =>
  entityRoutes({
    declaration,
    table: bankStatements,
    joins: [{ as: 'supplier', table: users, on: eq(users.id, bankStatements.supplierId) }],
    where: () => eq(bankStatements.source, source),
    // The raw message and the device go only to the screens that declare them.
    declaredOnly: true,
    audit: 'bankStatement',
    view: withSupplierName,
  });

export const bankStatementRoutes = [
  ...bankRecordList(smsDeclaration, 'sms'),
  ...bankRecordList(webDeclaration, 'webMessage'),
  ...entityRoutes({
    declaration: usdtDeclaration,
    table: usdtTransactions,
    joins: [{ as: 'supplier', table: users, on: eq(users.id, usdtTransactions.supplierId) }],
    declaredOnly: true,
    audit: 'usdtTransaction',
    view: withSupplierName,
  }),
  ...bankRecordIngestRoutes,
];
