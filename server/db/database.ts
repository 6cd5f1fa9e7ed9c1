import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DB } from './schema';
import { cachedStatements, startCheckpointer } from './sqlite';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: the schema in use when not `public`. */
  schema?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: use (and create) this schema instead of `public`; tests use one per file. */
  pgSchema?: string;
}

// int8 (counts, sums, bigint money columns) comes back as a JS number: every value we store fits
// well inside 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Opens the database `url` names: `sqlite:PATH`, `sqlite::memory:` or a `postgres://` URL.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const schema = options.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', ...(schema ? { schema } : {}), close: () => db.destroy() };
  }
  if (!url.startsWith('sqlite:')) throw new Error('DATABASE_URL must be sqlite:PATH or a postgres:// URL');
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const stopCheckpointer = file === ':memory:' ? async () => {} : startCheckpointer(sqlite, file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await stopCheckpointer();
      await db.destroy();
    },
  };
}

/** Answers once the database answers a trivial query: what readiness means. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
