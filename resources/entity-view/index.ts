/**
 * Entity data view (system management): a read-only browse of the platform's tables, for checking
 * what is stored. Custom screen because its columns depend on the table picked. Only tables and
 * columns of the server's allow-list (server/entity-view/tables.ts) are ever answered: no secret
 * column (password hashes, Google secrets, merchant keys, encrypted secrets, token hashes).
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { paging } from '../common/rules';

/** The tables the view may read, by the name the screen shows. */
export const ENTITY_TABLES = [
  'users',
  'memberProfiles',
  'receivingAccounts',
  'orders',
  'products',
  'userProducts',
  'bankNumbers',
  'nameBlacklist',
  'ingestClients',
  'monitorStates',
  'payoutBatches',
  'riskBlacklist',
  'frozenIps',
  'settings',
  'scripts',
  'payScriptCalls',
] as const;
export type EntityTable = (typeof ENTITY_TABLES)[number];

export const entityViewApi = { tables: '/entityView/getTables', rows: '/entityView/getRows' };

/** Paging as every list, plus the table picked (only one of the allow-list). */
export const entityRowsQuery = z.object({ table: z.enum(ENTITY_TABLES), ...paging });

/** A page of one table: its allowed columns in order, and the rows keyed by them. */
export interface EntityRows {
  columns: string[];
  list: Record<string, unknown>[];
  total: number;
}

export const entityView: ResourceDeclaration = {
  name: 'entityView',
  parent: 'group.system',
  icon: 'database',
  routes: { list: '/systemManager/entityView' },
  api: { calls: entityViewApi },
  // Read-only for every role that has it: superAdmin and technicalMaintenance share the screen.
  screens: { list: 'EntityViewPage' },
};
