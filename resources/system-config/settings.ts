/**
 * The platform's global settings. Each is `GET /system-config/get<Name>` and
 * `POST /system-config/set<Name>` taking {enable} (a switch) or {value}. Shared by server and admin:
 * the bounds, options and units below are what the server's set schema (./schema.ts) accepts and
 * what the config screen offers, so the two never disagree.
 */
type SettingKind = 'enable' | 'number' | 'text';

/** Groups of the config screen, in screen order. */
export const SETTING_GROUPS = ['order', 'payout', 'security', 'googleVerify', 'bot', 'display', 'data'] as const;
type SettingGroup = (typeof SETTING_GROUPS)[number];

/** The unit a number is counted in (shown after the input). */
type SettingUnit = 'minutes' | 'seconds' | 'days' | 'times';

export interface SettingDeclaration {
  name: string;
  kind: SettingKind;
  default: boolean | number | string;
  /** Group on the config screen. */
  group: SettingGroup;
  /** A number's bounds (whole numbers; default 0 to the database's integer limit) and unit. */
  min?: number;
  max?: number;
  unit?: SettingUnit;
  /** A text setting chosen from a list (a select on screen); anything else is refused. */
  options?: readonly string[];
  /** A text setting's longest value (default 500). */
  maxLength?: number;
  /** A text setting that must be blank or an http(s) URL. */
  url?: true;
  /** A credential (bot tokens): shown masked to readers who cannot edit, never written to the audit in clear. */
  secret?: true;
  /** Governs a feature outside this product (the chat bot, Alipay's own flows): kept for it, read by nothing here. */
  external?: true;
  /**
   * Belongs to this product, but no code reads it yet (docs/settings.md says what it would govern):
   * the config screen says so instead of pretending it works.
   */
  notInEffect?: true;
}

type Extra = Omit<SettingDeclaration, 'name' | 'kind' | 'default' | 'group'>;

const S = (name: string, kind: SettingKind, def: boolean | number | string, group: SettingGroup, extra: Extra = {}): SettingDeclaration => ({
  name,
  kind,
  default: def,
  group,
  ...extra,
});

/** The patterns the statistics time split understands (server/statistics/time-format.ts). */
const TIME_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:00', 'YYYY-MM'] as const;
/** Countries whose bank cards the platform's receiving accounts may hold (ISO 3166 codes). */
const CARD_COUNTRIES = ['IN', 'BD', 'PK', 'NP', 'LK', 'ID', 'VN', 'TH', 'PH', 'BR'] as const;
/** The currency (ISO 4217) payers of each card country pay in: the pay page names it beside the amount. */
export const CARD_CURRENCY: Record<string, string> = { IN: 'INR', BD: 'BDT', PK: 'PKR', NP: 'NPR', LK: 'LKR', ID: 'IDR', VN: 'VND', TH: 'THB', PH: 'PHP', BR: 'BRL' };
const DAY_MINUTES = 1440;

