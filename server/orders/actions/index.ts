/** The row actions and lookups of collection orders (resources/orders/api.ts names their paths). */
import { callbackRoute } from './callback.js';
import { confirmRoute } from './confirm.js';
import { detailRoute } from './detail.js';
import { freeResourceRoute } from './free-resource.js';
import { lockRoutes } from './lock.js';
import { lookupRoutes } from './lookups.js';
import { orderMarkRoute } from './mark.js';
import { rejectRoute } from './reject.js';
import { repairRoute } from './repair.js';
import { reverseRoute } from './reverse.js';
import { supplementRoute } from './supplement.js';

export const orderActionRoutes = [supplementRoute, confirmRoute, rejectRoute, freeResourceRoute, callbackRoute, reverseRoute, ...lockRoutes, orderMarkRoute, repairRoute, ...lookupRoutes, detailRoute];
