/**
 * /securityNodes/getList and /getPatchList: hand-written reads because the chains are computed
 * from the SMS records (./chains.ts), not rows of a table. Paged like every list; superAdmin only.
 */
import { listQueryOf } from '../../resources/common/list-query.js';
import { pageSizeOf } from '../../resources/common/rules.js';
import { securityChains, securityPatches } from '../../resources/security-nodes/index.js';
import type { ResourceDeclaration } from '../../resources/types.js';
import { route } from '../http/route.js';
import type { Db } from '../db/client.js';
import { chainsOf, gapsOf } from './chains.js';

const computedList = (declaration: ResourceDeclaration, compute: (db: Db, cardNumber?: string) => Promise<unknown[]>) =>
  route({
    method: 'GET',
    url: declaration.api.list!,
    access: { action: 'list', subject: declaration.name },
    query: listQueryOf(declaration.fields ?? []),
    handler: async ({ db, query }) => {
      const q = query as { pageIndex: number; pageSize?: number; pageNum?: number; cardNumber?: string };
      const all = await compute(db, q.cardNumber);
      const size = pageSizeOf(q);
      return { list: all.slice((q.pageIndex - 1) * size, q.pageIndex * size), total: all.length };
    },
  });

export const securityNodeRoutes = [computedList(securityChains, chainsOf), computedList(securityPatches, gapsOf)];
