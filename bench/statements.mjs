// What one anonymous quote request costs the database, counted rather than timed (counts do not
// depend on the machine's load): the built server is started on PostgreSQL (a database of its own,
// created and dropped) and on SQLite, sent N requests through POST /api/rfq one after another
// (or BENCH_STATEMENTS_CONCURRENCY at a time), and for each database this prints, per request,
// the statements, round trips, transactions, parses and rows, then each statement's text with
// its count. PostgreSQL is counted on the wire, by a proxy between the server and the database
// that reads the protocol's messages; SQLite inside the server, by bench/sqlite-counter.mjs.
//
//   npm run build && node bench/statements.mjs [N]        (N = 200 by default)
//   BENCH_STATEMENTS_MAIL=smtp node bench/statements.mjs  e-mail sent to a sink here, the sender's
//                                                         statements counted too (held otherwise,
//                                                         as the bench runs)
//   BENCH_STATEMENTS_IDEMPOTENCY=1 node bench/statements.mjs  each request with an Idempotency-Key of its own
//   BENCH_STATEMENTS_CPU_PROF=DIR node bench/statements.mjs  each server writes a CPU profile into DIR
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { POSTGRES_URL, rfqBody, seed, smtpSink } from './harness.mjs';
import { freePort } from './lighthouse.mjs';

const N = Number(process.argv[2] ?? 200);
const WARMUP = 20;
const CONCURRENCY = Number(process.env.BENCH_STATEMENTS_CONCURRENCY ?? 1);
const MAIL = process.env.BENCH_STATEMENTS_MAIL === 'smtp' ? 'smtp' : 'held';
const KEYED = process.env.BENCH_STATEMENTS_IDEMPOTENCY === '1';
const MARKET = ['--suppliers', '500', '--offers', '10000'];
const SQLITE_FILE = './data/bench-statements.sqlite';

function freshCounts() {
  return { statements: 0, roundTrips: 0, transactions: 0, parses: 0, rowsRead: 0, rowsWritten: 0, byText: {} };
}

/**
 * A TCP proxy in front of PostgreSQL that reads both directions' protocol messages and counts:
 * statements (Execute and simple Query messages), parses (Parse messages: a named statement is
 * parsed once per connection), round trips (a message sent while its connection awaits no
 * answer: what is sent together, pipelined, is one), transactions (ReadyForQuery going from idle
 * to in-transaction, or a statement run from idle to idle, PostgreSQL's own autocommit), rows
 * read (DataRow) and rows written (the counts of INSERT, UPDATE and DELETE).
 */
