/** Where the admin finds its API; read once from Vite's env, defaulting to the page's own origin. */
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const API_BASE = `${(env.VITE_API_BASE ?? '').replace(/\/$/, '')}/v1.0`;
/** Days the token cookie lives (configurable, default 1). */
export const TOKEN_DAYS = Number(env.VITE_TOKEN_DAYS ?? 1) || 1;
export const PRODUCT_TITLE = env.VITE_PRODUCT_TITLE ?? 'Payment Admin';
