/**
 * THE permissions file. From a user's role it builds the CASL ability that the menu, the route
 * guard, every button and every server route consult. Nothing about who may do what lives elsewhere:
 * a screen, a route or a button asks `ability.can(action, subject)`; the server adds `rowScope()`
 * to its list queries and `canRow()` to its single-row calls.
 *
 * Subjects are Refine resource identifiers (one per screen, including the role variants of spec
 * section 2), the menu groups of resources/groups.ts, and a few server-only subjects. Identifier
 * convention: camelCase entity name, plus `-<variant>` for a role variant (`orders-merchant`).
 *
 * How to read the table below: each `screen(subject, path, group, actions, grants)` line says which
 * actions exist on that screen and which role may take which of them (`ALL` = every action of the
 * line). A role missing from a line has no access to it at all. Merchant and supplier grants are
 * always row-scoped (see OWNER below) unless the line says otherwise.
 *
 * Where spec section 6 is silent we chose what a careful payment operator expects; each such choice
 * carries a "silent:" comment.
 *
 * docs/permissions.md (`npm run permissions`) is this file as tables: identifier -> spec path -> menu
 * group -> actions, and the role x screen x action matrix; a test keeps it current.
 */
import { AbilityBuilder, createMongoAbility, subject as tagSubject, type ForcedSubject, type MongoAbility, type MongoQuery } from '@casl/ability';
import { ROLES, type Role } from './roles';
import { channelScreens, type ChannelSpec, type ChannelVariant } from '../resources/receiving-accounts/channel';
import { CHANNEL_SPECS } from '../resources/receiving-accounts/channel-list';

/** Every action a rule may name. Refine's CRUD actions, then the domain actions of spec section 4. */
export const ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'restore',
  'export',
  'upload',
  // collection and payout orders
  'supplement',
  'reselect',
  'reject',
  'freeResource',
  'callback',
  'reverse',
  'lock',
  'unlock',
  'claim',
  'cancelClaim',
  'updateMark',
  'repairStatus',
  'retry',
  'release',
  // payout batches
  'download',
  'confirm',
  'markException',
  // balances and accounts
  'adjustBalance',
  'freeze',
  'clearBalance',
  'resetPayPassword',
  'forceLogout',
  'enableResource',
  'bind',
  'unbind',
  'regenerateKey',
] as const;
export type Action = (typeof ACTIONS)[number] | 'manage';
export type Subject = string;
/** A subject name, or a row tagged with its subject (CASL's subject()) for row conditions. */
export type SubjectOrRow = Subject | (Record<string, unknown> & ForcedSubject<Subject>);
export type AppAbility = MongoAbility<[Action, SubjectOrRow]>;

export interface AbilityUser {
  id: number;
  role: Role;
  /** A supplier's agents (users whose parent is the supplier); their rows are the supplier's too. */
  agentIds?: number[];
  /** Set for an agent: a supplier-role user who belongs to another supplier. */
  parentId?: number | null;
}

type A = (typeof ACTIONS)[number];
const ALL = 'all' as const;
type Grant = readonly A[] | typeof ALL;

/** Which row field ties a row to its merchant / supplier (false: the screen is about no one's rows). */
interface Owner {
  merchant?: string;
  supplier?: string;
}

export interface ScreenRule {
  subject: Subject;
  /** Route of spec section 2 ('' for server-only subjects). */
  path: string;
  /** Menu group (resources/groups.ts); declarations use the same parent. */
  group?: string;
  /** Every action that exists on this subject. */
  actions: readonly A[];
  grants: Partial<Record<Role, Grant>>;
  /** Row owner fields; defaults merchantId / supplierId. `false`: grants are not row-scoped. */
  owner?: Owner | false;
  /** Supplier actions that are not row-scoped (claiming from the shared payout pool). */
  supplierUnscoped?: readonly A[];
  /**
   * Extra row conditions of a role beyond ownership, e.g. an admin never touches a superAdmin
   * account. `except` lists the actions that stay unconditional; `note` is how the permissions report
   * describes the rows.
   */
  rows?: Partial<Record<Role, RowRule>>;
  /** Not granted to agents (supplier-role users with a parent): an agent has no team of its own. */
  notForAgents?: true;
}

