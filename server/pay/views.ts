/**
 * The public pages' limit: views of each page per minute per client address
 * (PAY_PAGE_RATE_LIMIT; 0: none), so neither account links nor order codes can be walked. A payer
 * opens and reloads its page a few times; the merchant API document (server/api-docs) is held to
 * the same. Counted in this process, as the login limit is.
 */
import type { ServerConfig } from '../config.js';

export const pageViewLimit = ({ payPageRateLimit: max }: Pick<ServerConfig, 'payPageRateLimit'>) => (max > 0 ? { config: { rateLimit: { max, timeWindow: 60_000 } } } : {});
