/** The to-do items' calls and list route: what the header's badge reads, without the declaration's fields and schemas. */
export const TODO_ITEMS = 'todoItems';
export const TODO_MINE_LIST = '/todoItems/mine';

export const todoApi = {
  list: '/todoItems/getList',
  one: '/todoItems/getOne',
  calls: { approve: '/todoItems/approve', reject: '/todoItems/reject', pendingCount: '/todoItems/pendingCount' },
};
