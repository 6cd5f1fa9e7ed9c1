// Loaded into the server with `node --import ./bench/sqlite-counter.mjs`: counts the statements
// better-sqlite3 runs on the main thread (their texts, the rows they read and write, and the
// transactions they make) and answers the counts to its parent over the IPC channel
// (`{ counts: true }` asks, `{ reset: true }` starts again). bench/statements.mjs reads them.
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const require = createRequire(import.meta.url);

function fresh() {
  return { statements: 0, transactions: 0, rowsRead: 0, rowsWritten: 0, byText: {} };
}

let counts = fresh();

function note(text, inTransaction, read, written) {
  counts.statements++;
  const plain = text.replace(/\s+/g, ' ').trim();
  if (/^begin\b/i.test(plain)) counts.transactions++;
  // A statement run outside a transaction is one of its own (SQLite's autocommit).
  else if (!inTransaction && !/^(commit|rollback|end)\b/i.test(plain)) counts.transactions++;
  counts.rowsRead += read;
  counts.rowsWritten += written;
  counts.byText[plain] ??= { count: 0, rowsRead: 0, rowsWritten: 0 };
  const entry = counts.byText[plain];
  entry.count++;
  entry.rowsRead += read;
  entry.rowsWritten += written;
}

if (isMainThread && process.send) {
  const Database = require('better-sqlite3');
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  const { run, get, all } = proto;
  proto.run = function (...args) {
    const inTransaction = this.database.inTransaction;
    const result = run.apply(this, args);
    note(this.source, inTransaction, 0, result.changes);
    return result;
  };
  proto.get = function (...args) {
    const inTransaction = this.database.inTransaction;
    const row = get.apply(this, args);
    note(this.source, inTransaction, row === undefined ? 0 : 1, 0);
    return row;
  };
  proto.all = function (...args) {
    const inTransaction = this.database.inTransaction;
    const rows = all.apply(this, args);
    // A data-modifying statement with RETURNING is read with all(): its rows are written ones.
    const writes = /^\s*(insert|update|delete|with\b[\s\S]*\b(insert|update|delete)\b)/i.test(this.source);
    note(this.source, inTransaction, writes ? 0 : rows.length, writes ? rows.length : 0);
    return rows;
  };
  process.on('message', (message) => {
    if (message?.reset) counts = fresh();
    if (message?.counts) process.send({ counts });
  });
  process.channel?.unref();
}
