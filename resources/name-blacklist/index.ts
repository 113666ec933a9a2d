/**
 * Name blacklist (system management): names the platform refuses to deal with. A plain entity:
 * this declaration is all there is, besides its table (server/db/schema/name-blacklist.ts), its
 * rule in providers/abilities.ts, its texts in the locales and one line that serves it.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { displayName, id, optionalSwitch as enabled, remark } from '../common/rules';

const fields = { name: displayName(128), remark, enabled };

export const nameBlacklist: ResourceDeclaration = {
  name: 'nameBlacklist',
  parent: 'group.system',
  icon: 'stop',
  routes: { list: '/systemManager/nameBlackList', create: '/systemManager/nameBlackList/create', edit: '/systemManager/nameBlackList/edit/:id', show: '/systemManager/nameBlackList/show/:id' },
  api: crudApi('/nameBlackList'),
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'name', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true, copyable: true },
    { name: 'remark', type: 'text', list: true, show: true, create: true, edit: true },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  ],
  createSchema: z.object(fields),
  editSchema: z.object({ id, ...fields }),
  // Technical maintenance reads the list on its own screen.
  variants: [{ name: 'nameBlacklist-readonly', routes: { list: '/systemManager/nameBlackList/readonly', show: '/systemManager/nameBlackList/readonly/show/:id' } }],
};
