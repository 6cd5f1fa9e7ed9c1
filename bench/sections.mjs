// Kept whole: the bench's sections, one function each, read one after another; each is short, and
// apart they would only import each other's helpers.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { writeMarket } from './market.mjs';
import {
  SECONDS,
  SUPPLIERS,
  OFFERS,
  POSTGRES_URL,
  FILE,
  SEEDED_FILE,
  buyerAddress,
  rfqBody,
  rfqRequests,
  basketRequests,
  run,
  warmUp,
  memoryOf,
  measured,
  seed,
  startServer,
  getRaw,
  percentile,
  smtpSink,
  post,
  bareHttpReference,
} from './harness.mjs';

export const DATA_RFQS = 50_000;
/** The SQLite database of the reference the postgres section measures beside its own figures. */
const REFERENCE_FILE = './data/bench-reference.sqlite';

/**
 * Tops the bench database up to DATA_RFQS requests (copies of the submitted ones under new ids
 * and dates), registers an enterprise partner and walks /api/v2/procurement-data?limit=1000 page
 * by page, one request at a time, timing each answer to its last byte and reading the
 * Server-Timing the key check and rate limiter report.
 */
export async function dataApiBench() {
  const db = new Database(FILE);
  const have = db.prepare('select count(*) as n from rfqs').get().n;
  const sample = db.prepare('select * from rfqs limit 1000').all();
  const columns = Object.keys(sample[0]);
  const insert = db.prepare(`insert into rfqs (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
  const start = Date.parse('2026-01-01T00:00:00Z');
  db.transaction(() => {
    for (let i = have; i < DATA_RFQS; i++) {
      const row = sample[i % sample.length];
      const id = String(900000000000000000n + BigInt(i));
      insert.run({ ...row, id, created_at: new Date(start + i * 397_000).toISOString() });
    }
  })();
  const rfqs = db.prepare('select count(*) as n from rfqs').get().n;
  // The sections before wrote a large WAL; copied into the database now, its copy is not what this section times.
  db.pragma('wal_checkpoint(TRUNCATE)');
  const { base, stop } = await startServer();
  const reg = await fetch(`${base}/api/partners/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Bench Partner',
      contactEmail: 'bench@example.co.za',
      contactName: 'Bench',
      website: 'https://bench.example.co.za',
      businessType: 'software',
      integrationType: 'api',
      monthlyTraffic: '100k-plus',
      useCase: 'Reading every record for the benchmark',
    }),
  }).then((r) => r.json());
  const { partnerId, apiKey } = reg.credentials;
  db.prepare("update partners set tier = 'enterprise' where id = ?").run(partnerId);
  db.close();
  const headers = { authorization: `Bearer ${apiKey}`, 'x-partner-id': partnerId, 'accept-encoding': 'gzip' };
  const latencies = [];
  const auth = [];
  let records = 0;
  let lastStart = 0;
  // One pass to warm the process up, then four measured: each request timed to its last byte.
  for (let pass = 0; pass < 5; pass++) {
    let cursor = null;
    do {
      // Enterprise keys may make 50 requests a second; the walk keeps under that.
      await sleep(Math.max(0, lastStart + 25 - performance.now()));
      const t0 = performance.now();
      lastStart = t0;
      const res = await getRaw(`${base}/api/v2/procurement-data?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, headers);
      const elapsed = performance.now() - t0;
      // Decompressing and parsing are the client's work, done after the clock stops.
      const bytes = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.bytes) : res.bytes;
      const body = JSON.parse(bytes.toString('utf8'));
      if (res.status !== 200) throw new Error(`procurement-data answered ${res.status}: ${JSON.stringify(body)}`);
      if (pass > 0) {
        latencies.push(elapsed);
        auth.push(Number(/dur=([\d.]+)/.exec(res.headers['server-timing'] ?? '')?.[1] ?? NaN));
        records += body.results.length;
      }
      cursor = body.next_cursor;
    } while (cursor);
  }
  await stop();
  latencies.sort((a, b) => a - b);
  auth.sort((a, b) => a - b);
  const ms = (n) => Math.round(n * 100) / 100;
  return {
    rfqs,
    requests: latencies.length,
    records,
    procurement_data_p50_ms: ms(percentile(latencies, 50)),
    procurement_data_p99_ms: ms(percentile(latencies, 99)),
    auth_p50_ms: ms(percentile(auth, 50)),
    auth_p99_ms: ms(percentile(auth, 99)),
  };
}

/**
 * Submits RFQs at RATE per second against a server that sends e-mail to an SMTP sink in this
 * process, and measures, for each buyer e-mail, the time from the RFQ's answer to the sink's
 * acceptance of the message. The first WARMUP seconds (a cold process compiling its hot paths
 * and opening its SMTP connections) are reported apart from the SECONDS measured after them.
 */
export async function emailDelivery() {
  // BENCH_EMAIL_RATE finds how many e-mails a second one process sends (each RFQ makes four).
  const RATE = Number(process.env.BENCH_EMAIL_RATE ?? 100);
  const WARMUP = 5;
  const accepted = new Map(); // buyer address -> time the sink accepted the message
  const sink = await smtpSink((session, _id, at) => {
    for (const r of session.envelope.rcptTo) if (r.address.startsWith('bench-')) accepted.set(r.address, at);
  });
  const { base, stop } = await startServer({ SMTP_URL: sink.url });

  const answered = new Map(); // buyer address -> time the RFQ's answer arrived
  const total = RATE * (WARMUP + SECONDS);
  const start = performance.now();
  const inFlight = [];
  let failed = 0;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const address = buyerAddress(i, 'bench');
    inFlight.push(
      fetch(`${base}/api/rfq`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rfqBody(i, { supplierCount: 3, tag: 'bench' }) }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) answered.set(address, performance.now());
          else failed++;
        },
        () => failed++,
      ),
    );
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && [...answered.keys()].some((a) => !accepted.has(a))) await sleep(100);
  await stop();
  await sink.close();

  const delays = (from, to) => {
    const out = [];
    for (let i = from; i < to; i++) {
      const a = buyerAddress(i, 'bench');
      if (answered.has(a) && accepted.has(a)) out.push(Math.max(0, accepted.get(a) - answered.get(a)));
    }
    return out.sort((x, y) => x - y);
  };
  const warm = delays(0, RATE * WARMUP);
  const measuredDelays = delays(RATE * WARMUP, total);
  return {
    rfq_per_s: RATE,
    warmup_seconds: WARMUP,
    rfqs: total,
    rfqs_failed: failed,
    buyer_emails: measuredDelays.length,
    missing: answered.size - warm.length - measuredDelays.length,
    p50_ms: Math.round(percentile(measuredDelays, 50)),
    p99_ms: Math.round(percentile(measuredDelays, 99)),
    max_ms: Math.round(measuredDelays[measuredDelays.length - 1] ?? 0),
    warmup_p99_ms: Math.round(percentile(warm, 99)),
  };
}

/**
 * The figures of runs of one load taken as one, for a load measured in parts around another (see
 * the sqlite and postgres sections): requests, refusals and errors summed; the rate the mean of
 * the parts' (which run equally long); the CPU per request over all their requests; p50 and p99
 * the highest of the parts'.
 */
function pooled(parts) {
  const sum = (f) => parts.reduce((a, p) => a + f(p), 0);
  const requests = sum((p) => p.requests);
  const statuses = {};
  for (const p of parts) for (const [code, n] of Object.entries(p.non_2xx_statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: Math.round(sum((p) => p.rps) / parts.length),
    p50_ms: Math.max(...parts.map((p) => p.p50_ms)),
    p99_ms: Math.max(...parts.map((p) => p.p99_ms)),
    requests,
    non_2xx: sum((p) => p.non_2xx),
    non_2xx_statuses: statuses,
    errors: sum((p) => p.errors),
    cpu_ms_per_request: Math.round((sum((p) => p.cpu_ms_per_request * p.requests) / requests) * 100) / 100,
  };
}

/** `work` with `paused` taking no CPU meanwhile (see `startServer`). */
async function pausing(paused, work) {
  for (const s of paused) s.pause();
  try {
    return await work();
  } finally {
    for (const s of paused) s.resume();
  }
}

/**
 * A load on `servers` in two halves, `before` and `after` the run `between` measures: a ratio of
 * rates taken minutes apart would move with a machine whose speed drifts (a shared one's does, by
 * a third within minutes), while halves on either side of the run cancel a steady drift. When
 * `between` runs on servers of its own (`others`), each side is paused while the other runs.
 */
async function around(servers, before, between, after, others = []) {
  const first = await pausing(others, () => measured(servers, before));
  const middle = await pausing(others.length > 0 ? servers : [], between);
  const last = await pausing(others, () => measured(servers, after));
  return { middle, around: pooled([first, last]) };
}

/** The SQLite section: RFQ submit with /healthz around it, then RFQ read, on one server. */
export async function sqliteSection() {
  const server = await startServer();
  await warmUp(`${server.base}/api/rfq`, { requests: rfqRequests('buyer-warm') });
  const healthz = () => run(`${server.base}/healthz`, { duration: SECONDS / 2 });
  const { middle: submit, around: health } = await around(
    [server],
    healthz,
    () => measured([server], () => run(`${server.base}/api/rfq`, { requests: rfqRequests('buyer') })),
    healthz,
  );
  const ids = new Database(FILE, { readonly: true })
    .prepare('select id from rfqs order by created_at desc limit 5000')
    .all()
    .map((r) => r.id);
  let g = 0;
  const get = await measured([server], () =>
    run(`${server.base}/api/rfq/${ids[0]}`, { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/rfq/${ids[g++ % ids.length]}` }) }] }),
  );
  await server.stop();
  const bare = await bareHttpReference();
  return { rfq_submit: submit, rfq_get: get, healthz: health, submit_vs_healthz: ratio(submit, health), bare_node_http: bare };
}