async function postgresCounter(target) {
  let counts = freshCounts();
  const statement = (text) => {
    const plain = text.replace(/\s+/g, ' ').trim();
    counts.byText[plain] ??= { count: 0, rowsRead: 0, rowsWritten: 0 };
    return counts.byText[plain];
  };

  let connections = 0;
  let busy = 0; // connections awaiting an answer now
  let mostBusy = 0; // the most at once since the counts were last taken
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(target.port, target.host);
    const names = new Map(); // prepared statement name -> text
    const portals = new Map(); // portal -> text
    const awaiting = []; // texts of statements sent, in order, whose completion is awaited
    let ready = false;
    let status = 'I';
    let outstanding = 0; // Syncs and Queries sent whose ReadyForQuery has not come
    let open = false; // a round trip is under way
    let completed = 0; // statements completed since the last ReadyForQuery
    let rowsSince = 0;

    const fromClient = messages(true, (type, body) => {
      if (!ready || type === 'X') return;
      if (!open && outstanding === 0) {
        counts.roundTrips++;
        open = true;
        busy++;
        mostBusy = Math.max(mostBusy, busy);
      }
      if (type === 'P') {
        const name = cstring(body, 0);
        names.set(name.value, cstring(body, name.next).value);
        counts.parses++;
      } else if (type === 'B') {
        const portal = cstring(body, 0);
        portals.set(portal.value, names.get(cstring(body, portal.next).value) ?? '?');
      } else if (type === 'E') {
        const text = portals.get(cstring(body, 0).value) ?? '?';
        counts.statements++;
        statement(text).count++;
        awaiting.push(text);
      } else if (type === 'Q') {
        const text = cstring(body, 0).value;
        counts.statements++;
        counts.parses++;
        statement(text).count++;
        awaiting.push(text);
        outstanding++;
      } else if (type === 'S') {
        outstanding++;
      }
    });
    const fromServer = messages(false, (type, body) => {
      if (type === 'Z') {
        const next = String.fromCharCode(body[0]);
        if (!ready) {
          ready = true;
          status = next;
          return;
        }
        if (status === 'I' && (next === 'T' || (next === 'I' && completed > 0))) counts.transactions++;
        status = next;
        completed = 0;
        outstanding = Math.max(0, outstanding - 1);
        if (outstanding === 0) {
          if (open) busy--;
          open = false;
          awaiting.length = 0;
        }
      } else if (type === 'D') {
        counts.rowsRead++;
        rowsSince++;
      } else if (type === 'C') {
        completed++;
        const tag = cstring(body, 0).value;
        const text = awaiting.shift();
        const written = /^(INSERT \d+|UPDATE|DELETE|MERGE) (\d+)$/.exec(tag);
        const rows = written ? Number(written[2]) : 0;
        counts.rowsWritten += rows;
        if (written) counts.rowsRead -= rowsSince; // RETURNING rows are the written ones
        if (text !== undefined) {
          const entry = statement(text);
          entry.rowsWritten += rows;
          if (!written) entry.rowsRead += rowsSince;
        }
        rowsSince = 0;
      }
    });
    client.on('data', (chunk) => {
      fromClient(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      fromServer(chunk);
      client.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    take() {
      const out = { ...counts, connections, mostBusy };
      counts = freshCounts();
      mostBusy = busy;
      return out;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A zero-terminated string of a message's body at `at`, and where what follows it starts. */
function cstring(body, at) {
  const end = body.indexOf(0, at);
  return { value: body.toString('utf8', at, end), next: end + 1 };
}

/**
 * Splits one direction's bytes into protocol messages (a type byte, a length, a body) and hands
 * each to `onMessage`; the client's first message, the start-up, has no type byte.
 */
function messages(startsUntyped, onMessage) {
  let buffered = Buffer.alloc(0);
  let untyped = startsUntyped;
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (untyped) {
        if (buffered.length < 4) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        buffered = buffered.subarray(length);
        untyped = false;
        continue;
      }
      if (buffered.length < 5) return;
      const length = buffered.readInt32BE(1);
      if (buffered.length < length + 1) return;
      onMessage(String.fromCharCode(buffered[0]), buffered.subarray(5, length + 1));
      buffered = buffered.subarray(length + 1);
    }
  };
}

/** Starts the built server with `env`, the SQLite counter loaded when `counter`; answers its base URL, its IPC and a stop function. */
async function startServer(env, { counter = false } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_STATEMENTS_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_STATEMENTS_CPU_PROF}`] : [];
  const child = spawn('node', [...profile, ...(counter ? ['--import', './bench/sqlite-counter.mjs'] : []), 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RFQ_RATE_LIMIT: '1000000000',
      SEED_ON_EMPTY: 'false',
      ...(MAIL === 'held' ? { MAIL_DISABLED: 'true' } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let up = false;
  for (let i = 0; i < 300 && !up && child.exitCode === null; i++) {
    await sleep(200);
    up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!up) throw new Error('The server did not start.');
  return {
    base,
    ask(message) {
      return new Promise((resolve) => {
        child.once('message', resolve);
        child.send(message);
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Sends `count` quote requests from new buyers, CONCURRENCY at a time; every one must be answered 201. */
async function submit(base, from, count, tag) {
  let next = from;
  const worker = async () => {
    while (next < from + count) {
      const i = next++;
      const headers = { 'content-type': 'application/json', ...(KEYED ? { 'idempotency-key': `${tag}-${process.pid}-${i}` } : {}) };
      const res = await fetch(`${base}/api/rfq`, { method: 'POST', headers, body: rfqBody(i, { tag }) });
      const body = await res.text();
      if (res.status !== 201) throw new Error(`POST /api/rfq answered ${res.status}: ${body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** With e-mail sent, waits until the outbox has nothing left to send (sent or given up), so the sender's statements are counted. */
async function drained(read) {
  for (let i = 0; i < 600; i++) {
    if ((await read()) === 0) return;
    await sleep(100);
  }
  throw new Error('The outbox did not drain.');
}

async function measurePostgres(sinkUrl) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `no PostgreSQL answered (${err.message})` };
  }
  const name = `procura_statements_${process.pid}`;
  const direct = new URL(POSTGRES_URL);
  direct.pathname = `/${name}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const proxy = await postgresCounter({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(direct);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const reader = new pg.Client({ connectionString: direct.toString() });
  try {
    seed(direct.toString(), MARKET);
    const server = await startServer({ DATABASE_URL: proxied.toString(), ...(sinkUrl ? { SMTP_URL: sinkUrl } : {}) });
    await reader.connect();
    const unsent = async () => Number((await reader.query("select count(*) as n from outbox where status in ('pending', 'sending')")).rows[0].n);
    try {
      await submit(server.base, 0, WARMUP, 'warm');
      if (sinkUrl) await drained(unsent);
      proxy.take();
      await submit(server.base, WARMUP, N, 'pg');
      if (sinkUrl) await drained(unsent);
      return proxy.take();
    } finally {
      await server.stop();
    }
  } finally {
    await reader.end().catch(() => {});
    await proxy.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

async function measureSqlite(sinkUrl) {
  mkdirSync('./data', { recursive: true });
  const clean = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(SQLITE_FILE + suffix, { force: true });
  };
  clean();
  const url = `sqlite:${SQLITE_FILE}`;
  seed(url, MARKET);
  const server = await startServer({ DATABASE_URL: url, ...(sinkUrl ? { SMTP_URL: sinkUrl } : {}) }, { counter: true });
  const { default: Database } = await import('better-sqlite3');
  const reader = new Database(SQLITE_FILE, { readonly: true });
  const unsent = async () => reader.prepare("select count(*) as n from outbox where status in ('pending', 'sending')").get().n;
  try {
    await submit(server.base, 0, WARMUP, 'warm');
    if (sinkUrl) await drained(unsent);
    await server.ask({ reset: true, counts: true });
    await submit(server.base, WARMUP, N, 'sqlite');
    if (sinkUrl) await drained(unsent);
    const { counts } = await server.ask({ counts: true });
    return { ...counts, roundTrips: null, parses: null };
  } finally {
    reader.close();
    await server.stop();
    clean();
  }
}

const per = (n) => (n === null ? '-' : (Math.round((n / N) * 100) / 100).toString());

function print(label, counts) {
  console.log(`\n${label}`);
  if (counts.skipped) {
    console.log(`  skipped: ${counts.skipped}`);
    return;
  }
  console.log(
    `  per request: ${per(counts.statements)} statements, ${per(counts.roundTrips)} round trips, ${per(counts.transactions)} transactions, ` +
      `${per(counts.parses)} parses, ${per(counts.rowsRead)} rows read, ${per(counts.rowsWritten)} rows written`,
  );
  if (counts.connections !== undefined) {
    console.log(`  connections: ${counts.connections} opened since the server started, at most ${counts.mostBusy} awaiting an answer at once while counted`);
  }
  const rows = Object.entries(counts.byText).sort((a, b) => b[1].count - a[1].count);
  for (const [text, { count, rowsRead, rowsWritten }] of rows) {
    const shown = text.length > 150 ? `${text.slice(0, 147)}...` : text;
    console.log(`  ${per(count).padStart(6)}  r ${per(rowsRead).padStart(5)}  w ${per(rowsWritten).padStart(5)}  ${shown}`);
  }
}

const sink = MAIL === 'smtp' ? await smtpSink(() => {}) : null;
try {
  console.log(
    `${N} quote requests, ${CONCURRENCY} at a time, e-mail ${MAIL === 'smtp' ? 'sent to a sink' : 'held'}${KEYED ? ', each with an Idempotency-Key' : ''}; figures per request`,
  );
  print('PostgreSQL (counted on the wire)', await measurePostgres(sink?.url));
  print('SQLite (counted in the process)', await measureSqlite(sink?.url));
} finally {
  await sink?.close();
}
