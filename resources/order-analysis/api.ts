/** The API paths of order analysis, written once for the admin and the server. */
export const orderAnalysisApi = {
  ipList: '/orderAnalysis/getIpAnalysisList',
  lostList: '/orderAnalysis/getLostOrderList',
  sourceList: '/orderAnalysis/getOrderSourceList',
  frozenList: '/orderAnalysis/frozenIp/getList',
  freeze: '/orderAnalysis/frozenIp/add',
  unfreeze: '/orderAnalysis/frozenIp/unfreeze',
} as const;

/** What is counted per client IP and minute: an order-creation request, a pay-page visit. */
export const REQUEST_KINDS = ['create', 'payPage'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** How an IP came to be frozen. */
export const FREEZE_SOURCES = ['auto', 'manual'] as const;

/** The shared locale area of the order-analysis screens (locales/<lang>/orderAnalysis.json). */
export const LABELS = 'orderAnalysis';

/** A customer-service variant of an analysis screen: same declaration, read-only by the abilities. */
export const csVariant = (name: string, list: string) => ({ name: `${name}-customerService`, routes: { list: `${list}/customerService` } });
