/**
 * The PostgreSQL pool's connection class: every parameterised statement is sent as a named prepared
 * statement (its name a hash of its text), so each connection parses it once and PostgreSQL may
 * keep its plan. A list page on the orders table (thirty indexes) spent as long being planned as
 * being run; an order's fifteen statements were each parsed again.
 *
 * Left unnamed: statements without parameters (BEGIN, SET, a migration's many statements, which a
 * prepared statement cannot hold) and long or wide ones (bulk inserts, long id lists), whose texts
 * vary with their size and would each stay prepared on every connection.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Longest text and most parameters of a statement that is prepared. */
export const PREPARE_LIMITS = { chars: 8_000, params: 64 } as const;

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/** The prepared statement's name for a text: the same on every connection and every instance. */
export const statementName = (text: string) => `q_${createHash('sha1').update(text).digest('base64url')}`;

function prepared(config: unknown, values: unknown): unknown {
  if (typeof config === 'string') {
    const named = prepared({ text: config }, values) as QueryConfig;
    return named.name ? named : config;
  }
  if (!config || typeof config !== 'object') return config;
  const { text, name, values: own } = config as QueryConfig;
  const params = Array.isArray(values) ? values : Array.isArray(own) ? own : [];
  if (typeof text !== 'string' || name || !params.length) return config;
  if (text.length > PREPARE_LIMITS.chars || params.length > PREPARE_LIMITS.params) return config;
  return { ...config, name: statementName(text) };
}

export class PreparingClient extends pg.Client {}

// pg's overloads (promise or callback, text or config) all pass through unchanged but the name;
// assigned rather than overridden so the class keeps pg's own typing of them.
const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, ...rest: unknown[]) {
  return baseQuery.call(this, prepared(config, values), values, ...rest);
} as pg.Client['query'];
