/**
 * THE permissions file: who may do what, on which subject, under which row condition. It holds
 * rules only for screens and server routes that exist; a test fails when a rule names a screen or a
 * route that does not exist, or when a screen or a route has no rule. The menu, the route guard,
 * every button and every server route ask the ability built from this table (the engine,
 * ./ability-engine.ts, only evaluates it), and the server makes no role decision of its own.
 *
 * How to read a line: `screen(subject, actions, grants, extra)`.
 *  - subject: the Refine resource identifier (camelCase entity, `-<variant>` for a role variant), or
 *    an API area with no screen of its own. Where a screen sits (its path, its menu group) is its
 *    declaration's (resources/), joined to its line by subject when an ability is built
 *    (`placesOf`, ./ability-engine.ts); the table never repeats it.
 *  - actions: every action that exists on the subject; grants: which role may take which of them
 *    (`ALL` = every action of the line). A role missing from a line has no access at all.
 *  - Merchant and supplier grants are limited to their own rows: a merchant to rows whose merchantId
 *    is its id, a supplier to rows whose supplierId is itself or one of its agents (`owner` names
 *    other fields; `owner: false` = not about anyone's rows). The entity kit (server/crud) refuses
 *    to start when a grant reads a row field its entity's table lacks.
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

// A line's vocabulary, exported for the tests that add a line of their own (an entity by the book).
type A = TableAction;
/** @public */
export const ALL = 'all' as const;
type Grants = Partial<Record<Role, Grant>>;
/** @public */
export const screen = (subject: string, actions: readonly A[], grants: Grants, extra: Pick<ScreenRule, 'owner' | 'rows' | 'notForAgents'> = {}): ScreenRule => ({
  subject,
  actions,
  grants,
  ...extra,
});
/** Every role, every action of the line. */
const EVERY_ROLE: Grants = Object.fromEntries(ROLES.map((r) => [r, ALL]));

// Action sets reused below.
/** @public */
export const READ: readonly A[] = ['list', 'show'];
/** @public */
export const CRUD: readonly A[] = ['list', 'show', 'create', 'edit', 'delete'];
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
  channelScreens(channel).map((s) => screen(s.subject, ACCOUNT_ACTIONS, CHANNEL_GRANTS[s.variant]));

