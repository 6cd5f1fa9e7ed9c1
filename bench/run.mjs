// npm run bench: builds (via the npm script), seeds a large SQLite market, starts the server and
// drives it over loopback with autocannon. Prints a table and writes bench/results.json.
//
//   npm run bench                            every section but the soak
//   npm run bench -- --only postgres,scale   the sections named (sqlite, basket, email, data,
//                                            postgres, scale, lighthouse); results.json keeps the others
//   npm run bench -- --soak                  10 minutes at 100 RFQs a second with e-mail, alone
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { describeScores, freePort, LIGHTHOUSE_TARGETS, lighthouseScores } from './lighthouse.mjs';
import { writeMarket } from './market.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 10_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 200_000);
/** Where PostgreSQL is asked for: the bench creates a database of its own there and drops it after. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILE = './data/bench.sqlite';
const DATABASE_URL = `sqlite:${FILE}`;

/** The fast core's targets: every figure the bench prints is held to one of these. */
const TARGETS = {
  submitRps: 1000,
  submitP99Ms: 50,
  basketRps: 300,
  basketP99Ms: 100,
  submitVsHealthzPercent: 12,
  getRps: 3000,
  emailP99Ms: 1000,
  postgresRps: 800,
  postgresP99Ms: 50,
  dataP99Ms: 30,
  scaleP99Ratio: 2,
  scaleRssMb: 500,
  scaleStartupMs: 5000,
  soakRssGrowthPercent: 10,
  soakOldestWaitingSeconds: 60,
};

const SECTIONS = ['sqlite', 'basket', 'email', 'data', 'postgres', 'scale', 'lighthouse'];
const { values: flags } = parseArgs({ options: { soak: { type: 'boolean' }, only: { type: 'string' } } });
const selected = new Set(flags.soak ? ['soak'] : flags.only ? flags.only.split(',').map((s) => s.trim()) : SECTIONS);
for (const name of selected) {
  if (name !== 'soak' && !SECTIONS.includes(name)) {
    console.error(`Unknown section ${name}; the sections are ${SECTIONS.join(', ')}, and --soak.`);
    process.exit(2);
  }
}
if (selected.has('data') && !selected.has('sqlite')) {
  console.error('The data section reads the RFQs the sqlite section submits: run them together.');
  process.exit(2);
}

const PRODUCTS = [
  'Hand Sanitizer 70% Alcohol',
  'Dishwashing Liquid Concentrate',
  'Toilet Paper 2-Ply (48-pack)',
  'Surgical Face Masks 3-Ply (50-pack)',
  'Nitrile Examination Gloves (100-pack)',
  'Household Bleach',
  'Electric Geyser 150L',
  'Wall-Mounted Soap Dispenser',
  'Hospital-Grade Surface Disinfectant (Bulk)',
  'Glass and Window Cleaner (Eco)',
  'Liquid Hand Soap (Refill)',
  'Laundry Detergent Powder (Trade Pack)',
  'All-Purpose Floor Cleaner (Industrial)',
  'Air Freshener Aerosol 300ml (Premium)',
  'Latex gloves',
  'Industrial degreaser',
  'Paper Hand Towels (case of 20) (Economy)',
];
const CITIES = ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha', 'Bloemfontein', 'Polokwane', 'Kimberley', 'Upington', 'George'];
const QUANTITIES = [10, 25, 60, 120, 250, 600, 1200];

/**
 * The i-th quote request of a run. Each comes from a buyer of its own, as most do, so each
 * takes the whole path: quotes, the buyer's e-mail and the suppliers' leads into the outbox.
 * `tag` keeps the addresses of one run apart from another's on the same database.
 */
/** The i-th buyer's address: buyers of many organisations, as in life, so one domain's cap (DOMAIN_EMAILS_PER_DAY) never binds. */
const buyerAddress = (i, tag) => `${tag}-${i}@buyer${i % 5000}.example.co.za`;

function rfqBody(i, { supplierCount = 5, tag = 'buyer' } = {}) {
  return JSON.stringify({
    productName: PRODUCTS[i % PRODUCTS.length],
    productDescription: 'Monthly replenishment for our facilities, delivered to the loading bay',
    quantity: QUANTITIES[i % QUANTITIES.length],
    supplierCount,
    deliveryLocation: CITIES[(i * 7) % CITIES.length],
    primaryEmail: buyerAddress(i, tag),
    agreeTerms: true,
  });
}

