/**
 * The mark that asks the database layer for a statement's rows as arrays of values, in the order
 * of its columns, rather than an object per row: better-sqlite3's raw mode, pg's `rowMode: 'array'`.
 * A module of its own, with no import, so that a thread reading the market with better-sqlite3
 * alone loads nothing else (Kysely's modules take about a fifth of a second to load).
 */
export const ROWS_AS_ARRAYS = '/* rows as arrays */ ';
