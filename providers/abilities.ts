/**
 * THE permissions file: who may do what, on which subject, under which row condition. It holds
 * rules only for screens and server routes that exist; a test fails when a rule names a screen or a
 * route that does not exist, or when a screen or a route has no rule. The menu, the route guard,
 * every button and every server route ask the ability built from this table (the engine,
 * ./ability-engine.ts, only evaluates it), and the server makes no role decision of its own.
 *
 * How to read a line: `screen(subject, path, group, actions, grants, extra)`.
 *  - subject: the Refine resource identifier (camelCase entity, `-<variant>` for a role variant), or
 *    an API area with no screen of its own (path '').
 *  - actions: every action that exists on the subject; grants: which role may take which of them
 *    (`ALL` = every action of the line). A role missing from a line has no access at all.
 *  - Merchant and supplier grants are limited to their own rows: a merchant to rows whose merchantId
 *    is its id, a supplier to rows whose supplierId is itself or one of its agents (`owner` names
 *    other fields; `owner: false` = not about anyone's rows).
 *  - `rows`: further row conditions (CASL's MongoDB-style queries on the row) for some roles and
 *    actions; an action the condition refuses on a row is refused for that row only.
 *  - `notForAgents`: agents (supplier-role users with a parent supplier) get nothing on the line,
 *    and are told `because` (a locale key) when they try.
 *
 * Where the product rules are silent we chose what a careful payment operator expects; each such
 * choice carries a "silent:" comment. docs/permissions.md (`npm run permissions`) is this table as a
 * role x subject x action matrix; a test keeps it current.
 */
import { ROLES, type Role } from './roles';
import type { Grant, ScreenRule, TableAction } from './ability-engine';
import { channelScreens, type ChannelSpec, type ChannelVariant } from '../resources/receiving-accounts/channel';
import { CHANNEL_SPECS } from '../resources/receiving-accounts/channel-list';

/** Every action a rule names. Refine's CRUD actions, then the domain actions of the screens below. */
export const ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'restore',
  'export',
  'enableResource',
  // members' balances and accounts
  'adjustBalance',
  'freeze',
  'clearBalance',
  'resetPayPassword',
  'regenerateKey',
  // Google Authenticator binding of an account (/user/bindUser, /user/unbind)
  'bind',
  'unbind',
  // an account's role, checked on the account as stored and as it would become
  'changeRole',
  'forceLogout',
  // collection orders (resources/orders/statuses.ts says in which statuses each may start)
  'confirm',
  'supplement',
  'reselect',
  'reject',
  'freeResource',
  'callback',
  'reverse',
  'lock',
  'unlock',
  'updateMark',
  'repairStatus',
  'retry',
  'release',
  // payouts: the pool's claims, a held payout's cancellation, and the batch flow
  'claim',
  'cancelClaim',
  'cancel',
  'exportBatch',
  'download',
  'exception',
  'upload',
  // order analysis: a frozen client IP let through again (freezing one by hand is `freeze`)
  'unfreeze',
  // to-do items: a reviewer approves a held change (rejecting one is `reject`)
  'approve',
] as const;

type A = TableAction;
const ALL = 'all' as const;
type Grants = Partial<Record<Role, Grant>>;
const screen = (subject: string, path: string, group: string | undefined, actions: readonly A[], grants: Grants, extra: Pick<ScreenRule, 'owner' | 'rows' | 'notForAgents'> = {}): ScreenRule => ({
  subject,
  path,
  group,
  actions,
  grants,
  ...extra,
});
/** Every role, every action of the line. */
const EVERY_ROLE: Grants = Object.fromEntries(ROLES.map((r) => [r, ALL]));