/** The basket section: 10-line baskets from new buyers, submitted as the sqlite section submits single requests. */
export async function basketSection() {
  const server = await startServer();
  await warmUp(`${server.base}/api/rfq`, { requests: basketRequests('basket-warm') });
  const submit = await measured([server], () => run(`${server.base}/api/rfq`, { requests: basketRequests('basket') }));
  await server.stop();
  return submit;
}

const ratio = (submit, health) => Math.round((submit.rps / health.rps) * 1000) / 10;

/**
 * RFQ submit against two server processes on one PostgreSQL database, the connections shared
 * between them. The database is created for the run (the large market seeded into it) and
 * dropped after; without a PostgreSQL answering at BENCH_POSTGRES_URL the section is skipped.
 */
export async function postgresSection() {
  const where = (() => {
    const u = new URL(POSTGRES_URL);
    return `${u.hostname}:${u.port || 5432}`;
  })();
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `no PostgreSQL answered at ${where} (${err.message})` };
  }
  const name = `procura_bench_${process.pid}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  try {
    console.log(`Seeding ${SUPPLIERS} suppliers and about ${OFFERS} offers into PostgreSQL at ${where} (database ${name}) ...`);
    seed(databaseUrl, ['--suppliers', String(SUPPLIERS), '--offers', String(OFFERS)]);
    const servers = [await startServer({ DATABASE_URL: databaseUrl }), await startServer({ DATABASE_URL: databaseUrl })];
    const urls = (path) => servers.map((s) => `${s.base}${path}`);
    // The SQLite submit the figures are held to, measured in halves before and after them, on the
    // market as the sqlite section's starts (see `around`).
    for (const suffix of ['', '-wal', '-shm']) rmSync(REFERENCE_FILE + suffix, { force: true });
    copyFileSync(SEEDED_FILE, REFERENCE_FILE);
    const reference = await startServer({ DATABASE_URL: `sqlite:${REFERENCE_FILE}` });
    await warmUp(urls('/api/rfq'), { requests: rfqRequests('pg-buyer-warm') });
    await warmUp(`${reference.base}/api/rfq`, { requests: rfqRequests('reference-warm') });
    const sqliteHalf = (tag) => () => run(`${reference.base}/api/rfq`, { duration: SECONDS / 2, requests: rfqRequests(tag) });
    const { middle: submit, around: sqlite } = await around(
      [reference],
      sqliteHalf('reference-before'),
      () =>
        measured(servers, () => run(urls('/api/rfq'), { requests: rfqRequests('pg-buyer') }), {
          postgres: where.startsWith('127.0.0.1') || where.startsWith('localhost'),
        }),
      sqliteHalf('reference-after'),
      servers,
    );
    await reference.stop();
    const health = await measured(servers, () => run(urls('/healthz'), {}));
    const { rows } = await admin.query('select max_conn from (select setting::int as max_conn from pg_settings where name = $1) s', ['max_connections']);
    for (const s of servers) await s.stop();
    return {
      two_processes: { ...submit, healthz_rps: health.rps, submit_vs_healthz: ratio(submit, health) },
      sqlite_around: sqlite,
      server: where,
      max_connections: rows[0]?.max_conn ?? null,
    };
  } finally {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/**
 * RFQ submit on markets of 10,000 and 100,000 suppliers (about 20 offers each), generated
 * straight into a SQLite file by bench/market.mjs: what ten times the suppliers costs in
 * latency, and the server's resident memory (its peak, start-up included) at the larger size.
 */
export async function scaleSection() {
  const file = './data/bench-scale.sqlite';
  const out = {};
  for (const [key, suppliers] of [
    ['suppliers_10k', 10_000],
    ['suppliers_100k', 100_000],
  ]) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    // The reference data (cities, categories, the catalogue and its variants) from the product's own seed.
    seed(`sqlite:${file}`, ['--suppliers', '1', '--offers', '1']);
    const started = performance.now();
    const market = writeMarket(file, { suppliers, offersPerSupplier: 20 });
    console.log(
      `Generated ${market.suppliers} suppliers and ${market.offers} offers in ${Math.round((performance.now() - started) / 1000)} s; measuring RFQ submit ...`,
    );
    const server = await startServer({ DATABASE_URL: `sqlite:${file}` });
    await warmUp(`${server.base}/api/rfq`, { requests: rfqRequests(`scale-${suppliers}-warm`) });
    const submit = await measured([server], () => run(`${server.base}/api/rfq`, { requests: rfqRequests(`scale-${suppliers}`) }));
    const memory = memoryOf(server.pid);
    await server.stop();
    out[key] = {
      suppliers: market.suppliers,
      offers: market.offers,
      ...submit,
      startup_ms: server.startMs,
      rss_mb: memory?.peak_mb ?? null,
      rss_end_mb: memory?.rss_mb ?? null,
    };
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  out.p99_ratio = Math.round((out.suppliers_100k.p99_ms / out.suppliers_10k.p99_ms) * 100) / 100;
  return out;
}

/**
 * The soak: RFQs at 100 a second for BENCH_SOAK_MINUTES (10) against one server sending e-mail
 * to an SMTP sink in this process. Afterwards every e-mail the outbox holds for the run is looked
 * for at the sink by its Message-ID: lost is one never accepted, repeated one accepted twice.
 * Resident memory is sampled every 5 s; its growth compares the median reading of the last
 * minute with the median of the second (the first is the process warming up). Medians, because
 * the readings saw-tooth with the garbage collector: a minute's highest says when it last ran
 * more than whether memory grows. The highest of each minute is kept beside them.
 */
/** How long the soak waits after its load for the outbox to send what it still holds. */
const DRAIN_WAIT_MS = 10 * 60_000;

export async function soakSection() {
  const RATE = 100;
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
  const total = Math.round(RATE * 60 * minutes);
  const file = './data/bench-soak.sqlite';
  mkdirSync('./data', { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  console.log(`Soak: seeding ${SUPPLIERS} suppliers, then ${minutes} min at ${RATE} RFQs a second with e-mail to a local SMTP server ...`);
  seed(`sqlite:${file}`, ['--suppliers', String(SUPPLIERS), '--offers', String(OFFERS)]);
  const received = new Map(); // Message-ID -> times accepted
  const sink = await smtpSink((_session, id) => {
    if (id) received.set(id, (received.get(id) ?? 0) + 1);
  });
  const server = await startServer({ DATABASE_URL: `sqlite:${file}`, SMTP_URL: sink.url, MAIL_DISABLED: 'false' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const samples = [];
  // The oldest e-mail (or request's leads) still waiting in the outbox, read beside the server every 5 s.
  const watcher = new Database(file, { readonly: true });
  const oldestWaiting = watcher.prepare("select min(created_at) as at from outbox where status in ('pending', 'sending')");
  let oldestWaitingMaxS = 0;
  const sampler = setInterval(() => {
    const m = memoryOf(server.pid);
    if (m) samples.push({ at: performance.now(), rss: m.rss_mb });
    const { at } = oldestWaiting.get();
    if (at) oldestWaitingMaxS = Math.max(oldestWaitingMaxS, (Date.now() - Date.parse(at)) / 1000);
  }, 5000);
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const inFlight = new Set();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    const p = post(`${server.base}/api/rfq`, rfqBody(i, { supplierCount: 5, tag: 'soak' }), agent).then(
      (status) => {
        if (status === 201) latencies.push(performance.now() - sent);
        else errors++;
      },
      () => errors++,
    );
    inFlight.add(p);
    p.finally(() => inFlight.delete(p));
    if (i > 0 && i % (RATE * 60) === 0)
      console.log(`  ${i / (RATE * 60)} min: ${errors} errors, ${received.size} e-mails accepted, RSS ${samples.at(-1)?.rss ?? '?'} MB`);
  }
  await Promise.all(inFlight);
  const loadEnded = performance.now();
  clearInterval(sampler);
  watcher.close();
  // Waits (at most DRAIN_WAIT_MS) until the outbox has nothing left to send and the sink has as
  // many e-mails as it holds, then compares every e-mail of the run, as the outbox wrote it, with
  // the sink's. When the load outpaces the sender, the outbox catches up after it.
  const db = new Database(file, { readonly: true });
  // A request's leads row is not an e-mail (the worker turns it into one per supplier): counted while it waits, never at the sink.
  const count = db.prepare(
    "select sum(case when kind = 'supplier-leads' then 0 else 1 end) as n, sum(case when status = 'sent' then 0 else 1 end) as unsent from outbox",
  );
  const deadline = performance.now() + DRAIN_WAIT_MS;
  for (let c = count.get(); performance.now() < deadline && (c.unsent > 0 || received.size < c.n); c = count.get()) await sleep(500);
  const drainMs = Math.round(performance.now() - loadEnded);
  const expected = db.prepare("select message_id, status from outbox where kind <> 'supplier-leads'").all();
  // Still waiting to be sent when the wait ended: not lost, but late.
  const waiting = (row) => row.status === 'pending' || row.status === 'sending';
  const statuses = Object.fromEntries(
    db
      .prepare("select status, count(*) as n from outbox where kind <> 'supplier-leads' group by status")
      .all()
      .map((r) => [r.status, r.n]),
  );
  db.close();
  await server.stop();
  await sink.close();
  agent.destroy();

  const within = (from, to) => samples.filter((s) => s.at - start >= from && s.at - start < to).map((s) => s.rss);
  const median = (values) =>
    Math.round(
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      ),
    );
  const second = within(60_000, 120_000);
  const last = within(loadEnded - start - 60_000, Number.POSITIVE_INFINITY);
  const early = median(second);
  const late = median(last);
  latencies.sort((a, b) => a - b);
  return {
    minutes,
    rfq_per_s: RATE,
    rfqs: total,
    errors,
    rfq_p99_ms: Math.round(percentile(latencies, 99) ?? NaN),
    emails: expected.length,
    emails_lost: expected.filter((row) => !received.has(row.message_id) && !waiting(row)).length,
    emails_unsent: expected.filter((row) => !received.has(row.message_id) && waiting(row)).length,
    emails_repeated: expected.filter((row) => (received.get(row.message_id) ?? 0) > 1).length,
    outbox: statuses,
    oldest_waiting_max_s: Math.round(oldestWaitingMaxS),
    drain_ms: drainMs,
    rss_second_minute_mb: early,
    rss_last_minute_mb: late,
    rss_second_minute_max_mb: Math.max(...second),
    rss_last_minute_max_mb: Math.max(...last),
    rss_growth_percent: Math.round(((late - early) / early) * 1000) / 10,
    node: process.version,
    date: new Date().toISOString(),
  };
}
