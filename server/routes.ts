/** Every /v1.0 route, by domain. A new domain adds its list here. */
import type { RouteSpec } from './http/route.js';
import { health } from './health.js';
import { sessionRoutes } from './users/session.js';
import { messageRoutes } from './messages/routes.js';
import { errorLogRoutes } from './error-logs/routes.js';
import { adminUserRoutes } from './users/admin-users.js';
import { secondLoginRoutes } from './users/second-login.js';
import { onlineSessionRoutes } from './users/online-sessions.js';
import { googleBindingRoutes } from './users/google-binding.js';
import { receivingAccountRoutes } from './receiving-accounts/routes.js';
import { resourceSwitchRoutes } from './resource-switch/routes.js';
import { merchantRoutes } from './merchants/routes.js';
import { supplierRoutes } from './suppliers/routes.js';
import { supplierProxyRoutes } from './supplier-proxy/routes.js';
import { productRoutes } from './products/routes.js';
import { bankNumberRoutes } from './bank-numbers/routes.js';
import { nameBlacklistRoutes } from './name-blacklist/routes.js';
import { profileRoutes } from './profile/routes.js';
import { systemConfigRoutes } from './system-config/routes.js';
import { orderActionRoutes } from './orders/actions/index.js';
import { orderCreateRoutes } from './orders/create.js';
import { orderProfileRoutes } from './orders/profile.js';
import { orderCallbackRoutes } from './orders/callbacks/routes.js';
import { orderListRoutes } from './orders/list.js';
import { payoutRoutes } from './payouts/routes.js';
import { payoutBatchRoutes } from './payout-batches/routes.js';
import { riskControlRoutes } from './risk-control/routes.js';
import { orderAnalysisRoutes } from './order-analysis/routes.js';
import { statisticsRoutes } from './statistics/routes.js';
import { monitorRoutes } from './monitors/routes.js';
import { fundRecordRoutes } from './finance/fund-record-routes.js';
import { bankStatementRoutes } from './bank-statements/routes.js';
import { ingestClientRoutes } from './ingest/clients.js';
import { securityNodeRoutes } from './security-nodes/routes.js';
import { todoItemRoutes } from './todo-items/routes.js';

export const allRoutes: RouteSpec[] = [
  health,
  ...sessionRoutes,
  ...adminUserRoutes,
  ...messageRoutes,
  ...errorLogRoutes,
  ...secondLoginRoutes,
  ...onlineSessionRoutes,
  ...googleBindingRoutes,
  ...receivingAccountRoutes,
  ...resourceSwitchRoutes,
  ...merchantRoutes,
  ...supplierRoutes,
  ...supplierProxyRoutes,
  ...productRoutes,
  ...bankNumberRoutes,
  ...nameBlacklistRoutes,
  ...profileRoutes,
  ...systemConfigRoutes,
  ...orderActionRoutes,
  ...orderCreateRoutes,
  ...orderCallbackRoutes,
  ...orderProfileRoutes,
  ...orderListRoutes,
  ...payoutRoutes,
  ...payoutBatchRoutes,
  ...riskControlRoutes,
  ...orderAnalysisRoutes,
  ...statisticsRoutes,
  ...monitorRoutes,
  ...fundRecordRoutes,
  ...bankStatementRoutes,
  ...ingestClientRoutes,
  ...securityNodeRoutes,
  // To-do items: changes held for an admin's review.
  ...todoItemRoutes,
] as RouteSpec[];
