/** Every setting the server reads from the environment, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Absolute session lifetime, the same number of days as the admin's token cookie. */
  tokenDays: number;
  /** A session unused this long is refused (server-side idle expiry). */
  idleMinutes: number;
  /** Lifetime of a second-level token (login2). */
  token2Minutes: number;
  /** Where the built admin lives; served as static files when present. */
  staticDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    tokenDays: Number(env.TOKEN_DAYS ?? env.VITE_TOKEN_DAYS ?? 1),
    idleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    token2Minutes: Number(env.TOKEN2_MINUTES ?? 30),
    staticDir: env.STATIC_DIR ?? './dist',
  };
}
