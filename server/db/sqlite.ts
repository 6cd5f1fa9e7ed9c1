import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 behind Kysely's SqliteDialect, with prepared statements cached by SQL text.
 * Kysely prepares every query afresh, and preparing costs as much as running a small query;
 * the server's queries are few and repeated. Statements run synchronously and are never shared
 * mid-iteration, so reuse is safe.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql); // re-inserted below: Map order is recency, the first key the oldest
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt as unknown as SqliteStatement;
    },
  };
}

// Plain CommonJS so that it runs the same from the bundle and from the sources.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage(String((err && err.message) || err)); }
}, workerData.intervalMs);
parentPort.on('message', (m) => { if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); } });
`;

/** Pages the writer lets the WAL grow by before it checkpoints itself. */
const WRITER_CHECKPOINT_PAGES = 4000;

/**
 * Copies WAL pages into the database file from a worker thread, so that the event loop rarely
 * does that disk work (and the fsync that ends it). The writer keeps its own automatic
 * checkpoint, at a higher threshold, as the backstop that lets the WAL restart: by the time it
 * runs the worker has copied nearly everything, so it is short. Durability is unchanged.
 */
export function startCheckpointer(sqlite: SQLite.Database, file: string, intervalMs = 200): () => Promise<void> {
  sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  sqlite.pragma('journal_size_limit = 67108864');
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, intervalMs } });
  worker.unref();
  worker.on('message', (message) => console.warn(`WAL checkpoint failed: ${String(message)}`));
  worker.on('error', (err) => console.warn(`WAL checkpointer stopped: ${err.message}`));
  return async () => {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Held open until the worker has closed its connection, or the process could end first.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}
