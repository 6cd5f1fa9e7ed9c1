import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { DB } from './schema';
import { sqliteFileOf } from './database-url';
import { whenNeeded } from '../lib/when-needed';
import { cachedStatements, openSqlite, startCheckpointer } from './sqlite';
import { ROWS_AS_ARRAYS } from './rows-as-arrays';
import { preparedStatementName, SENT_WITH_NEXT } from './statements';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: the schema in use when not `public`. */
  schema?: string;
  /** SQLite: the database's file, which another connection (a thread's) can open; none in memory. */
  file?: string;
  /** PostgreSQL: the connection pool's use now; SQLite has no pool. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** A connection pool's connections: open, open and free, and queries waiting for one. */
export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** PostgreSQL only: use (and create) this schema instead of `public`; tests use one per file. */
  pgSchema?: string;
  /** PostgreSQL only: most connections the pool opens (`DATABASE_POOL_MAX`); 10 by default. */
  poolMax?: number;
  /** Hears each statement's text once it has run: the tests count the steps a call takes with it. */
  onQuery?: (sql: string) => void;
}

/** Connections a PostgreSQL pool opens at most unless `DATABASE_POOL_MAX` says otherwise. */
const DEFAULT_POOL_MAX = 10;

/**
 * PostgreSQL's driver, loaded with the first PostgreSQL database. int8 (counts, sums, bigint money
 * columns) comes back as a JS number: every value we store fits well inside 2^53.
 */
const postgresDriver = whenNeeded<typeof pg>('pg', (driver) => driver.types.setTypeParser(20, (v) => Number.parseInt(v, 10)));

/** The answer of a statement held to be sent later (see {@link preparingPool}), given at once. */
const answeredAtOnce = (command: string) => Promise.resolve({ command: command.toUpperCase(), rowCount: null, rows: [] });

interface Held {
  text: string;
  values?: unknown[] | undefined;
}

/**
 * A pool whose connections run the statements of `statements.ts` as named prepared statements:
 * each connection parses and plans each of them once, instead of on every request. Other
 * statements are sent as they are.
 *
 * A transaction's BEGIN is not sent alone: it travels in one write with the transaction's first
 * statement, just before it (the connections pipeline, so the statement need not wait for
 * BEGIN's answer), and the statement answers only once both have. A plain BEGIN fails only with
 * its connection, which fails the statement behind it too. Every round trip costs this process
 * and the database's a wake-up and a system call each way, and a request's transaction makes
 * few statements, so this one is a large share. A transaction that ends before any statement
 * never reaches the server.
 *
 * In the same way, a write marked {@link SENT_WITH_NEXT} inside such a transaction is answered at
 * once and held, then sent in one write with the next statement or the COMMIT, which answers
 * only once both have: if the write fails, that statement or the COMMIT fails with its error (the
 * database then rolls the transaction back). A ROLLBACK drops what is held.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        // BEGIN and the writes held to be sent with the next statement; whether a transaction begun here is open.
        let held: Held[] = [];
        let open = false;
        const send = (text: unknown, values?: unknown[]) => {
          if (typeof text === 'string' && text.startsWith(ROWS_AS_ARRAYS)) return client.query({ text, values, rowMode: 'array' });
          const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
          return name ? client.query({ name, text: text as string, values }) : client.query(text as string, values);
        };
        wrapped = {
          query: ((text: unknown, values?: unknown[]) => {
            if (text === 'begin') {
              held.push({ text });
              open = true;
              return answeredAtOnce(text);
            }
            if (open && typeof text === 'string' && text.startsWith(SENT_WITH_NEXT)) {
              held.push({ text, values });
              return answeredAtOnce('held');
            }
            if (text === 'commit' || text === 'rollback') open = false;
            if (held.length === 0) return send(text, values);
            const before = held;
            held = [];
            const reachedServer = before[0]!.text !== 'begin';
            // A transaction whose BEGIN was never sent has nothing on the server to end.
            if (text === 'rollback' && !reachedServer) return answeredAtOnce(text);
            if (text === 'rollback') return send(text, values);
            if (text === 'commit' && before.length === 1 && !reachedServer) return answeredAtOnce(text);
            const { stream } = client.connection;
            stream.cork();
            try {
              const sent = before.map((h) => send(h.text, h.values));
              const result = send(text, values);
              return Promise.all([...sent, result]).then(() => result);
            } finally {
              stream.uncork();
            }
          }) as unknown as PostgresPoolClient['query'],
          release: () => {
            held = [];
            open = false;
            client.release();
          },
        };
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** Kysely's log of every statement run, successful or not, when the caller listens. */
function logOf({ onQuery }: DatabaseOptions): { log?: (event: LogEvent) => void } {
  return onQuery ? { log: (event) => onQuery(event.query.sql) } : {};
}

/**
 * Opens the database `url` names: `sqlite:PATH`, `sqlite::memory:` or a `postgres://` URL.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const schema = options.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const max = options.poolMax ?? DEFAULT_POOL_MAX;
    const pool = new (postgresDriver().Pool)({
      connectionString: url,
      max,
      // Queries are sent without waiting for the one before to be answered: only what
      // preparingPool holds (a BEGIN, a write nobody reads) uses it, every other query is awaited
      // before the next is made.
      pipeline: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), ...logOf(options) });
    return {
      db,
      dialect: 'postgres',
      ...(schema ? { schema } : {}),
      poolUse: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  if (!url.startsWith('sqlite:')) throw new Error('DATABASE_URL must be sqlite:PATH or a postgres:// URL');
  const file = sqliteFileOf(url);
  if (file !== undefined) mkdirSync(dirname(file), { recursive: true });
  const sqlite = openSqlite(file ?? ':memory:');
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  const stopCheckpointer = file === undefined ? async () => {} : startCheckpointer(sqlite, file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }), ...logOf(options) });
  return {
    db,
    dialect: 'sqlite',
    ...(file === undefined ? {} : { file }),
    close: async () => {
      await stopCheckpointer();
      await db.destroy();
    },
  };
}

/** The database did not answer {@link ping} in time. */
class DatabaseTimeoutError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

/**
 * Answers once the database answers a trivial query, what readiness means; rejects when it fails
 * or takes longer than `timeoutMs` (an unreachable server, a pool with no connection free).
 */
export async function ping(db: Kysely<DB>, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