// Action sets reused below.
const READ: readonly A[] = ['list', 'show'];
const CRUD: readonly A[] = ['list', 'show', 'create', 'edit', 'delete'];
const CRUDR: readonly A[] = [...CRUD, 'restore'];
const MEMBER_ACTIONS: readonly A[] = [...CRUDR, 'export', 'adjustBalance', 'freeze', 'clearBalance', 'resetPayPassword', 'regenerateKey', 'enableResource', 'bind', 'unbind'];
const ACCOUNT_ACTIONS: readonly A[] = [...CRUDR, 'enableResource', 'export'];
const USER_ACTIONS: readonly A[] = [...CRUDR, 'resetPayPassword', 'bind', 'unbind', 'changeRole'];
/** What operators do to a collection order from its row menu (the status decides which apply). */
const ORDER_ACTIONS: readonly A[] = ['list', 'show', 'export', 'confirm', 'supplement', 'reselect', 'reject', 'freeResource', 'callback', 'reverse', 'lock', 'unlock', 'updateMark', 'repairStatus', 'retry', 'release'];
const ORDER_READ: readonly A[] = ['list', 'show', 'export'];
/** What operators do to a payout from its row menu (resources/payouts/states.ts says in which states). */
const PAYOUT_ACTIONS: readonly A[] = [...ORDER_READ, 'reselect', 'reject', 'retry', 'release', 'cancel', 'reverse', 'updateMark', 'repairStatus'];
/** The payout batch flow: build, export the bank file, download it, confirm, mark exceptional, upload the bank's result. */
const BATCH_ACTIONS: readonly A[] = ['list', 'show', 'create', 'exportBatch', 'download', 'confirm', 'exception', 'upload'];

/**
 * Every receiving-account channel (resources/receiving-accounts/channel-list.ts) is granted alike,
 * so a new channel needs no line here: its supplier list, admin list and customer-service view.
 */
const CHANNEL_GRANTS: Record<ChannelVariant, Grants> = {
  // Suppliers manage their (and their agents') receiving accounts.
  supplier: { supplier: ['list', 'show', 'create', 'edit', 'delete', 'enableResource'] },
  admin: { superAdmin: ALL, admin: ALL },
  customerService: { customerService: READ, technicalMaintenance: READ },
};
const channelRules = (channel: ChannelSpec): ScreenRule[] =>
  channelScreens(channel).map((s) => screen(s.subject, s.path, channel.group, ACCOUNT_ACTIONS, CHANNEL_GRANTS[s.variant]));

