import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { ROWS_AS_ARRAYS } from './rows-as-arrays';

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 12 wraps each database and statement in node::ObjectWrap. From Node 24 on, that
 * class's destructor removes an environment cleanup hook and asserts that a Node environment is
 * current, which is not so when the garbage collector deletes the wrapper: collecting any
 * database or statement aborts the process ("Assertion failed: (env) != nullptr" in
 * node::RemoveEnvironmentCleanupHook). better-sqlite3 13 no longer uses ObjectWrap, but no longer
 * runs on Node 20 either. So on those lines nothing of better-sqlite3's is ever left to the
 * collector: every database and statement opened through {@link openSqlite} is kept for the life
 * of the process. A closed database keeps only its small wrapper; the statements the server
 * prepares are few and repeated (see {@link cachedStatements}).
 */
const RETAIN_NATIVE_OBJECTS = Number(process.versions.node.split('.')[0]) >= 24;
const retained: object[] = [];

function retain<T extends object>(value: T): T {
  if (RETAIN_NATIVE_OBJECTS) retained.push(value);
  return value;
}

/**
 * Opens a better-sqlite3 database whose statements the garbage collector never collects (see
 * {@link RETAIN_NATIVE_OBJECTS}). Set pragmas with `exec`, never `pragma()`, which prepares a
 * statement past this guard.
 *
 * @example
 * const sqlite = openSqlite('data/procura.sqlite');
 * sqlite.exec('PRAGMA foreign_keys = ON');
 */
export function openSqlite(file: string, options?: SQLite.Options): SQLite.Database {
  const sqlite = retain(new SQLite(file, options));
  if (RETAIN_NATIVE_OBJECTS) {
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => retain(prepare(source))) as typeof sqlite.prepare;
  }
  return sqlite;
}

/**
 * better-sqlite3 behind Kysely's SqliteDialect, with prepared statements cached by SQL text.
 * Kysely prepares every query afresh, and preparing costs as much as running a small query;
 * the server's queries are few and repeated. Statements run synchronously and are never shared
 * mid-iteration, so reuse is safe.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  // Every statement is kept anyway where collecting one is fatal: then the cache evicts nothing.
  const size = RETAIN_NATIVE_OBJECTS ? Number.POSITIVE_INFINITY : STATEMENT_CACHE_SIZE;
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // re-inserted below: Map order is recency, the first key the oldest
      } else {
        stmt = sqlite.prepare(sql);
        if (sql.startsWith(ROWS_AS_ARRAYS)) stmt.raw(true);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt as unknown as SqliteStatement;
    },
  };
}

// Plain CommonJS so that it runs the same from the bundle and from the sources. Its one statement
// is prepared once and lives as long as the thread (see RETAIN_NATIVE_OBJECTS). A thread made from
// text finds modules from the process's working directory, not from this file: it is given
// better-sqlite3's own path, so the server may be started from any directory.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqliteModule);
const db = new Database(workerData.file, { fileMustExist: true });
db.exec('PRAGMA busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.all(); } catch (err) { parentPort.postMessage(String((err && err.message) || err)); }
}, workerData.intervalMs);
parentPort.on('message', (m) => { if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); } });
`;

/**
 * Pages the writer lets the WAL grow by before it checkpoints itself: well above what a busy
 * writer adds between two of the worker's checkpoints (at 4,000, a thousand RFQs a second reached
 * it first and one commit in thirty stalled on the copy and its fsync).
 */
const WRITER_CHECKPOINT_PAGES = 20000;

/**
 * Copies WAL pages into the database file from a worker thread, so that the event loop rarely
 * does that disk work (and the fsync that ends it). The writer keeps its own automatic
 * checkpoint, at a higher threshold, as the backstop that lets the WAL restart: by the time it
 * runs the worker has copied nearly everything, so it is short. Durability is unchanged.
 */
export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  { intervalMs = 200, warn = console.warn }: { intervalMs?: number; warn?: (message: string) => void } = {},
): () => Promise<void> {
  sqlite.exec(`PRAGMA wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  sqlite.exec('PRAGMA journal_size_limit = 67108864');
  const sqliteModule = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, intervalMs, sqliteModule } });
  // Awaited from the start, so that stopping a worker that has already stopped does not wait for ever.
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.unref();
  worker.on('message', (message) => warn(`WAL checkpoint failed: ${String(message)}`));
  worker.on('error', (err) => warn(`WAL checkpointer stopped: ${err.message}`));
  return async () => {
    // Held open until the worker has closed its connection, or the process could end first.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}
