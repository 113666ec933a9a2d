/** Every payout route: the lists and the pool, the detail, the operators' row actions and the supplier's claims. */
import { payoutActionRoutes } from './actions/index.js';
import { claimRoutes } from './claims.js';
import { payoutDetailRoute } from './detail.js';
import { payoutListRoutes } from './list.js';

export const payoutRoutes = [...payoutListRoutes, payoutDetailRoute, ...payoutActionRoutes, ...claimRoutes];