/** subject -> path, menu group, actions, who may take them and on which rows. In menu order. */
export const SCREENS: ScreenRule[] = [
  // Every signed-in user: the dashboard, own messages, own error records.
  screen('home', '/home', undefined, ['list'], EVERY_ROLE, { owner: false }),
  // A message is only ever its recipient's: moving one (read, trash, restore) needs the row to be the caller's.
  screen('messages', '/messages', undefined, ['list', 'show', 'edit', 'delete', 'restore'], EVERY_ROLE, {
    owner: false,
    rows: [{ roles: ROLES, actions: ['edit', 'delete', 'restore'], when: (u) => ({ userId: u.id }), note: 'own messages' }],
  }),
  // The error records of the header's error log: superAdmin reads everyone's, the others their own.
  screen('errorLogs', '/error-logs', undefined, ['list', 'show', 'create'], EVERY_ROLE, {
    owner: false,
    rows: [{ roles: ROLES.filter((r) => r !== 'superAdmin'), when: (u) => ({ userId: u.id }), note: 'own records' }],
  }),

  // Merchants. silent: clearing a merchant's balance is destructive, so superAdmin only.
  screen('merchants', '/merchants/list', 'group.merchants', MEMBER_ACTIONS, {
    superAdmin: ALL,
    admin: MEMBER_ACTIONS.filter((a) => a !== 'clearBalance'),
  }),
  screen('merchants-customerService', '/merchants/list/customerService', 'group.merchants', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // Suppliers. silent: technicalSupport looks suppliers up while supporting them but changes nothing.
  screen('suppliers', '/supplier/list', 'group.suppliers', MEMBER_ACTIONS, {
    superAdmin: ALL,
    admin: MEMBER_ACTIONS.filter((a) => a !== 'clearBalance'),
    technicalSupport: READ,
  }),
  screen('suppliers-customerService', '/supplier/list/customerService', 'group.suppliers', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // A supplier's agents are supplier-role users whose parentId is the supplier. An agent has no team
  // of its own: it gets nothing here and is told that agents are created by their supplier.
  screen('supplierProxy', '/supplier-proxy', 'group.agents', [...CRUDR, 'resetPayPassword'], { supplier: ALL }, {
    owner: { supplier: 'parentId' },
    notForAgents: { because: 'errors.agentCreatesAgent' },
  }),

  ...CHANNEL_SPECS.flatMap(channelRules),

  // Collection orders. Admins work every order; customer service and technical maintenance read
  // them without actions. silent: a supplier confirms payments that reached its own accounts (it
  // sees the money arrive; confirming costs it the order amount), and its agents' orders have their
  // own list. Merchants read and export their own orders.
  screen('orders', '/order/list', 'group.collectionOrders', ORDER_ACTIONS, { superAdmin: ALL, admin: ALL }),
  screen('orders-customerService', '/order/list/customerService', 'group.collectionOrders', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderProfile', '/order/profile', 'group.collectionOrders', ['list'], { superAdmin: ALL }),
  screen('orders-supplier', '/order/list/supplier', 'group.collectionOrders', [...ORDER_READ, 'confirm'], { supplier: ALL }),
  screen('orders-supplierProxy', '/order/list/supplierProxy', 'group.collectionOrders', ORDER_READ, { supplier: ALL }),
  screen('orders-merchant', '/order/list/merchant', 'group.collectionOrders', ORDER_READ, { merchant: ALL }),
  // Callbacks to merchants: the tasks (re-send, delete) and each HTTP attempt.
  screen('orderCallbacks', '/orderCallback', 'group.collectionOrders', ['list', 'show', 'delete', 'callback'], { superAdmin: ALL, admin: ALL }),
  screen('orderCallbacks-customerService', '/orderCallback/customerService', 'group.collectionOrders', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderCallbackDetails', '/orderCallbackDetail', 'group.collectionOrders', ['list'], { superAdmin: ALL }),
  screen('orderCallbackDetails-readonly', '/orderCallbackDetail/readonly', 'group.collectionOrders', ['list'], { technicalMaintenance: ALL }),
  // The API-test screen: a merchant places orders on itself, signed by the server with its key.
  screen('orderTest', '/order/test/merchant', 'group.apiTest', ['list', 'create'], { merchant: ALL }),

  // Order analysis: platform-wide figures and client IPs, about no member's rows. Admins freeze
  // and unfreeze IPs; customer service and technical maintenance read the same screens.
  screen('lostOrders', '/orderAnalysis/order-analysis-list', 'group.orderAnalysis', ['list'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('lostOrders-customerService', '/orderAnalysis/order-analysis-list/customerService', 'group.orderAnalysis', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  screen('orderSources', '/orderAnalysis/order-analysis-list/source', 'group.orderAnalysis', ['list'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('orderSources-customerService', '/orderAnalysis/order-analysis-list/source/customerService', 'group.orderAnalysis', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  screen('ipAnalysis', '/orderAnalysis/ip-analysis-list', 'group.orderAnalysis', ['list', 'freeze'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('ipAnalysis-customerService', '/orderAnalysis/ip-analysis-list/customerService', 'group.orderAnalysis', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  screen('frozenIps', '/orderAnalysis/fronzen-ip-list', 'group.orderAnalysis', ['list', 'show', 'create', 'unfreeze'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('frozenIps-customerService', '/orderAnalysis/fronzen-ip-list/customerService', 'group.orderAnalysis', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),

  // Order statistics (resources/statistics): staff screens with a read-only customer-service
  // variant; a supplier's and a merchant's own screens (row scope: their own orders).
  screen('orderStatistics', '/order/statistics', 'group.statistics', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('orderStatistics-customerService', '/order/statistics/customerService', 'group.statistics', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderStatisticsByMerchant', '/order/statisticsByMerhcantV2', 'group.statistics', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('orderStatisticsByMerchant-customerService', '/order/statisticsByMerhcantV2/customerService', 'group.statistics', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderStatisticsSupplier', '/order/statistics/supplierV2', 'group.statistics', ['list'], { supplier: ALL }),
  screen('orderStatisticsMerchant', '/order/statistics/merchant', 'group.statistics', ['list'], { merchant: ALL }),
  screen('payoutStatistics', '/payProxyOrder/statistics', 'group.statistics', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('payoutStatistics-customerService', '/payProxyOrder/statistics/customerService', 'group.statistics', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('payoutStatisticsByMerchant', '/payProxyOrder/statisticsByMerchant', 'group.statistics', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('payoutStatisticsByMerchant-customerService', '/payProxyOrder/statisticsByMerchant/customerService', 'group.statistics', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('payoutStatisticsSupplier', '/payProxyOrder/statistics/supplier', 'group.statistics', ['list'], { supplier: ALL }),
  screen('payoutStatisticsMerchant', '/payProxyOrder/statistics/merchant', 'group.statistics', ['list'], { merchant: ALL }),
  // Transaction records (bank SMS, web messages, USDT transfers): read-only, records enter through the
  // ingest endpoints. A supplier reads the SMS of its own and its agents' accounts; superAdmin reads
  // everything, with the device and the raw message, on its own screen.
  screen('bankStatements', '/bankStatement/list', 'group.transactionRecords', ORDER_READ, { admin: ALL, supplier: ALL }),
  screen('bankStatements-sa', '/bankStatement/list-sa', 'group.transactionRecords', ORDER_READ, { superAdmin: ALL }),
  screen('webMessageRecords', '/bankStatement/webMessageRecord-admin', 'group.transactionRecords', ORDER_READ, { superAdmin: ALL, admin: ALL }),
  screen('webMessageRecords-customerService', '/bankStatement/webMessageRecord-admin/customerService', 'group.transactionRecords', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('usdtTransactions', '/bankStatement/usdtTransactionRecord-admin', 'group.transactionRecords', ORDER_READ, { superAdmin: ALL, admin: ALL }),
  // The trusted chains computed from the SMS records: superAdmin only (spec section 2).
  screen('securityChains', '/securityNodes/list', 'group.transactionRecords', ['list'], { superAdmin: ALL }, { owner: false }),
  screen('securityPatches', '/securityNodes/security-patch-list', 'group.transactionRecords', ['list'], { superAdmin: ALL }, { owner: false }),
  screen('usdtTransactions-customerService', '/bankStatement/usdtTransactionRecord-admin/customerService', 'group.transactionRecords', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // Payout orders. The pool holds the waiting payouts no supplier holds: suppliers claim from it
  // (every pool row is open to every supplier until one claims it), staff watch it.
  // silent: customer service and technical maintenance read payouts and batches but act on none.
  screen('payoutPool', '/payProxyOrder/pool', 'group.payoutOrders', [...ORDER_READ, 'claim'], { superAdmin: ORDER_READ, admin: ORDER_READ, supplier: ['list', 'show', 'claim'] }, { owner: false }),
  screen('payoutPool-customerService', '/payProxyOrder/pool/customerService', 'group.payoutOrders', READ, { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  // cancelClaim is declared on the shared payout declaration for the supplier's list; staff do not take it.
  screen('payouts', '/payProxyOrder/list', 'group.payoutOrders', [...PAYOUT_ACTIONS, 'cancelClaim'], { superAdmin: PAYOUT_ACTIONS, admin: PAYOUT_ACTIONS }),
  screen('payouts-customerService', '/payProxyOrder/list/customerService', 'group.payoutOrders', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // A supplier gives back a payout it claimed and has not batched; its agents' payouts have their own list.
  screen('payouts-supplier', '/payProxyOrder/list/supplier', 'group.payoutOrders', [...ORDER_READ, 'cancelClaim'], { supplier: ALL }),
  screen('payouts-supplierProxy', '/payProxyOrder/list/supplierProxy', 'group.payoutOrders', ORDER_READ, { supplier: ALL }),
  screen('payouts-merchant', '/payProxyOrder/list/merchant', 'group.payoutOrders', ORDER_READ, { merchant: ALL }),
  // Batches: staff batch pool payouts; a supplier batches the payouts it claimed (its own batches only).
  screen('payoutBatches', '/payoutBatch/list', 'group.payoutOrders', BATCH_ACTIONS, { superAdmin: ALL, admin: ALL, supplier: ALL }),
  screen('payoutBatches-customerService', '/payoutBatch/list/customerService', 'group.payoutOrders', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // Risk control: only superAdmin (spec section 6).
  screen('riskDetections', '/payProxyOrder/risk-control/detection-records', 'group.payoutOrders', READ, { superAdmin: ALL }, { owner: false }),
  screen('riskBlacklist', '/payProxyOrder/risk-control/blacklist', 'group.payoutOrders', CRUD, { superAdmin: ALL }, { owner: false }),

  // Monitor log (spec: admin group, no supplier). Clearing the log is the delete action.
  screen('monitorLogs', '/monitorLog/monitorLog', 'group.monitorLog', ['list', 'delete'], { superAdmin: ALL, admin: ALL }),
  screen('monitorLogs-customerService', '/monitorLog/monitorLog/customerService', 'group.monitorLog', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  // Fund records: every balance change of members, from the ledger. Staff read all (admins export),
  // customer service and technical maintenance read only; a merchant reads its own rows, a supplier
  // its own and its agents'.
  screen('fundRecords', '/fundRecord/fundRecordAdmin', 'group.finance', ['list', 'export'], { superAdmin: ALL, admin: ALL }),
  screen('fundRecords-customerService', '/fundRecord/fundRecordAdmin/customerService', 'group.finance', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('fundRecords-member', '/fundRecord/fundRecord', 'group.finance', ['list', 'export'], { merchant: ALL, supplier: ALL }, { owner: { merchant: 'userId', supplier: 'userId' } }),

  // Profile: the caller's own account (the server always acts on the caller, so no row condition).
  screen('profile', '/profile/list', 'group.profile', ['list', 'show', 'edit', 'bind', 'unbind', 'regenerateKey'], { superAdmin: ALL, admin: ALL, supplier: ALL, merchant: ALL }, { owner: false }),
  screen('profile-customerService', '/profile/list/customerService', 'group.profile', ['list', 'show', 'edit', 'bind', 'unbind'], {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),

  // System management. silent: bank numbers are an admin tool (no customer-service variant).
  screen('bankNumbers', '/systemManager/bankNumber', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  // Account management: superAdmin and admin change permissions, reset pay passwords and restore
  // deleted users. silent: admin still lists and views superAdmin accounts, so the list is complete.
  screen('users', '/setting/users', 'group.system', USER_ACTIONS, { superAdmin: ALL, admin: ALL }, {
    owner: false,
    rows: [
      // An admin never acts on a superAdmin account nor gives anyone (itself included) that role:
      // the server checks the account as stored and as it would become.
      { roles: ['admin'], actions: USER_ACTIONS.filter((a) => !READ.includes(a)), when: { role: { $ne: 'superAdmin' } }, note: 'not superAdmin accounts' },
      // Nobody changes their own role (an admin promoting itself, a superAdmin locking itself out)
      // or deletes their own account.
      { roles: ['superAdmin', 'admin'], actions: ['changeRole', 'delete'], when: (u) => ({ id: { $ne: u.id } }), note: 'not their own account' },
    ],
  }),
  screen('userProducts', '/userProduct', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('onlineUsers', '/setting/logged-user-list', 'group.system', ['list', 'forceLogout'], { superAdmin: ALL }),
  // silent: customer service adds names reported to it to the blacklist, but never removes one.
  screen('nameBlacklist', '/systemManager/nameBlackList', 'group.system', CRUD, { superAdmin: ALL, admin: ALL, customerService: ['list', 'show', 'create'] }),
  // Admin test orders: placed for a chosen merchant, marked test, kept out of statistics.
  screen('orderTestAdmin', '/order/testAdminOrder', 'group.system', ['list', 'create'], { superAdmin: ALL, admin: ALL }),
  // Ingest devices and monitors (their tokens let records in from outside): admins manage them.
  screen('ingestClients', '/systemManager/ingestClients', 'group.system', [...CRUD, 'regenerateKey', 'enableResource'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('nameBlacklist-readonly', '/systemManager/nameBlackList/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  // Order clear history: the cleanup's runs, read-only for everyone (only the job writes them).
  screen('orderClearHistory', '/orderClearHistory', 'group.system', ['list'], { superAdmin: ALL }, { owner: false }),
  screen('orderClearHistory-readonly', '/orderClearHistory/readonly', 'group.system', ['list'], { technicalMaintenance: ALL }, { owner: false }),

  // Global config (/system-config/get* and set*, the security parameters included): only superAdmin
  // edits it; technicalMaintenance reads it on the read-only variant. System maintenance: admins
  // read the settings and run the repairs (release stuck allocations and claims, recompute balances).
  screen('systemConfig', '/systemConfig', 'group.system', ['list', 'edit'], { superAdmin: ALL }, { owner: false }),
  screen('systemConfig-readonly', '/systemConfig/readonly', 'group.system', ['list'], { technicalMaintenance: ALL }, { owner: false }),
  screen('systemMaintenance', '/systemConfig-admin', 'group.system', ['list', 'release', 'repairStatus'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  // Versioned scripts (dynamic pay, monitors), the pay scripts' call records, the entity data view.
  // Only superAdmin edits scripts (spec section 6); technicalMaintenance reads them on read-only
  // screens. silent: technicalSupport's dynamic pay screens are read-only too, since the spec
  // gives script editing to superAdmin alone; scripts are never deleted (their versions are history).
  screen('payScripts', '/systemManager/payScript', 'group.system', ['list', 'show', 'create', 'edit'], { superAdmin: ALL }, { owner: false }),
  screen('payScripts-readonly', '/systemManager/payScript/readonly', 'group.system', READ, { technicalMaintenance: ALL }, { owner: false }),
  screen('payScriptCalls', '/systemManager/dynamicPayRecord', 'group.system', READ, { superAdmin: ALL }, { owner: false }),
  screen('payScriptCalls-readonly', '/systemManager/dynamicPayRecord/readonly', 'group.system', READ, { technicalMaintenance: ALL }, { owner: false }),
  screen('monitorScripts', '/systemManager/monitorScript', 'group.system', ['list', 'show', 'create', 'edit'], { superAdmin: ALL }, { owner: false }),
  screen('monitorScripts-readonly', '/systemManager/monitorScript/readonly', 'group.system', READ, { technicalMaintenance: ALL }, { owner: false }),
  // The entity data view is read-only for everyone who has it, so one screen serves both roles.
  screen('entityView', '/systemManager/entityView', 'group.system', ['list'], { superAdmin: ALL, technicalMaintenance: ALL }, { owner: false }),
  // technicalSupport's system management > dynamic pay (spec section 2).
  screen('payScripts-techSupport', '/dynamicPay/payScriptInfo', 'group.dynamicPay', READ, { technicalSupport: ALL }, { owner: false }),
  screen('payScriptCalls-techSupport', '/dynamicPay/dynamicPayRecord', 'group.dynamicPay', READ, { technicalSupport: ALL }, { owner: false }),
  // The audit log: read and export only, for everyone (no action changes a row; the table refuses it).
  // silent: spec section 2 lists it under system management; admin reads it beside superAdmin (both
  // answer for what operators did), while customer service and technical maintenance do not.
  screen('auditRecords', '/auditRecord/auditRecord', 'group.system', ['list', 'export'], { superAdmin: ALL, admin: ALL }, { owner: false }),

  // Bot settings (spec: system management). Admins configure the bot; customer service and technical
  // maintenance read it (the whitelist is among technicalMaintenance's read-only views).
  screen('chatWhitelist', '/systemManager/bot/chatWhitelist', 'group.bots', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('chatWhitelist-readonly', '/systemManager/bot/chatWhitelist/readonly', 'group.bots', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('botGroups', '/systemManager/bot/botGroup', 'group.bots', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('botGroups-readonly', '/systemManager/bot/botGroup/readonly', 'group.bots', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('transferBots', '/systemManager/bot/transferBot', 'group.bots', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('transferBots-readonly', '/systemManager/bot/transferBot/readonly', 'group.bots', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // silent: what the bot announces is the members' fund records, which these four roles already read.
  screen('botFundRecords', '/systemManager/bot/fundRecord', 'group.bots', ['list'], { superAdmin: ALL, admin: ALL, customerService: ALL, technicalMaintenance: ALL }),
  // Gateway config and message templates: superAdmin edits, technicalMaintenance reads (spec section 6).
  screen('payGateways', '/payGatewayConfig', 'group.system', CRUD, { superAdmin: ALL }),
  screen('payGateways-readonly', '/payGatewayConfig/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  screen('messageTemplates', '/messageTemplate', 'group.system', CRUD, { superAdmin: ALL }),
  screen('messageTemplates-readonly', '/messageTemplate/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  // IP rules: superAdmin and admin keep the platform whitelist (technicalMaintenance reads it on the
  // spec's read-only whitelist view); a supplier keeps its agents' whitelist, each rule naming one of
  // its agents (server/ip-rules refuses a rule naming the supplier itself).
  screen('ipRules', '/systemManager/ipRule', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('ipRules-readonly', '/systemManager/ipRule/readonly', 'group.system', READ, { technicalMaintenance: ALL }, { owner: false }),
  screen('agentIpWhitelist', '/supplier-proxy/ipWhitelist', 'group.agents', CRUD, { supplier: ALL }, {
    owner: { supplier: 'userId' },
    notForAgents: { because: 'errors.agentIpBySupplier' },
  }),

  // To-do items: while a review switch is on (ReviewSupplierAccounts, ReviewAgentChanges), the changes
  // of those who may `create` on todoItems-initiated wait as to-do items instead of being made.
  // superAdmin and admin decide them; a supplier or agent follows only what it submitted itself.
  screen('todoItems', '/todoItems/mine', 'group.profile', ['list', 'show', 'approve', 'reject'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('todoItems-initiated', '/todoItems/initiated', 'group.profile', ['list', 'show', 'create'], { supplier: ALL }, {
    owner: false,
    rows: [{ roles: ['supplier'], when: (u) => ({ submitterId: u.id }), note: 'own submissions' }],
  }),

  // API areas without a screen of their own.
  // The dashboard's figures and balance statistics (/order/statistics/today...): staff see the
  // platform's, a merchant its own, a supplier its team's. silent: technicalSupport works on
  // system management and gets the welcome card only.
  screen('dashboard', '', undefined, ['list'], { superAdmin: ALL, admin: ALL, customerService: ALL, technicalMaintenance: ALL, supplier: ALL, merchant: ALL }),
  // Option lists for filters and forms (/user/getUserOptions...): staff and suppliers, a supplier
  // only its own team. Merchants pick no other users.
  screen(
    'userOptions',
    '',
    undefined,
    ['list'],
    { superAdmin: ALL, admin: ALL, customerService: ALL, technicalMaintenance: ALL, technicalSupport: ALL, supplier: ALL },
    { owner: { supplier: 'id' } },
  ),
];
