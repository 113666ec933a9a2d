/**
 * The audit actions the log names in words (locales/<lang>/auditActions.json, `<area>.<verb>`), by
 * area. An action missing here (a route's path, a new area) is shown as its raw key: add it here and
 * in the three locale files to give it a name. The entity kit refuses to start with an action of
 * its routes missing here (server/crud/checks.ts).
 */
const BY_AREA: Record<string, readonly string[]> = {
  session: ['login', 'logout', 'throttled'],
  user: ['create', 'update', 'delete', 'restore', 'login2', 'resetPayPassword', 'setAllowModify', 'forceLogout', 'enableGoogleVerify', 'bindUser', 'confirmBind', 'unbind', 'bindUserForProfile', 'confirmBindForProfile', 'unbindForProfile'],
  merchant: ['create', 'update', 'delete', 'restore', 'setAcceptOrders', 'revealKey', 'regenerateKey', 'adjustBalance', 'freeze', 'unfreeze', 'clearBalance'],
  supplier: ['create', 'update', 'delete', 'restore', 'setAcceptOrders', 'revealKey', 'regenerateKey', 'adjustBalance', 'freeze', 'unfreeze'],
  agent: ['create', 'update', 'delete', 'restore'],
  profile: ['revealKey', 'nickname', 'password', 'payPassword'],
  systemConfig: ['set', 'setSecurityFreqParameters', 'setGlobalSecuritySetting'],
  nameBlacklist: ['create', 'update', 'delete'],
  bankNumber: ['create', 'update', 'delete'],
  userProduct: ['create', 'update', 'delete'],
  riskBlacklist: ['create', 'update', 'delete'],
  riskDetection: ['hold'],
  ingestClient: ['create', 'update', 'delete', 'regenerateToken', 'setEnabled'],
  resource: ['enable'],
  message: ['has_read', 'remove_readed', 'restore'],
  errorLog: ['save'],
  order: ['create', 'allocate', 'timeout', 'callbackResult', 'bankMatch', 'submitUtr', 'confirm', 'supplement', 'reject', 'reselect', 'retry', 'release', 'freeResource', 'reverse', 'repair', 'callback', 'lock', 'unlock', 'updateMark', 'retryFailed'],
  payoutBatch: ['create', 'export', 'download', 'confirm', 'exception', 'upload'],
  frozenIps: ['create', 'autoFreeze', 'unfreeze'],
  monitor: ['status', 'disconnected'],
  monitorLog: ['clear'],
  bankStatement: ['sms', 'webMessage'],
  usdtTransaction: ['ingest'],
  orderCallback: ['delete'],
  payScripts: ['create', 'update'],
  monitorScripts: ['create', 'update'],
  payScriptCall: ['report'],
  ipRule: ['create', 'update', 'delete'],
  agentIpWhitelist: ['create', 'update', 'delete'],
  botGroup: ['create', 'update', 'delete'],
  chatWhitelist: ['create', 'update', 'delete'],
  transferBot: ['create', 'update', 'delete'],
  payGateway: ['create', 'update', 'delete'],
  messageTemplate: ['create', 'update', 'delete'],
  'order.payout': ['create', 'hold', 'updateMark', 'assign', 'bankResult', 'claim', 'cancelClaim', 'batch', 'export', 'confirm', 'exception', 'unbatch', 'reselect', 'reject', 'retry', 'release', 'cancel', 'reverse', 'repair'],
};

export const AUDIT_ACTIONS: readonly string[] = Object.entries(BY_AREA).flatMap(([area, verbs]) => verbs.map((verb) => `${area}.${verb}`));