/** subject -> actions, who may take them and on which rows. In menu order. */
export const SCREENS: ScreenRule[] = [
  // Every signed-in user: the dashboard, own messages, own error records.
  screen('home', ['list'], EVERY_ROLE, { owner: false }),
  // A message is only ever its recipient's: moving one (read, trash, restore) needs the row to be the caller's.
  screen('messages', ['list', 'show', 'edit', 'delete', 'restore'], EVERY_ROLE, {
    owner: false,
    rows: [{ roles: ROLES, actions: ['edit', 'delete', 'restore'], when: (u) => ({ userId: u.id }), note: 'own messages' }],
  }),
  // The error records of the header's error log: superAdmin reads everyone's, the others their own.
  screen('errorLogs', ['list', 'show', 'create'], EVERY_ROLE, {
    owner: false,
    rows: [{ roles: ROLES.filter((r) => r !== 'superAdmin'), when: (u) => ({ userId: u.id }), note: 'own records' }],
  }),

  // Merchants. silent: clearing a merchant's balance is destructive, so superAdmin only.
  screen('merchants', MEMBER_ACTIONS, {
    superAdmin: ALL,
    admin: MEMBER_ACTIONS.filter((a) => a !== 'clearBalance'),
  }),
  screen('merchants-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // Suppliers. silent: technicalSupport looks suppliers up while supporting them but changes nothing.
  screen('suppliers', MEMBER_ACTIONS, {
    superAdmin: ALL,
    admin: MEMBER_ACTIONS.filter((a) => a !== 'clearBalance'),
    technicalSupport: READ,
  }),
  screen('suppliers-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // A supplier's agents are supplier-role users whose parentId is the supplier. An agent has no team
  // of its own: it gets nothing here and is told that agents are created by their supplier.
  screen('supplierProxy', [...CRUDR, 'resetPayPassword'], { supplier: ALL }, {
    owner: { supplier: 'parentId' },
    notForAgents: { because: 'errors.agentCreatesAgent' },
  }),

  ...CHANNEL_SPECS.flatMap(channelRules),

  // Collection orders. Admins work every order; customer service and technical maintenance read
  // them without actions. silent: a supplier confirms payments that reached its own accounts (it
  // sees the money arrive). It settles alone only while IsSupplierRemoveBalanceOnOrderFinished is
  // on, when confirming debits it what it received; while off, confirming would cost it nothing,
  // so its confirmation waits as a to-do item for staff (server/orders/actions/confirm.ts). Its
  // agents' orders have their own list. Merchants read and export their own orders.
  screen('orders', ORDER_ACTIONS, { superAdmin: ALL, admin: ALL }),
  screen('orders-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderProfile', ['list'], { superAdmin: ALL }),
  screen('orders-supplier', [...ORDER_READ, 'confirm'], { supplier: ALL }),
  screen('orders-supplierProxy', ORDER_READ, { supplier: ALL }),
  screen('orders-merchant', ORDER_READ, { merchant: ALL }),
  // Callbacks to merchants: the tasks (re-send, delete) and each HTTP attempt.
  screen('orderCallbacks', ['list', 'show', 'delete', 'callback'], { superAdmin: ALL, admin: ALL }),
  screen('orderCallbacks-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderCallbackDetails', ['list'], { superAdmin: ALL }),
  screen('orderCallbackDetails-readonly', ['list'], { technicalMaintenance: ALL }),
  // The API-test screen: a merchant places orders on itself, signed by the server with its key.
  screen('orderTest', ['list', 'create'], { merchant: ALL }),
  // A merchant's batch file of orders, uploaded in the admin for itself (POST /order/createBatch).
  screen('orderBatch', ['create'], { merchant: ALL }, { owner: false }),

  // Order analysis: platform-wide figures and client IPs, about no member's rows. Admins freeze
  // and unfreeze IPs; customer service and technical maintenance read the same screens.
  screen('lostOrders', ['list'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('lostOrders-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  screen('orderSources', ['list'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('orderSources-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  screen('ipAnalysis', ['list', 'freeze'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('ipAnalysis-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  screen('frozenIps', ['list', 'show', 'create', 'unfreeze'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('frozenIps-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),

  // Order statistics (resources/statistics): staff screens with a read-only customer-service
  // variant; a supplier's and a merchant's own screens (row scope: their own orders).
  screen('orderStatistics', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('orderStatistics-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderStatisticsByMerchant', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('orderStatisticsByMerchant-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderStatisticsSupplier', ['list'], { supplier: ALL }),
  screen('orderStatisticsMerchant', ['list'], { merchant: ALL }),
  screen('payoutStatistics', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('payoutStatistics-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('payoutStatisticsByMerchant', ['list'], { superAdmin: ALL, admin: ALL }),
  screen('payoutStatisticsByMerchant-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('payoutStatisticsSupplier', ['list'], { supplier: ALL }),
  screen('payoutStatisticsMerchant', ['list'], { merchant: ALL }),
  // Transaction records (bank SMS, web messages, USDT transfers): read-only, records enter through the
  // ingest endpoints. A supplier reads the SMS of its own and its agents' accounts; superAdmin reads
  // everything, with the device and the raw message, on its own screen.
  screen('bankStatements', ORDER_READ, { admin: ALL, supplier: ALL }),
  screen('bankStatements-sa', ORDER_READ, { superAdmin: ALL }),
  screen('webMessageRecords', ORDER_READ, { superAdmin: ALL, admin: ALL }),
  screen('webMessageRecords-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('usdtTransactions', ORDER_READ, { superAdmin: ALL, admin: ALL }),
  // The trusted chains computed from the SMS records: superAdmin only (spec section 2).
  screen('securityChains', ['list'], { superAdmin: ALL }, { owner: false }),
  screen('securityPatches', ['list'], { superAdmin: ALL }, { owner: false }),
  screen('usdtTransactions-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // Payout orders. The pool holds the waiting payouts no supplier holds: suppliers claim from it
  // (every pool row is open to every supplier until one claims it), staff watch it.
  // silent: customer service and technical maintenance read payouts and batches but act on none.
  screen('payoutPool', [...ORDER_READ, 'claim'], { superAdmin: ORDER_READ, admin: ORDER_READ, supplier: ['list', 'show', 'claim'] }, { owner: false }),
  screen('payoutPool-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }, { owner: false }),
  // cancelClaim is declared on the shared payout declaration for the supplier's list; staff do not take it.
  screen('payouts', [...PAYOUT_ACTIONS, 'cancelClaim'], { superAdmin: PAYOUT_ACTIONS, admin: PAYOUT_ACTIONS }),
  screen('payouts-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // A supplier gives back a payout it claimed and has not batched; its agents' payouts have their own list.
  screen('payouts-supplier', [...ORDER_READ, 'cancelClaim'], { supplier: ALL }),
  screen('payouts-supplierProxy', ORDER_READ, { supplier: ALL }),
  screen('payouts-merchant', ORDER_READ, { merchant: ALL }),
  // Batches: staff batch pool payouts; a supplier batches the payouts it claimed (its own batches only).
  // A supplier's confirm and result upload say its own payouts were paid and would credit it the
  // amount plus fee: they always wait as to-do items for staff (server/payout-batches/hold.ts).
  screen('payoutBatches', BATCH_ACTIONS, { superAdmin: ALL, admin: ALL, supplier: ALL }),
  screen('payoutBatches-customerService', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // Risk control: only superAdmin (spec section 6).
  screen('riskDetections', READ, { superAdmin: ALL }, { owner: false }),
  screen('riskBlacklist', CRUD, { superAdmin: ALL }, { owner: false }),

  // Monitor log (spec: admin group, no supplier). Clearing the log is the delete action.
  screen('monitorLogs', ['list', 'delete'], { superAdmin: ALL, admin: ALL }),
  screen('monitorLogs-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  // Fund records: every balance change of members, from the ledger. Staff read all (admins export),
  // customer service and technical maintenance read only; a merchant reads its own rows, a supplier
  // its own and its agents'.
  screen('fundRecords', ['list', 'export'], { superAdmin: ALL, admin: ALL }),
  screen('fundRecords-customerService', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('fundRecords-member', ['list', 'export'], { merchant: ALL, supplier: ALL }, { owner: { merchant: 'userId', supplier: 'userId' } }),

  // Profile: the caller's own account (the server always acts on the caller, so no row condition).
  screen('profile', ['list', 'show', 'edit', 'bind', 'unbind', 'regenerateKey'], { superAdmin: ALL, admin: ALL, supplier: ALL, merchant: ALL }, { owner: false }),
  screen('profile-customerService', ['list', 'show', 'edit', 'bind', 'unbind'], {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),

  // System management. silent: bank numbers are an admin tool (no customer-service variant).
  screen('bankNumbers', CRUD, { superAdmin: ALL, admin: ALL }),
  // Account management: superAdmin and admin change permissions, reset pay passwords and restore
  // deleted users. silent: admin still lists and views superAdmin accounts, so the list is complete.
  screen('users', USER_ACTIONS, { superAdmin: ALL, admin: ALL }, {
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
  screen('userProducts', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('onlineUsers', ['list', 'forceLogout'], { superAdmin: ALL }),
  // silent: customer service adds names reported to it to the blacklist, but never removes one.
  screen('nameBlacklist', CRUD, { superAdmin: ALL, admin: ALL, customerService: ['list', 'show', 'create'] }),
  // Admin test orders: placed for a chosen merchant, marked test, kept out of statistics.
  screen('orderTestAdmin', ['list', 'create'], { superAdmin: ALL, admin: ALL }),
  // Ingest devices and monitors (their tokens let records in from outside): admins manage them.
  screen('ingestClients', [...CRUD, 'regenerateKey', 'enableResource'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('nameBlacklist-readonly', READ, { technicalMaintenance: ALL }),
  // Order clear history: the cleanup's runs, read-only for everyone (only the job writes them).
  screen('orderClearHistory', ['list'], { superAdmin: ALL }, { owner: false }),
  screen('orderClearHistory-readonly', ['list'], { technicalMaintenance: ALL }, { owner: false }),

  // Global config (/system-config/get* and set*, the security parameters included): only superAdmin
  // edits it; technicalMaintenance reads it on the read-only variant. System maintenance: admins
  // read the settings and run the repairs (release stuck allocations and claims, recompute balances).
  screen('systemConfig', ['list', 'edit'], { superAdmin: ALL }, { owner: false }),
  screen('systemConfig-readonly', ['list'], { technicalMaintenance: ALL }, { owner: false }),
  screen('systemMaintenance', ['list', 'release', 'repairStatus'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  // Versioned scripts (dynamic pay, monitors), the pay scripts' call records, the entity data view.
  // Only superAdmin edits scripts (spec section 6); technicalMaintenance reads them on read-only
  // screens. silent: technicalSupport's dynamic pay screens are read-only too, since the spec
  // gives script editing to superAdmin alone; scripts are never deleted (their versions are history).
  screen('payScripts', ['list', 'show', 'create', 'edit'], { superAdmin: ALL }, { owner: false }),
  screen('payScripts-readonly', READ, { technicalMaintenance: ALL }, { owner: false }),
  screen('payScriptCalls', READ, { superAdmin: ALL }, { owner: false }),
  screen('payScriptCalls-readonly', READ, { technicalMaintenance: ALL }, { owner: false }),
  screen('monitorScripts', ['list', 'show', 'create', 'edit'], { superAdmin: ALL }, { owner: false }),
  screen('monitorScripts-readonly', READ, { technicalMaintenance: ALL }, { owner: false }),
  // The entity data view is read-only for everyone who has it, so one screen serves both roles.
  screen('entityView', ['list'], { superAdmin: ALL, technicalMaintenance: ALL }, { owner: false }),
  // technicalSupport's system management > dynamic pay (spec section 2).
  screen('payScripts-techSupport', READ, { technicalSupport: ALL }, { owner: false }),
  screen('payScriptCalls-techSupport', READ, { technicalSupport: ALL }, { owner: false }),
  // The audit log: read and export only, for everyone (no action changes a row; the table refuses it).
  // silent: spec section 2 lists it under system management; admin reads it beside superAdmin (both
  // answer for what operators did), while customer service and technical maintenance do not.
  screen('auditRecords', ['list', 'export'], { superAdmin: ALL, admin: ALL }, { owner: false }),

  // Bot settings (spec: system management). Admins configure the bot; customer service and technical
  // maintenance read it (the whitelist is among technicalMaintenance's read-only views).
  screen('chatWhitelist', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('chatWhitelist-readonly', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('botGroups', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('botGroups-readonly', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('transferBots', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('transferBots-readonly', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // silent: what the bot announces is the members' fund records, which these four roles already read.
  screen('botFundRecords', ['list'], { superAdmin: ALL, admin: ALL, customerService: ALL, technicalMaintenance: ALL }),
  // Gateway config and message templates: superAdmin edits, technicalMaintenance reads (spec section 6).
  screen('payGateways', CRUD, { superAdmin: ALL }),
  screen('payGateways-readonly', READ, { technicalMaintenance: ALL }),
  screen('messageTemplates', CRUD, { superAdmin: ALL }),
  screen('messageTemplates-readonly', READ, { technicalMaintenance: ALL }),
  // IP rules: superAdmin and admin keep the platform whitelist (technicalMaintenance reads it on the
  // spec's read-only whitelist view); a supplier keeps its agents' whitelist, each rule naming one of
  // its agents (server/ip-rules refuses a rule naming the supplier itself).
  screen('ipRules', CRUD, { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('ipRules-readonly', READ, { technicalMaintenance: ALL }, { owner: false }),
  screen('agentIpWhitelist', CRUD, { supplier: ALL }, {
    owner: { supplier: 'userId' },
    notForAgents: { because: 'errors.agentIpBySupplier' },
  }),

  // To-do items: while a review switch is on (ReviewSupplierAccounts, ReviewAgentChanges), the changes
  // of those who may `create` on todoItems-initiated wait as to-do items instead of being made; so do,
  // always, the settlements they would make in their own favour (a batch confirm or result file, an
  // order confirm that costs them nothing). superAdmin and admin decide them (under the held route's
  // own second-level and Google code guards); a supplier or agent follows only what it submitted itself.
  screen('todoItems', ['list', 'show', 'approve', 'reject'], { superAdmin: ALL, admin: ALL }, { owner: false }),
  screen('todoItems-initiated', ['list', 'show', 'create'], { supplier: ALL }, {
    owner: false,
    rows: [{ roles: ['supplier'], when: (u) => ({ submitterId: u.id }), note: 'own submissions' }],
  }),

  // API areas without a screen of their own.
  // The dashboard's figures and balance statistics (/order/statistics/today...): staff see the
  // platform's, a merchant its own, a supplier its team's. silent: technicalSupport works on
  // system management and gets the welcome card only.
  screen('dashboard', ['list'], { superAdmin: ALL, admin: ALL, customerService: ALL, technicalMaintenance: ALL, supplier: ALL, merchant: ALL }),
  // Option lists for filters and forms (/user/getUserOptions...): staff and suppliers, a supplier
  // only its own team. Merchants pick no other users.
  screen(
    'userOptions',
    ['list'],
    { superAdmin: ALL, admin: ALL, customerService: ALL, technicalMaintenance: ALL, technicalSupport: ALL, supplier: ALL },
    { owner: { supplier: 'id' } },
  ),
];