export interface RowRule {
  /** The condition, or one built from the user (a message is only its recipient's). */
  condition: MongoQuery | ((user: AbilityUser) => MongoQuery);
  except?: readonly A[];
  note: string;
}

const screen = (
  subject: Subject,
  path: string,
  group: string | undefined,
  actions: readonly A[],
  grants: ScreenRule['grants'],
  extra: Pick<ScreenRule, 'owner' | 'supplierUnscoped' | 'rows' | 'notForAgents'> = {},
): ScreenRule => ({ subject, path, group, actions, grants, ...extra });

// Action sets reused below.
const READ: readonly A[] = ['list', 'show'];
const READ_EXPORT: readonly A[] = ['list', 'show', 'export'];
const CRUD: readonly A[] = ['list', 'show', 'create', 'edit', 'delete'];
const CRUDR: readonly A[] = [...CRUD, 'restore'];
const STATS: readonly A[] = ['list', 'export'];
const ACCOUNT_ACTIONS: readonly A[] = [...CRUDR, 'enableResource', 'export'];
const ORDER_ACTIONS: readonly A[] = [
  ...READ_EXPORT,
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
];
const PAYOUT_ACTIONS: readonly A[] = [
  ...READ_EXPORT,
  'reject',
  'reselect',
  'callback',
  'reverse',
  'lock',
  'unlock',
  'claim',
  'cancelClaim',
  'updateMark',
  'repairStatus',
  'retry',
  'release',
];
const BATCH_ACTIONS: readonly A[] = [...READ, 'create', 'export', 'download', 'confirm', 'markException', 'upload'];
// bind/unbind reset a member's Google Authenticator binding (/user/bindUser, /user/unbind).
const MEMBER_ACTIONS: readonly A[] = [...CRUDR, 'export', 'adjustBalance', 'freeze', 'clearBalance', 'resetPayPassword', 'regenerateKey', 'enableResource', 'bind', 'unbind'];

/**
 * Every receiving-account channel (resources/receiving-accounts/channel-list.ts) gets the same
 * grants, so a new channel needs no line here: its supplier list, admin list and customer-service view.
 */
const ACCOUNT_GRANTS: Record<ChannelVariant, ScreenRule['grants']> = {
  // Suppliers manage their (and their agents') receiving accounts.
  supplier: { supplier: ['list', 'show', 'create', 'edit', 'delete', 'enableResource'] },
  admin: { superAdmin: ALL, admin: ALL },
  customerService: { customerService: READ, technicalMaintenance: READ },
};
export const accountScreens = (channel: ChannelSpec): ScreenRule[] =>
  channelScreens(channel).map((s) => screen(s.subject, s.path, channel.group, ACCOUNT_ACTIONS, ACCOUNT_GRANTS[s.variant]));

/**
 * subject -> spec path, group, actions and who may take them. Order follows spec section 2.
 */
