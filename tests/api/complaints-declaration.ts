/**
 * The entity resources/README.md adds, as step 1 shows it word for word (tests/api/entity-by-the-book.test.ts
 * serves it and checks the README still shows this).
 */
import { z } from 'zod';
import { crudApi } from '../../resources/common/api.js';
import { id, required } from '../../resources/common/rules.js';
import type { ResourceDeclaration } from '../../resources/types.js';

export const complaints: ResourceDeclaration = {
  name: 'complaints', // Refine identifier and ability subject
  parent: 'group.collectionOrders', // menu group (groups.ts)
  icon: 'fileText', // a name of src/shell/icons.tsx
  routes: { list: '/complaints', create: '/complaints/create', edit: '/complaints/edit/:id' },
  api: crudApi('/complaint'), // getList, getOne, add, update, delete (common/api.ts)
  fields: [
    { name: 'orderCode', type: 'text', list: true, filter: 'contains', create: true, edit: true },
    { name: 'merchantId', type: 'number', list: true, filter: 'exact', create: true },
    { name: 'supplierId', type: 'number', list: true, filter: 'exact', create: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range' },
  ],
  createSchema: z.object({ orderCode: required(64), merchantId: id, supplierId: id }),
  editSchema: z.object({ id, orderCode: required(64) }),
  // The members' screen: a merchant's own complaints, a supplier's own and its agents'.
  variants: [{ name: 'complaints-member', routes: { list: '/complaints/mine' } }],
};
