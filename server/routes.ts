/** Every /v1.0 route, by domain. A new domain adds its list here. */
import type { RouteSpec } from './http/route.js';
import { health, ready } from './health.js';
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
import { ipRuleRoutes } from './ip-rules/routes.js';
import { profileRoutes } from './profile/routes.js';
import { systemConfigRoutes } from './system-config/routes.js';
import { maintenanceRoutes } from './system-config/maintenance.js';
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
// Order clear history (the DataClearCycle cleanup's runs).
import { orderClearHistoryRoutes } from './order-clear-history/routes.js';
// Versioned scripts and their call records; the entity data view.
import { scriptRoutesAll } from './scripts/routes.js';
import { entityViewRoutes } from './entity-view/routes.js';
// The audit log (read-only list and export).
import { auditRecordRoutes } from './audit-records/routes.js';
// Bot settings, gateway config and message templates (system management).
import { botRoutes } from './bots/routes.js';
import { botFundRecordRoutes } from './bots/fund-records.js';
import { payGatewayRoutes } from './pay-gateways/routes.js';
import { messageTemplateRoutes } from './message-templates/routes.js';
import { todoItemRoutes } from './todo-items/routes.js';
// The admin API document (the merchant one is mounted beside the routes: server/api-docs/routes.ts).
import { adminApiDocRoute } from './api-docs/admin-route.js';

export const allRoutes: RouteSpec[] = [
  health,
  ready,
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
  ...maintenanceRoutes,
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
  ...orderClearHistoryRoutes,
  // Versioned scripts and their call records; the entity data view.
  ...scriptRoutesAll,
  ...entityViewRoutes,
  // The audit log.
  ...auditRecordRoutes,
  // Bot settings, gateway config and message templates.
  ...botRoutes,
  ...botFundRecordRoutes,
  ...payGatewayRoutes,
  ...messageTemplateRoutes,
  // IP rules: the platform whitelist and the agent whitelist.
  ...ipRuleRoutes,
  // To-do items: changes held for an admin's review.
  ...todoItemRoutes,
  adminApiDocRoute,
] as RouteSpec[];