/** Lines of a basket: ten products of the list, from the i-th on, with their quantities. */
const BASKET_LINES = 10;

/** A basket request of BASKET_LINES lines from a buyer of its own. */
function basketBody(i, tag) {
  return JSON.stringify({
    lines: Array.from({ length: BASKET_LINES }, (_, n) => ({
      productName: PRODUCTS[(i + n) % PRODUCTS.length],
      quantity: QUANTITIES[(i + n) % QUANTITIES.length],
    })),
    supplierCount: 5,
    deliveryLocation: CITIES[(i * 7) % CITIES.length],
    primaryEmail: buyerAddress(i, tag),
    agreeTerms: true,
  });
}

/** autocannon's requests for RFQ submission, numbered across every connection of the run. */
function rfqRequests(tag) {
  let n = 0;
  return [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: rfqBody(n++, { tag }) }) }];
}

/** autocannon over `url` (or several, the connections shared between them), bounded by SECONDS. */
function run(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function figures(result) {
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    /** The statuses of the answers that were not 2xx, with their counts, to tell refusals from failures. */
    non_2xx_statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => [code, count]),
    ),
    errors: result.errors + result.timeouts,
  };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds a process has used so far (user and system), from /proc; null where there is none. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** A process's resident memory now and its peak so far, in MB, from /proc; null where there is none. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss_mb: Math.round(kb('VmRSS') / 1024), peak_mb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** The ids of this machine's PostgreSQL processes (server and backends), from /proc; none elsewhere. */