export const SETTINGS: SettingDeclaration[] = [
  S('redWalletCount', 'number', 1, 'order', { min: 1, max: 100, unit: 'times', external: true }),
  S('enableService', 'enable', true, 'order'),
  S('OrderTimeoutMinutes', 'number', 15, 'order', { min: 1, max: DAY_MINUTES, unit: 'minutes' }),
  S('EnableIpChangedCheck', 'enable', false, 'security'),
  S('EnablePayPassword', 'enable', false, 'security'),
  S('KYC', 'enable', false, 'security', { external: true }),
  S('NeedNameCheck', 'enable', false, 'order'),
  S('MessageDelay', 'number', 0, 'order', { min: 0, max: 3600, unit: 'seconds' }),
  S('MonitorLiveTime', 'number', 60, 'data', { min: 10, max: 86_400, unit: 'seconds' }),
  S('OrderStatisticsTimeFormat', 'text', 'YYYY-MM-DD', 'display', { options: TIME_FORMATS }),
  S('ShowLogo', 'enable', true, 'display'),
  S('DataClearCycle', 'number', 30, 'data', { min: 1, max: 3650, unit: 'days' }),
  S('BotToken', 'text', '', 'bot', { secret: true, maxLength: 200, external: true }),
  S('TransferBotToken', 'text', '', 'bot', { secret: true, maxLength: 200, external: true }),
  // On by default: without the heartbeat detection a silent monitor would show as running forever.
  S('EnableSystemCheck', 'enable', true, 'data'),
  S('FixSecurityChainSupplementLimit', 'number', 0, 'security', { min: 0, max: 1000, unit: 'times' }),
  S('AutoCreateRelateSupplier', 'enable', false, 'data'),
  S('AutoCreateRelateMerchant', 'enable', false, 'data'),
  S('AllowOneMonitorAccountMoreUser', 'enable', false, 'data'),
  // On by default: product 3015 is USDT *automatic* collection (spec section 9).
  S('UsdtAuto', 'enable', true, 'order'),
  S('BotConstantReminder', 'enable', false, 'bot', { external: true }),
  S('BotAutoSendFundRecord', 'enable', false, 'bot', { external: true }),
  S('LimitMode', 'text', 'strict', 'order', { options: ['strict', 'relaxed'] }),
  S('CompleteTimeFilter', 'enable', false, 'display'),
  S('SupplierUnifyQueryGroup', 'enable', false, 'bot', { external: true }),
  S('CanTimeoutSupplement', 'enable', true, 'order'),
  S('CanClearMerchantBalance', 'enable', false, 'security'),
  S('IsSupplierRemoveBalanceOnOrderFinished', 'enable', false, 'order'),
  S('ShowUserStatisticInfo', 'enable', true, 'display'),
  // Off by default: the classic /pay/order/ links stay what orders give until an operator switches.
  S('IsNewPayUrl', 'enable', false, 'order'),
  S('HighPerfOrderQuery', 'enable', true, 'order'),
  S('AlipayToAlipayByHandSubmitName', 'enable', false, 'order', { external: true }),
  S('CardCountry', 'text', 'IN', 'display', { options: CARD_COUNTRIES }),
  S('TimeoutCallbackTime', 'number', 0, 'order', { min: 0, max: 7 * DAY_MINUTES, unit: 'minutes' }),
  S('ApiUrl', 'text', '', 'data', { url: true }),
  S('ContactInfo', 'text', '', 'display', { maxLength: 200 }),
  S('SysFlag', 'text', 'PAY', 'display', { maxLength: 32 }),
  S('AllowPictureQueryOrder', 'enable', false, 'order', { external: true }),
  S('CompleteCheckOrderTime', 'number', 0, 'order', { min: 0, max: DAY_MINUTES, unit: 'minutes' }),
  S('SendSmsMessageUrl', 'text', '', 'data', { url: true, external: true }),
  S('PayoutBatchCalculateAmount', 'enable', true, 'payout'),
  S('LimitUseSuccessAmount', 'enable', false, 'order'),
  S('AutoAssignPayoutOrder', 'enable', false, 'payout'),
  S('GatewayOrderRejectToPayoutPool', 'enable', false, 'payout'),
  S('ShowBatchButton', 'enable', true, 'payout'),
  S('BotRemindCallbackUrl', 'text', '', 'bot', { url: true, external: true }),
  S('GoogleVerifyIpWhitelist', 'enable', false, 'googleVerify'),
  S('GoogleVerifyIpRule', 'enable', false, 'googleVerify'),
  S('GoogleVerifyBalanceOperation', 'enable', false, 'googleVerify'),
  S('GoogleVerifyManualSupplement', 'enable', false, 'googleVerify'),
  S('GoogleVerifyBatchOperations', 'enable', false, 'googleVerify'),
  // Ours (the spec leaves review open): changes a supplier's team makes wait for an admin's review.
  S('ReviewSupplierAccounts', 'enable', false, 'security'),
  S('ReviewAgentChanges', 'enable', false, 'security'),
];

export const settingByName = (name: string): SettingDeclaration | undefined =>
  SETTINGS.find((s) => s.name.toLowerCase() === name.toLowerCase());

/** `getOrderTimeoutMinutes` / `setRedWalletCount`: the first letter upper-cased. */
export const settingPath = (verb: 'get' | 'set', name: string): string =>
  `/system-config/${verb}${name[0].toUpperCase()}${name.slice(1)}`;