export const SCREENS: ScreenRule[] = [
  // Every signed-in user: the dashboard, own messages, the error log (another screen builds them).
  screen('home', '/home', undefined, ['list'], Object.fromEntries(ROLES.map((r) => [r, ALL])), { owner: false }),
  // A message is only ever its recipient's: moving one (read, trash, restore) needs the row to be the caller's.
  screen('messages', '/messages', undefined, ['list', 'show', 'edit', 'delete', 'restore'], Object.fromEntries(ROLES.map((r) => [r, ALL])), {
    owner: false,
    rows: Object.fromEntries(ROLES.map((r) => [r, { condition: (u: AbilityUser) => ({ userId: u.id }), except: READ, note: 'own messages' }])),
  }),
  screen('errorLogs', '/error-logs', undefined, ['list', 'show', 'create'], Object.fromEntries(ROLES.map((r) => [r, ALL])), { owner: false }),

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

  // A supplier's agents are users whose parentId is the supplier.
  screen('supplierProxy', '/supplier-proxy', 'group.agents', [...CRUDR, 'resetPayPassword'], { supplier: ALL }, { owner: { supplier: 'parentId' }, notForAgents: true }),

  ...CHANNEL_SPECS.flatMap(accountScreens),

  // Collection orders. silent: customer service may resend a merchant callback and mark an order
  // (answering merchants' questions), but moves no money; technicalMaintenance only reads.
  screen('orders', '/order/list', 'group.collectionOrders', ORDER_ACTIONS, { superAdmin: ALL, admin: ALL }),
  screen('orders-customerService', '/order/list/customerService', 'group.collectionOrders', ORDER_ACTIONS, {
    customerService: [...READ, 'callback', 'updateMark'],
    technicalMaintenance: READ,
  }),
  screen('orderProfile', '/order/profile', 'group.collectionOrders', ['list'], { superAdmin: ALL }),
  // silent: a supplier confirms money it received (supplement with UTR); it cannot reverse or repair.
  screen('orders-supplier', '/order/list/supplier', 'group.collectionOrders', ORDER_ACTIONS, { supplier: [...READ_EXPORT, 'supplement'] }),
  screen('orders-supplierProxy', '/order/list/supplierProxy', 'group.collectionOrders', ORDER_ACTIONS, { supplier: READ_EXPORT }),
  screen('orders-merchant', '/order/list/merchant', 'group.collectionOrders', ORDER_ACTIONS, { merchant: READ_EXPORT }),

  // Transaction records (bank SMS, web messages, USDT) and security chains.
  screen('bankStatements', '/bankStatement/list', 'group.transactionRecords', READ_EXPORT, { admin: ALL, supplier: ALL }),
  screen('bankStatements-superAdmin', '/bankStatement/list-sa', 'group.transactionRecords', [...READ_EXPORT, 'delete'], { superAdmin: ALL }),
  screen('webMessageRecords-admin', '/bankStatement/webMessageRecord-admin', 'group.transactionRecords', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('webMessageRecords-customerService', '/bankStatement/webMessageRecord-admin/customerService', 'group.transactionRecords', READ, {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),
  screen('usdtTransactionRecords-admin', '/bankStatement/usdtTransactionRecord-admin', 'group.transactionRecords', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('usdtTransactionRecords-customerService', '/bankStatement/usdtTransactionRecord-admin/customerService', 'group.transactionRecords', READ, {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),
  screen('securityPatches', '/securityNodes/security-patch-list', 'group.transactionRecords', [...READ, 'create'], { superAdmin: ALL }),
  screen('securityNodes', '/securityNodes/list', 'group.transactionRecords', READ, { superAdmin: ALL }),

  // Order analysis. silent: unfreezing an IP (delete) is an admin decision, customer service reads.
  screen('orderAnalysis', '/orderAnalysis/order-analysis-list', 'group.orderAnalysis', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('orderAnalysis-customerService', '/orderAnalysis/order-analysis-list/customerService', 'group.orderAnalysis', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('ipAnalysis', '/orderAnalysis/ip-analysis-list', 'group.orderAnalysis', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('ipAnalysis-customerService', '/orderAnalysis/ip-analysis-list/customerService', 'group.orderAnalysis', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('frozenIps', '/orderAnalysis/fronzen-ip-list', 'group.orderAnalysis', [...READ, 'create', 'delete'], { superAdmin: ALL, admin: ALL }),
  screen('frozenIps-customerService', '/orderAnalysis/fronzen-ip-list/customerService', 'group.orderAnalysis', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // Payout orders. Suppliers claim from the shared pool (not yet theirs) and work what they claimed.
  screen('payoutPool', '/payProxyOrder/pool', 'group.payoutOrders', PAYOUT_ACTIONS, { superAdmin: ALL, admin: ALL }),
  screen('payoutPool-customerService', '/payProxyOrder/pool/customerService', 'group.payoutOrders', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('payoutOrders', '/payProxyOrder/list', 'group.payoutOrders', PAYOUT_ACTIONS, { superAdmin: ALL, admin: ALL }),
  screen('payoutOrders-customerService', '/payProxyOrder/list/customerService', 'group.payoutOrders', PAYOUT_ACTIONS, {
    customerService: [...READ, 'callback'],
    technicalMaintenance: READ,
  }),
  screen(
    'payoutOrders-supplier',
    '/payProxyOrder/list/supplier',
    'group.payoutOrders',
    PAYOUT_ACTIONS,
    { supplier: [...READ_EXPORT, 'claim', 'cancelClaim', 'reject', 'release'] },
    { supplierUnscoped: ['claim'] },
  ),
  screen('payoutOrders-supplierProxy', '/payProxyOrder/list/supplierProxy', 'group.payoutOrders', PAYOUT_ACTIONS, { supplier: READ_EXPORT }),
  screen('payoutOrders-merchant', '/payProxyOrder/list/merchant', 'group.payoutOrders', PAYOUT_ACTIONS, { merchant: READ_EXPORT }),
  screen('payoutBatches', '/payoutBatch/list', 'group.payoutOrders', BATCH_ACTIONS, { superAdmin: ALL, admin: ALL, supplier: ALL }),
  screen('payoutBatches-customerService', '/payoutBatch/list/customerService', 'group.payoutOrders', READ, { customerService: ALL, technicalMaintenance: ALL }),
  // Only superAdmin edits risk control (spec section 6).
  screen('riskDetectionRecords', '/payProxyOrder/risk-control/detection-records', 'group.payoutOrders', READ_EXPORT, { superAdmin: ALL }),
  screen('riskBlacklist', '/payProxyOrder/risk-control/blacklist', 'group.payoutOrders', CRUD, { superAdmin: ALL }),

  // Order statistics.
  screen('orderStatistics', '/order/statistics', 'group.statistics', STATS, { superAdmin: ALL, admin: ALL }),
  screen('orderStatisticsByMerchant', '/order/statisticsByMerhcantV2', 'group.statistics', STATS, { superAdmin: ALL, admin: ALL }),
  screen('orderStatistics-supplier', '/order/statistics/supplierV2', 'group.statistics', STATS, { supplier: ALL }),
  screen('orderStatistics-merchant', '/order/statistics/merchant', 'group.statistics', STATS, { merchant: ALL }),
  screen('payoutStatistics', '/payProxyOrder/statistics', 'group.statistics', STATS, { superAdmin: ALL, admin: ALL }),
  screen('payoutStatisticsByMerchant', '/payProxyOrder/statisticsByMerchant', 'group.statistics', STATS, { superAdmin: ALL, admin: ALL }),
  screen('payoutStatistics-supplier', '/payProxyOrder/statistics/supplier', 'group.statistics', STATS, { supplier: ALL }),
  screen('payoutStatistics-merchant', '/payProxyOrder/statistics/merchant', 'group.statistics', STATS, { merchant: ALL }),
  screen('orderStatistics-customerService', '/order/statistics/customerService', 'group.statistics', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderStatisticsByMerchant-customerService', '/order/statisticsByMerhcantV2/customerService', 'group.statistics', ['list'], {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),
  screen('payoutStatistics-customerService', '/payProxyOrder/statistics/customerService', 'group.statistics', ['list'], { customerService: ALL, technicalMaintenance: ALL }),
  screen('payoutStatisticsByMerchant-customerService', '/payProxyOrder/statisticsByMerchant/customerService', 'group.statistics', ['list'], {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),

  // Finance: fund records are ledger rows of one user (userId), a merchant's or a supplier team's.
  screen('fundRecords', '/fundRecord/fundRecord', 'group.finance', READ_EXPORT, { merchant: ALL, supplier: ALL }, { owner: { merchant: 'userId', supplier: 'userId' } }),
  screen('fundRecords-admin', '/fundRecord/fundRecordAdmin', 'group.finance', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('fundRecords-customerService', '/fundRecord/fundRecordAdmin/customerService', 'group.finance', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // Monitor log. silent: clearing the log (delete) is admin work.
  screen('monitorLog', '/monitorLog/monitorLog', 'group.monitorLog', [...READ, 'delete'], { superAdmin: ALL, admin: ALL }),
  screen('monitorLog-customerService', '/monitorLog/monitorLog/customerService', 'group.monitorLog', READ, { customerService: ALL, technicalMaintenance: ALL }),

  // API test: a merchant places a signed test order against its own key.
  screen('apiTest', '/order/test/merchant', 'group.apiTest', ['list', 'create'], { merchant: ALL }, { owner: false }),

  // Profile: the caller's own account (the server always acts on ctx.user, so no row scope).
  screen('profile', '/profile/list', 'group.profile', ['list', 'show', 'edit', 'bind', 'unbind', 'regenerateKey'], {
    superAdmin: ALL,
    admin: ALL,
    supplier: ALL,
    merchant: ALL,
  }, { owner: false }),
  screen('profile-customerService', '/profile/list/customerService', 'group.profile', ['list', 'show', 'edit', 'bind', 'unbind'], {
    customerService: ALL,
    technicalMaintenance: ALL,
  }),

  // System management. Only superAdmin edits global config, scripts, online users (spec section 6).
  screen('payScripts', '/systemManager/payScript', 'group.system', CRUD, { superAdmin: ALL }),
  screen('payScripts-readonly', '/systemManager/payScript/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  screen('payScriptRecords', '/systemManager/payScriptRecord', 'group.system', READ, { superAdmin: ALL }),
  screen('payScriptRecords-readonly', '/systemManager/payScriptRecord/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  // technicalSupport's /systemConfig > /dynamicPay entries. silent: it reads scripts and their calls.
  screen('payScripts-technicalSupport', '/dynamicPay/payScriptInfo', 'group.system', READ, { technicalSupport: ALL }),
  screen('payScriptRecords-technicalSupport', '/dynamicPay/dynamicPayRecord', 'group.system', READ, { technicalSupport: ALL }),
  // silent: bots, monitor scripts and bank numbers are admin tools (no customer-service variant).
  screen('chatWhitelist', '/systemManager/chatWhitelist', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('botGroups', '/systemManager/botGroup', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('transferBots', '/systemManager/transferBot', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('botFundRecords', '/systemManager/botFundRecord', 'group.system', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('monitorScripts', '/systemManager/monitorScript', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('bankNumbers', '/systemManager/bankNumber', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  // Account management: admin keeps it (spec section 6: permissions, pay passwords, restore) but
  // never on a superAdmin account: an admin cannot create, edit, delete, restore, reset or unbind a
  // superAdmin, nor give anyone (itself included) that role. silent: admin still lists and views
  // superAdmin accounts, so the account list is complete.
  screen(
    'users',
    '/setting/users',
    'group.system',
    [...CRUDR, 'resetPayPassword', 'bind', 'unbind'],
    { superAdmin: ALL, admin: ALL },
    { owner: false, rows: { admin: { condition: { role: { $ne: 'superAdmin' } }, except: READ, note: 'not superAdmin accounts' } } },
  ),
  // Global config (/system-config/get* and set*, the security parameters): only superAdmin edits
  // (spec section 6); technicalMaintenance reads it on the read-only view, admin on system maintenance.
  screen('systemConfig', '/systemConfig', 'group.system', ['list', 'edit'], { superAdmin: ALL }),
  screen('systemConfig-readonly', '/systemConfig/readonly', 'group.system', ['list'], { technicalMaintenance: ALL }),
  screen('entityData', '/systemManager/entityData', 'group.system', READ, { superAdmin: ALL }),
  screen('entityData-readonly', '/systemManager/entityData/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  // System maintenance (/systemConfig-admin): service switch, resource pool reset, fixes.
  screen('systemMaintenance', '/systemConfig-admin', 'group.system', ['list', 'edit'], { superAdmin: ALL, admin: ALL }),
  screen('userProducts', '/userProduct', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  screen('adminTestOrders', '/order/testAdminOrder', 'group.system', ['list', 'create'], { superAdmin: ALL, admin: ALL }),
  screen('auditRecords', '/auditRecord/auditRecord', 'group.system', READ_EXPORT, { superAdmin: ALL, admin: ALL }),
  screen('onlineUsers', '/setting/logged-user-list', 'group.system', ['list', 'forceLogout'], { superAdmin: ALL }),
  screen('ipRules', '/systemManager/ipRule', 'group.system', CRUD, { superAdmin: ALL, admin: ALL }),
  // silent: customer service adds names reported to it to the blacklist, but never removes one.
  screen('nameBlacklist', '/systemManager/nameBlackList', 'group.system', CRUD, { superAdmin: ALL, admin: ALL, customerService: ['list', 'show', 'create'] }),
  screen('nameBlacklist-readonly', '/systemManager/nameBlackList/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  screen('orderCallback', '/orderCallback', 'group.system', [...READ, 'callback', 'delete'], { superAdmin: ALL, admin: ALL }),
  screen('orderCallback-customerService', '/orderCallback/customerService', 'group.system', READ, { customerService: ALL, technicalMaintenance: ALL }),
  screen('orderCallbackDetail', '/orderCallbackDetail', 'group.system', READ, { superAdmin: ALL }),
  screen('orderCallbackDetail-readonly', '/orderCallbackDetail/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  screen('payGatewayConfig', '/payGatewayConfig', 'group.system', CRUD, { superAdmin: ALL }),
  screen('payGatewayConfig-readonly', '/payGatewayConfig/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  screen('messageTemplates', '/messageTemplate', 'group.system', CRUD, { superAdmin: ALL }),
  screen('messageTemplates-readonly', '/messageTemplate/readonly', 'group.system', READ, { technicalMaintenance: ALL }),
  screen('orderClearHistory', '/orderClearHistory', 'group.system', READ, { superAdmin: ALL }),
  screen('orderClearHistory-readonly', '/orderClearHistory/readonly', 'group.system', READ, { technicalMaintenance: ALL }),

  // Server-only subjects (no screen of their own).
  // Option lists for filters and forms (/user/getUserOptions...). A supplier gets only its team.
  screen('userOptions', '', undefined, ['list'], {
    superAdmin: ALL,
    admin: ALL,
    customerService: ALL,
    technicalMaintenance: ALL,
    technicalSupport: ALL,
    supplier: ALL,
  }, { owner: { supplier: 'id' } }),
  // Dashboard balance totals (/user/getTotalBalance): platform money, so admins only.
  screen('totalBalance', '', undefined, ['list'], { superAdmin: ALL, admin: ALL }),
  // Dashboard order statistics: merchants and suppliers see their own figures.
  screen('dashboardStatistics', '', undefined, ['list'], Object.fromEntries(ROLES.map((r) => [r, ALL]))),
  // New-order sound poll (/order/getLastOrder): everyone but merchants (spec section 1).
  screen('lastOrder', '', undefined, ['list'], Object.fromEntries(ROLES.filter((r) => r !== 'merchant').map((r) => [r, ALL]))),
];

/** Every subject that names a screen or an API area, then the menu groups; the report walks these. */
export const SCREEN_SUBJECTS: Subject[] = SCREENS.map((s) => s.subject);
export const GROUP_SUBJECTS: Subject[] = [...new Set(SCREENS.map((s) => s.group).filter((g): g is string => Boolean(g)))];
export const SUBJECTS: Subject[] = [...SCREEN_SUBJECTS, ...GROUP_SUBJECTS];

const BY_SUBJECT = new Map(SCREENS.map((s) => [s.subject, s]));
export const screenRule = (subject: Subject): ScreenRule | undefined => BY_SUBJECT.get(subject);
/** The menu group of a screen, so declarations and the permissions file never disagree. */
export const groupOf = (subject: Subject): string | undefined => BY_SUBJECT.get(subject)?.group;
/** Every action that exists on a subject (a group has only 'list'). */
export const actionsOf = (subject: Subject): readonly A[] => BY_SUBJECT.get(subject)?.actions ?? (GROUP_SUBJECTS.includes(subject) ? ['list'] : []);

/** A subject and its role variants: `variantsOf('orders')` = orders, orders-customerService, ... */
export const variantsOf = (entity: string): Subject[] => SCREEN_SUBJECTS.filter((s) => s === entity || s.startsWith(`${entity}-`));

function grantedActions(rule: ScreenRule, role: Role): readonly A[] {
  const grant = rule.grants[role];
  if (!grant) return [];
  return grant === ALL ? rule.actions : grant;
}

/** The row condition of a merchant or supplier grant, or undefined for unrestricted rows. */
function ownerCondition(rule: ScreenRule, user: AbilityUser): MongoQuery | undefined {
  if (rule.owner === false) return undefined;
  if (user.role === 'merchant') return { [rule.owner?.merchant ?? 'merchantId']: user.id };
  if (user.role === 'supplier') return { [rule.owner?.supplier ?? 'supplierId']: { $in: [user.id, ...(user.agentIds ?? [])] } };
  return undefined;
}

/** Is a role's grant on this screen limited to its own rows (merchant / supplier ownership)? */
export const ownerScoped = (rule: ScreenRule, role: Role): boolean => rule.owner !== false && (role === 'merchant' || role === 'supplier');

export function defineAbilityFor(user: AbilityUser | null | undefined): AppAbility {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!user) return builder.build();
  // Subjects are plain names, so CASL cannot infer row types for conditions: type them loosely here.
  const can = builder.can as (action: Action | readonly Action[], subject: Subject, conditions?: MongoQuery) => void;

  const listedGroups = new Set<string>();
  const isAgent = user.role === 'supplier' && user.parentId != null;
  for (const rule of SCREENS) {
    if (isAgent && rule.notForAgents) continue;
    const actions = grantedActions(rule, user.role);
    if (!actions.length) continue;
    if (actions.includes('list') && rule.group) listedGroups.add(rule.group);
    const extra = rule.rows?.[user.role];
    if (extra) {
      // Role row conditions apply to screens without an owner (account management).
      const free = actions.filter((a) => extra.except?.includes(a));
      const limited = actions.filter((a) => !free.includes(a));
      if (free.length) can(free, rule.subject);
      if (limited.length) can(limited, rule.subject, typeof extra.condition === 'function' ? extra.condition(user) : extra.condition);
      continue;
    }
    const condition = ownerCondition(rule, user);
    if (!condition) {
      can(actions, rule.subject);
      continue;
    }
    const unscoped = user.role === 'supplier' ? actions.filter((a) => rule.supplierUnscoped?.includes(a)) : [];
    const scoped = actions.filter((a) => !unscoped.includes(a));
    if (unscoped.length) can(unscoped, rule.subject);
    if (scoped.length) can(scoped, rule.subject, condition);
  }
  // A menu group is listed exactly when one of its screens is.
  for (const group of listedGroups) can('list', group);
  return builder.build();
}

/** Can the user take `action` on this very row? Single-row server calls use it after loading the row. */
export function canRow(ability: AppAbility, action: Action, subject: Subject, row: Record<string, unknown>): boolean {
  return ability.can(action, tagSubject(subject, { ...row }));
}

/**
 * The row filter a list query must add for `action` on `subject`:
 *  - `null`: every row (no owner restriction);
 *  - `{ merchantId: [7] }` / `{ supplierId: [3, 8, 9] }`: only rows whose field is one of the ids
 *    (several fields: a row matching any of them);
 *  - `false`: no row at all (the action is not allowed).
 */
export type RowScope = Record<string, number[]> | null | false;

export function rowScope(ability: AppAbility, action: Action, subject: Subject | readonly Subject[]): RowScope {
  const subjects = typeof subject === 'string' ? [subject] : subject;
  const filter: Record<string, number[]> = {};
  let allowed = false;
  for (const s of subjects) {
    for (const rule of ability.rulesFor(action, s)) {
      if (rule.inverted) continue;
      allowed = true;
      const conditions = rule.conditions as Record<string, unknown> | undefined;
      if (!conditions) return null;
      for (const [field, value] of Object.entries(conditions)) {
        const ids = typeof value === 'number' ? [value] : (value as { $in?: unknown }).$in;
        // Only owner conditions (ids) translate to a list filter; anything else needs its own query.
        if (!Array.isArray(ids)) throw new Error(`rowScope: ${action} on ${s} has a condition on ${field} that is not an owner id list`);
        filter[field] = [...new Set([...(filter[field] ?? []), ...(ids as number[])])];
      }
    }
  }
  return allowed ? filter : false;
}
