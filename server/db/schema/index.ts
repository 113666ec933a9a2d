/** All tables, one file per domain. */
export * from './core.js';
export * from './messages.js';
