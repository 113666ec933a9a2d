/** Order analysis (menu group group.orderAnalysis): lost orders, order sources, IP access frequency, frozen IPs. */
export { lostOrders } from './lost-orders';
export { orderSources } from './order-sources';
export { ipAnalysis } from './ip-analysis';
export { frozenIps } from './frozen-ips';
