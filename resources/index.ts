/**
 * Every screen's declaration, in menu order: the server builds its routes and abilities from them,
 * and the admin's registry (src/registry) their outlines and lazy routes. Adding an entity: see README.md.
 */
import type { ResourceDeclaration } from './types';
import { home } from './home';
import { users } from './users';
import { messages } from './messages';
import { errorLogs } from './error-logs';
import { onlineUsers } from './online-users';
import { CHANNELS } from './receiving-accounts/kind';
import { merchants } from './merchants';
import { suppliers } from './suppliers';
import { supplierProxy } from './supplier-proxy';
import { userProducts } from './user-products';
import { bankNumbers } from './bank-numbers';
import { nameBlacklist } from './name-blacklist';
// Bot settings, gateway config and message templates.
import { botFundRecords, botGroups, chatWhitelist, transferBots } from './bots';
import { payGateways } from './pay-gateways';
import { messageTemplates } from './message-templates';
import { agentIpWhitelist, ipRules } from './ip-rules';
import { profile } from './profile';
import { orderProfile } from './order-profile';
import { orderTest } from './order-test';
import { orderTestAdmin } from './order-test-admin';
import { orderCallbacks } from './order-callbacks';
import { orderCallbackDetails } from './order-callback-details';
import { orders } from './orders';
import { payoutBatches } from './payout-batches';
import { riskBlacklist } from './risk-control/blacklist';
import { riskDetections } from './risk-control/detections';
import { payoutPool, payouts } from './payouts';
import { frozenIps, ipAnalysis, lostOrders, orderSources } from './order-analysis';
import { statisticsDeclarations } from './statistics';
import { monitorLogs } from './monitor-logs';
import { fundRecords } from './fund-records';
import { bankStatements, usdtTransactions, webMessageRecords } from './bank-statements';
import { ingestClients } from './ingest-clients';
import { securityChains, securityPatches } from './security-nodes';
import { systemConfig, systemMaintenance } from './system-config';
import { orderClearHistory } from './order-clear-history';
import { monitorScripts, payScripts } from './scripts';
import { payScriptCalls } from './scripts/calls';
import { entityView } from './entity-view';
import { auditRecords } from './audit-records';
import { todoItems } from './todo-items';

/** In menu order: the menu lists a group's screens in the order they are declared here. */
export const declarations: ResourceDeclaration[] = [
  home,
  messages,
  errorLogs,
  merchants,
  suppliers,
  supplierProxy,
  ...CHANNELS.map((c) => c.declaration),
  orders,
  orderProfile,
  // Collection orders: the merchants' callbacks and each call made.
  orderCallbacks,
  orderCallbackDetails,
  orderTest,
  // Order analysis: unpaid orders and where orders come from, client IPs' frequency, frozen IPs.
  lostOrders,
  orderSources,
  ipAnalysis,
  frozenIps,
  // Transaction records: what ingest devices sent, each with the order it completed.
  bankStatements,
  webMessageRecords,
  usdtTransactions,
  securityChains,
  securityPatches,
  // Payout orders: the pool suppliers claim from, the payout lists, batches of payouts exported to
  // the bank, and the risk control (what the blacklist held, and the blacklist).
  payoutPool,
  payouts,
  payoutBatches,
  riskDetections,
  riskBlacklist,
  // Order statistics: collection orders and payouts, by time, product, merchant or supplier.
  ...statisticsDeclarations,
  // Monitor log: what the monitors of receiving accounts report.
  monitorLogs,
  // Finance: every change of a member's balance.
  fundRecords,
  profile,
  // System management: bank numbers, accounts, user products, online users.
  bankNumbers,
  users,
  userProducts,
  orderTestAdmin,
  onlineUsers,
  nameBlacklist,
  ingestClients,
  // System management: the global config and system maintenance.
  systemConfig,
  systemMaintenance,
  // Order cleanup: each run of the DataClearCycle cleanup.
  orderClearHistory,
  // Versioned scripts (dynamic pay, monitors), the pay scripts' call records, the entity data view.
  payScripts,
  payScriptCalls,
  monitorScripts,
  entityView,
  // The audit log (read-only).
  auditRecords,
  // Bot settings (a sub-group of system management), gateway config and message templates.
  chatWhitelist,
  botGroups,
  transferBots,
  botFundRecords,
  payGateways,
  messageTemplates,
  // IP rules: the platform whitelist and a supplier's agent whitelist.
  ipRules,
  agentIpWhitelist,
  // To-do items (personal centre): changes held for an admin's review.
  todoItems,
];
