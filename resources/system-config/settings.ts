/**
 * The platform's global settings. Each is `GET /system-config/get<Name>` and
 * `POST /system-config/set<Name>` taking {enable} (a switch) or {value}. Shared by server and admin.
 */
type SettingKind = 'enable' | 'number' | 'text';

export interface SettingDeclaration {
  name: string;
  kind: SettingKind;
  default: boolean | number | string;
  /** Group on the config screen. */
  group: 'service' | 'order' | 'security' | 'bot' | 'payout' | 'display' | 'googleVerify';
  /** A text setting that must be blank or an http(s) URL. */
  url?: true;
  /** A credential (bot tokens): shown masked to readers who cannot edit, never written to the audit in clear. */
  secret?: true;
}

const S = (name: string, kind: SettingKind, def: boolean | number | string, group: SettingDeclaration['group'], extra: Pick<SettingDeclaration, 'url' | 'secret'> = {}): SettingDeclaration => ({
  name,
  kind,
  default: def,
  group,
  ...extra,
});

export const SETTINGS: SettingDeclaration[] = [
  S('redWalletCount', 'number', 1, 'order'),
  S('enableService', 'enable', true, 'service'),
  S('OrderTimeoutMinutes', 'number', 15, 'order'),
  S('EnableIpChangedCheck', 'enable', false, 'security'),
  S('EnablePayPassword', 'enable', false, 'security'),
  S('KYC', 'enable', false, 'security'),
  S('NeedNameCheck', 'enable', false, 'order'),
  S('MessageDelay', 'number', 0, 'order'),
  S('MonitorLiveTime', 'number', 60, 'service'),
  S('OrderStatisticsTimeFormat', 'text', 'YYYY-MM-DD', 'display'),
  S('ShowLogo', 'enable', true, 'display'),
  S('DataClearCycle', 'number', 30, 'service'),
  S('BotToken', 'text', '', 'bot', { secret: true }),
  S('TransferBotToken', 'text', '', 'bot', { secret: true }),
  S('EnableSystemCheck', 'enable', false, 'service'),
  S('FixSecurityChainSupplementLimit', 'number', 0, 'security'),
  S('AutoCreateRelateSupplier', 'enable', false, 'service'),
  S('AutoCreateRelateMerchant', 'enable', false, 'service'),
  S('AllowOneMonitorAccountMoreUser', 'enable', false, 'service'),
  S('UsdtAuto', 'enable', false, 'payout'),
  S('BotConstantReminder', 'enable', false, 'bot'),
  S('BotAutoSendFundRecord', 'enable', false, 'bot'),
  S('LimitMode', 'text', 'strict', 'order'),
  S('CompleteTimeFilter', 'enable', false, 'order'),
  S('SupplierUnifyQueryGroup', 'enable', false, 'bot'),
  S('CanTimeoutSupplement', 'enable', true, 'order'),
  S('CanClearMerchantBalance', 'enable', false, 'security'),
  S('IsSupplierRemoveBalanceOnOrderFinished', 'enable', false, 'order'),
  S('ShowUserStatisticInfo', 'enable', true, 'display'),
  S('IsNewPayUrl', 'enable', true, 'order'),
  S('HighPerfOrderQuery', 'enable', true, 'order'),
  S('AlipayToAlipayByHandSubmitName', 'enable', false, 'order'),
  S('CardCountry', 'text', 'IN', 'display'),
  S('TimeoutCallbackTime', 'number', 0, 'order'),
  S('ApiUrl', 'text', '', 'service', { url: true }),
  S('ContactInfo', 'text', '', 'display'),
  S('SysFlag', 'text', 'PAY', 'display'),
  S('AllowPictureQueryOrder', 'enable', false, 'order'),
  S('CompleteCheckOrderTime', 'number', 0, 'order'),
  S('SendSmsMessageUrl', 'text', '', 'service', { url: true }),
  S('PayoutBatchCalculateAmount', 'enable', true, 'payout'),
  S('LimitUseSuccessAmount', 'enable', false, 'order'),
  S('AutoAssignPayoutOrder', 'enable', false, 'payout'),
  S('GatewayOrderRejectToPayoutPool', 'enable', false, 'payout'),
  S('ShowBatchButton', 'enable', true, 'payout'),
  S('BotRemindCallbackUrl', 'text', '', 'bot', { url: true }),
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
