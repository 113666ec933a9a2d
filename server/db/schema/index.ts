/** All tables, one file per domain. */
export * from './core.js';
