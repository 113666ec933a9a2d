/** Order analysis: the frozen IPs (entity kit plus unfreeze) and the aggregate lists. */
import type { RouteSpec } from '../http/route.js';
import { frozenIpRoutes } from './frozen-ips.js';
import { ipAnalysisRoute } from './ip-analysis.js';
import { orderGroupRoutes } from './order-groups.js';

export const orderAnalysisRoutes = [...frozenIpRoutes, ipAnalysisRoute, ...orderGroupRoutes] as RouteSpec[];
