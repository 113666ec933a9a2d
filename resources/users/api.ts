/** Account management's calls, free of the declaration's schemas: other declarations name the option lists. */
import type { ResourceApi } from '../types';

/** Under the platform's names (/admin/*, /user/*). */
export const userApi = {
  list: '/admin/getUserList',
  pageSizeParam: 'pageNum',
  one: '/admin/getUser',
  create: '/admin/addUser',
  update: '/admin/updateUser',
  delete: '/admin/deleteUser',
  deleteMethod: 'GET',
  restore: '/admin/repairUser',
  restoreIdParam: 'userId',
  calls: {
    resetPayPassword: '/admin/resetPayPassword',
    setAllowModify: '/user/setAllowModify',
    userOptions: '/user/getUserOptions',
    unusedUserOptions: '/user/getUnusedUserOptions',
    supplierOptions: '/user/getSupplierUserOptions',
  },
} as const satisfies ResourceApi;