function postgresPids() {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** CPU seconds the PostgreSQL processes used over `load`'s run, counting backends that came and went as far as /proc saw them. */
async function postgresCpuOver(load) {
  const seen = new Map();
  const sample = () => {
    for (const pid of postgresPids()) {
      const now = cpuSeconds(pid);
      if (now === null) continue;
      const first = seen.get(pid)?.first ?? now;
      seen.set(pid, { first, last: now });
    }
  };
  sample();
  const timer = setInterval(sample, 250);
  try {
    const result = await load();
    sample();
    return { result, seconds: seen.size === 0 ? null : [...seen.values()].reduce((sum, v) => sum + v.last - v.first, 0) };
  } finally {
    clearInterval(timer);
  }
}

const perRequest = (seconds, requests) => (Number.isFinite(seconds) && seconds !== null ? Math.round((seconds * 1000 * 100) / requests) / 100 : null);

/**
 * Runs `load` against `servers` and answers its result with the servers' CPU time per request,
 * in all and per process; with `postgres`, PostgreSQL's own CPU time per request too.
 */
async function measured(servers, load, { postgres = false } = {}) {
  const before = servers.map((s) => cpuSeconds(s.pid));
  const { result, seconds: pgSeconds } = postgres ? await postgresCpuOver(load) : { result: await load(), seconds: undefined };
  const used = servers.map((s, i) => (cpuSeconds(s.pid) ?? NaN) - (before[i] ?? NaN));
  const total = result.requests.total;
  return {
    ...figures(result),
    cpu_ms_per_request: perRequest(
      used.reduce((a, b) => a + b, 0),
      total,
    ),
    ...(servers.length > 1 ? { cpu_ms_per_request_by_process: used.map((u) => perRequest(u, total)) } : {}),
    ...(postgres ? { postgres_cpu_ms_per_request: perRequest(pgSeconds, total) } : {}),
  };
}

/** Seeds the large SQLite market the sqlite, email, data and lighthouse sections share. */
function seedBenchDatabase() {
  mkdirSync('./data', { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(FILE + suffix, { force: true });
  console.log(`Seeding ${SUPPLIERS} suppliers and about ${OFFERS} offers into ${FILE} ...`);
  seed(DATABASE_URL, ['--suppliers', String(SUPPLIERS), '--offers', String(OFFERS)]);
}

function seed(databaseUrl, args) {
  const seeded = spawnSync('node', ['dist/server/cli.js', 'seed', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

/**
 * Starts the built server (on the bench database unless `env` names another); answers its base
 * URL, process id, the milliseconds it took to answer /readyz, and a stop function.
 */
async function startServer(env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RFQ_RATE_LIMIT: '1000000000',
      SEED_ON_EMPTY: 'false',
      // Production refuses to start without SMTP_URL unless e-mail is off on purpose; the
      // e-mail sections pass their own SMTP server.
      MAIL_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  process.on('exit', () => child.kill('SIGTERM'));
  let up = false;
  for (let i = 0; i < 600 && !up && child.exitCode === null; i++) {
    await sleep(200);
    // /readyz, not /healthz: the process answers /healthz while it still migrates and loads the market.
    up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!up) {
    console.error('The server did not start.');
    process.exit(1);
  }
  return { base, pid: child.pid, startMs: Math.round(performance.now() - started), stop };
}

const DATA_RFQS = 50_000;

/**
 * Tops the bench database up to DATA_RFQS requests (copies of the submitted ones under new ids
 * and dates), registers an enterprise partner and walks /api/v2/procurement-data?limit=1000 page
 * by page, one request at a time, timing each answer to its last byte and reading the
 * Server-Timing the key check and rate limiter report.
 */
async function dataApiBench() {
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

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GETs a URL over one kept-alive connection; answers the status, headers and raw body bytes. */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: keepAlive }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * An SMTP server in this process that accepts every message. `onMessage(session, messageId, at)`
 * hears each one with the Message-ID its header carries.
 */
async function smtpSink(onMessage) {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 16_384 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const at = performance.now();
        onMessage(session, /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? null, at);
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => sink.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => sink.close(resolve)) };
}

/**
 * Submits RFQs at RATE per second against a server that sends e-mail to an SMTP sink in this
 * process, and measures, for each buyer e-mail, the time from the RFQ's answer to the sink's
 * acceptance of the message. The first WARMUP seconds (a cold process compiling its hot paths
 * and opening its SMTP connections) are reported apart from the SECONDS measured after them.
 */
async function emailDelivery() {
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

/** The SQLite section: RFQ submit, RFQ read and /healthz, one after another on one server. */
async function sqliteSection() {
  const server = await startServer();
  const submit = await measured([server], () => run(`${server.base}/api/rfq`, { requests: rfqRequests('buyer') }));
  const ids = new Database(FILE, { readonly: true })
    .prepare('select id from rfqs order by created_at desc limit 5000')
    .all()
    .map((r) => r.id);
  let g = 0;
  const get = await measured([server], () =>
    run(`${server.base}/api/rfq/${ids[0]}`, { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/rfq/${ids[g++ % ids.length]}` }) }] }),
  );
  const health = await measured([server], () => run(`${server.base}/healthz`, {}));
  await server.stop();
  return { rfq_submit: submit, rfq_get: get, healthz: health, submit_vs_healthz: ratio(submit, health) };
}

/** The basket section: 10-line baskets from new buyers, submitted as the sqlite section submits single requests. */
async function basketSection() {
  const server = await startServer();
  let n = 0;
  const requests = [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: basketBody(n++, 'basket') }) }];
  const submit = await measured([server], () => run(`${server.base}/api/rfq`, { requests }));
  await server.stop();
  return submit;
}

const ratio = (submit, health) => Math.round((submit.rps / health.rps) * 1000) / 10;

/**
 * RFQ submit against two server processes on one PostgreSQL database, the connections shared
 * between them. The database is created for the run (the large market seeded into it) and
 * dropped after; without a PostgreSQL answering at BENCH_POSTGRES_URL the section is skipped.
 */
async function postgresSection() {
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
    const submit = await measured(servers, () => run(urls('/api/rfq'), { requests: rfqRequests('pg-buyer') }), {
      postgres: where.startsWith('127.0.0.1') || where.startsWith('localhost'),
    });
    const health = await measured(servers, () => run(urls('/healthz'), {}));
    const { rows } = await admin.query('select max_conn from (select setting::int as max_conn from pg_settings where name = $1) s', ['max_connections']);
    for (const s of servers) await s.stop();
    return {
      two_processes: { ...submit, healthz_rps: health.rps, submit_vs_healthz: ratio(submit, health) },
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
async function scaleSection() {
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

async function soakSection() {
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

/** POSTs JSON over a kept-alive connection; answers the status once the body is read. */
function post(url, body, agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const partial = selected.size < SECTIONS.length;
const results = partial && existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
const save = () => writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
const pass = (ok) => (ok ? 'met' : 'NOT MET');

if (selected.has('soak')) {
  const soak = await soakSection();
  results.soak = soak;
  save();
  console.log(
    `\nSoak, ${soak.minutes} min at ${soak.rfq_per_s} RFQs a second with e-mail: ${soak.rfqs} RFQs, ${soak.errors} errors (RFQ p99 ${soak.rfq_p99_ms} ms); ` +
      `${soak.emails} e-mails, ${soak.emails_lost} lost, ${soak.emails_repeated} sent twice, ` +
      (soak.emails_unsent === 0
        ? `all accepted ${soak.drain_ms} ms after the load ended; `
        : `${soak.emails_unsent} still waiting in the outbox ${soak.drain_ms} ms after the load ended; `) +
      `resident memory (median) ${soak.rss_second_minute_mb} MB in the second minute, ${soak.rss_last_minute_mb} MB in the last ` +
      `(highest ${soak.rss_second_minute_max_mb} and ${soak.rss_last_minute_max_mb} MB): ` +
      `${soak.rss_growth_percent} % growth (target under ${TARGETS.soakRssGrowthPercent} %, no error, no e-mail lost: ` +
      `${pass(soak.errors === 0 && soak.emails_lost === 0 && soak.emails_unsent === 0 && soak.rss_growth_percent < TARGETS.soakRssGrowthPercent)}). ` +
      `The oldest waiting e-mail was at most ${soak.oldest_waiting_max_s} s old during the load (target under ${TARGETS.soakOldestWaitingSeconds} s: ` +
      `${pass(soak.oldest_waiting_max_s < TARGETS.soakOldestWaitingSeconds)}).`,
  );
  console.log('Written to bench/results.json.');
  process.exit(0);
}

if (['sqlite', 'basket', 'email', 'data', 'lighthouse'].some((s) => selected.has(s))) seedBenchDatabase();

if (selected.has('sqlite')) {
  const sqlite = await sqliteSection();
  Object.assign(results, { rfq_submit: sqlite.rfq_submit, rfq_get: sqlite.rfq_get, healthz: sqlite.healthz });
  results.meta = { ...results.meta, submit_vs_healthz: sqlite.submit_vs_healthz };
}
if (selected.has('basket')) {
  console.log(`Submitting ${BASKET_LINES}-line baskets from new buyers for ${SECONDS} s ...`);
  results.rfq_submit_basket = await basketSection();
}
if (selected.has('email')) {
  console.log(`Submitting RFQs at 100 per second for 5 + ${SECONDS} s with e-mail going to a local SMTP server ...`);
  results.email_delivery = await emailDelivery();
}
if (selected.has('data')) {
  console.log(`Filling the database to ${DATA_RFQS} RFQs and reading them through the data API ...`);
  results.data_api = await dataApiBench();
}
if (selected.has('postgres')) {
  console.log('RFQ submit against two server processes on PostgreSQL ...');
  results.postgres = await postgresSection();
}
if (selected.has('scale')) {
  console.log('RFQ submit on markets of 10,000 and 100,000 suppliers ...');
  results.scale = await scaleSection();
}
let lighthouse;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (selected.has('lighthouse') && !existsSync(chromium)) {
  results.lighthouse = { skipped: `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROME_PATH)` };
} else if (selected.has('lighthouse')) {
  console.log('Running Lighthouse (mobile preset) on the public pages ...');
  const site = await startServer();
  lighthouse = await lighthouseScores(site.base);
  await site.stop();
  results.lighthouse = Object.fromEntries(Object.entries(lighthouse).map(([path, { failing, ...scores }]) => [path, scores]));
}

// Sizes the build measured: what a partner's page loads for the widget, and what a browser fetches for
// the portal's home route until the network is idle (e2e/portal.spec.ts checks it in Chromium).
const widgetSizes = JSON.parse(readFileSync('dist/public/widget-size.json', 'utf8'));
const portalSize = JSON.parse(readFileSync('dist/public/size.json', 'utf8'));
const sdkSizes = JSON.parse(readFileSync('dist/sdk-size.json', 'utf8'));
results.widget = {
  loader_gz_bytes: widgetSizes.loader_gz_bytes,
  app_gz_bytes: widgetSizes.app_gz_bytes,
  app_with_client_gz_bytes: widgetSizes.app_with_client_gz_bytes,
};
results.portal = { home_gz_kb: portalSize.total_gzip_kb };
results.sdk = { core_gz_bytes: sdkSizes.core_gz_bytes, embed_gz_bytes: sdkSizes.embed_gz_bytes, react_gz_bytes: sdkSizes.react_gz_bytes };
results.meta = {
  ...results.meta,
  seconds: SECONDS,
  connections: CONNECTIONS,
  suppliers: SUPPLIERS,
  offers: OFFERS,
  node: process.version,
  date: new Date().toISOString(),
};
save();

console.log(`\n${SECONDS} s each, ${CONNECTIONS} connections, ${SUPPLIERS} suppliers / ${OFFERS} offers, each RFQ from a buyer of its own\n`);

/** One row of the summary: what was measured against what it must reach. */
const rows = [];
const row = (section, figure, measured, target, met) => rows.push({ section, figure, measured, target, met: met === null ? '' : pass(met) });
const skippedRow = (section, reason) => row(section, '', `skipped: ${reason}`, '', null);
const load = (r) =>
  `${r.rps}/s, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, ${r.cpu_ms_per_request} ms CPU each${r.non_2xx ? `, ${r.non_2xx} not 2xx${describeStatuses(r.non_2xx_statuses)}` : ''}${r.errors ? `, ${r.errors} errors` : ''}`;
const clean = (r) => r.non_2xx === 0 && r.errors === 0;

/** ": 82 answered 503" for the statuses of the answers that were not 2xx; nothing when there were none. */
function describeStatuses(statuses = {}) {
  const parts = Object.entries(statuses).map(([code, count]) => `${count} answered ${code}`);
  return parts.length ? `: ${parts.join(', ')}` : '';
}

if (selected.has('sqlite')) {
  const { rfq_submit: submit, rfq_get: get, healthz } = results;
  row(
    'sqlite',
    'rfq_submit',
    load(submit),
    `>= ${TARGETS.submitRps}/s, p99 <= ${TARGETS.submitP99Ms} ms`,
    submit.rps >= TARGETS.submitRps && submit.p99_ms <= TARGETS.submitP99Ms && clean(submit),
  );
  row('sqlite', 'rfq_get', load(get), `>= ${TARGETS.getRps}/s`, get.rps >= TARGETS.getRps && clean(get));
  row('sqlite', 'healthz', load(healthz), 'the bare HTTP rate', null);
  const r = results.meta.submit_vs_healthz;
  row('sqlite', 'submit / healthz', `${r} %`, `>= ${TARGETS.submitVsHealthzPercent} %`, r >= TARGETS.submitVsHealthzPercent);
}
if (selected.has('basket')) {
  const b = results.rfq_submit_basket;
  row(
    'basket',
    'rfq_submit_basket',
    load(b),
    `>= ${TARGETS.basketRps}/s, p99 <= ${TARGETS.basketP99Ms} ms`,
    b.rps >= TARGETS.basketRps && b.p99_ms <= TARGETS.basketP99Ms && clean(b),
  );
}
if (selected.has('email')) {
  const e = results.email_delivery;
  row(
    'email',
    'email_delivery',
    `${e.buyer_emails} buyer e-mails at ${e.rfq_per_s} RFQ/s: p50 ${e.p50_ms} ms, p99 ${e.p99_ms} ms, max ${e.max_ms} ms (${e.missing} missing, ${e.rfqs_failed} RFQs failed)`,
    `p99 <= ${TARGETS.emailP99Ms} ms from the RFQ's answer to SMTP acceptance`,
    e.p99_ms <= TARGETS.emailP99Ms && e.missing === 0 && e.rfqs_failed === 0,
  );
}
if (selected.has('data')) {
  const d = results.data_api;
  row(
    'data',
    'data_api',
    `${d.requests} pages of 1,000 over ${d.rfqs} RFQs: p50 ${d.procurement_data_p50_ms} ms, p99 ${d.procurement_data_p99_ms} ms (key check p99 ${d.auth_p99_ms} ms)`,
    `p99 <= ${TARGETS.dataP99Ms} ms`,
    d.procurement_data_p99_ms <= TARGETS.dataP99Ms,
  );
}
if (selected.has('postgres')) {
  const p = results.postgres;
  if (p.skipped) {
    skippedRow('postgres', p.skipped);
  } else {
    const t = p.two_processes;
    const cpu = `by process ${t.cpu_ms_per_request_by_process?.join(' + ') ?? '?'} ms, PostgreSQL ${t.postgres_cpu_ms_per_request ?? 'not measured (not on this machine)'}${t.postgres_cpu_ms_per_request === null ? '' : ' ms'}`;
    row(
      'postgres',
      'two_processes',
      `${load(t)} (${cpu})`,
      `>= ${TARGETS.postgresRps}/s, p99 <= ${TARGETS.postgresP99Ms} ms`,
      t.rps >= TARGETS.postgresRps && t.p99_ms <= TARGETS.postgresP99Ms && clean(t),
    );
    row('postgres', 'submit / healthz', `${t.submit_vs_healthz} % (healthz ${t.healthz_rps}/s)`, 'reported', null);
  }
}
if (selected.has('scale')) {
  const s = results.scale;
  for (const key of ['suppliers_10k', 'suppliers_100k']) {
    const x = s[key];
    const large = key === 'suppliers_100k';
    row(
      'scale',
      key,
      `${x.suppliers} suppliers / ${x.offers} offers: ${load(x)}; resident at most ${x.rss_mb} MB; ready in ${x.startup_ms} ms`,
      large ? `<= ${TARGETS.scaleRssMb} MB, ready <= ${TARGETS.scaleStartupMs} ms` : 'the reference',
      large ? x.rss_mb !== null && x.rss_mb <= TARGETS.scaleRssMb && x.startup_ms <= TARGETS.scaleStartupMs : null,
    );
  }
  row('scale', 'p99, 100k / 10k', `${s.p99_ratio}x`, `<= ${TARGETS.scaleP99Ratio}x`, s.p99_ratio <= TARGETS.scaleP99Ratio);
}
if (selected.has('lighthouse')) {
  if (results.lighthouse?.skipped) {
    skippedRow('lighthouse', results.lighthouse.skipped);
  } else {
    for (const [path, scores] of Object.entries(lighthouse)) {
      const ok = Object.entries(LIGHTHOUSE_TARGETS).every(([k, min]) => scores[k] >= min);
      row(
        'lighthouse',
        path,
        `performance ${scores.performance}, accessibility ${scores.accessibility}, SEO ${scores.seo}, best practices ${scores.best_practices}`,
        `performance >= ${LIGHTHOUSE_TARGETS.performance}, accessibility ${LIGHTHOUSE_TARGETS.accessibility}, SEO ${LIGHTHOUSE_TARGETS.seo}`,
        ok,
      );
    }
  }
}
row('sizes', 'widget loader', `${results.widget.loader_gz_bytes} bytes gzipped`, '<= 1,536 bytes', results.widget.loader_gz_bytes <= 1536);
row(
  'sizes',
  'widget app',
  `${results.widget.app_gz_bytes} bytes (${results.widget.app_with_client_gz_bytes} with its API client)`,
  '<= 25,600 bytes',
  results.widget.app_gz_bytes <= 25_600,
);
row('sizes', 'portal home route', `${results.portal.home_gz_kb} KB gzipped, fetched until the network is idle`, '<= 120 KB', results.portal.home_gz_kb <= 120);
row(
  'sizes',
  'procura/embed',
  `${results.sdk.embed_gz_bytes} bytes (procura ${results.sdk.core_gz_bytes} with ky, procura/react ${results.sdk.react_gz_bytes})`,
  '<= 3,072 bytes',
  results.sdk.embed_gz_bytes <= 3072,
);

console.table(rows);
if (lighthouse && !results.lighthouse?.skipped) console.log(`Lighthouse, mobile preset, what cost points:\n${describeScores(lighthouse)}`);
const missed = rows.filter((r) => r.met === pass(false));
console.log(
  missed.length === 0
    ? 'Every target measured here is met.'
    : `${missed.length} target(s) NOT MET: ${missed.map((r) => `${r.section} ${r.figure}`).join(', ')}.`,
);
console.log('Written to bench/results.json.');
process.exit(0);
