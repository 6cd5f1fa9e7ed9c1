// The bench's harness: its load settings and request bodies, autocannon runs and their figures,
// CPU and memory read from /proc, the bench database, the built server, and small HTTP and SMTP
// helpers that the sections share.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { freePort } from './lighthouse.mjs';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * Seconds of the same load a server takes, unmeasured, before a rate and its CPU are measured: a
 * process's first seconds run code its compiler has not yet optimised, a cost each process pays
 * once, which the figures per request would otherwise share out over one run's requests. Several
 * processes under one load are warmed that long each (see `warmUp`).
 */
export const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 5);
export const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 10_000);
export const OFFERS = Number(process.env.BENCH_OFFERS ?? 200_000);
/** Where PostgreSQL is asked for: the bench creates a database of its own there and drops it after. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const FILE = './data/bench.sqlite';
/** The bench database as seeded, before any section wrote to it: what a SQLite reference beside another section starts from. */
export const SEEDED_FILE = './data/bench-seeded.sqlite';
export const DATABASE_URL = `sqlite:${FILE}`;

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
export const buyerAddress = (i, tag) => `${tag}-${i}@buyer${i % 5000}.example.co.za`;

export function rfqBody(i, { supplierCount = 5, tag = 'buyer' } = {}) {
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
export const BASKET_LINES = 10;

/** A basket request of `lines` lines (BASKET_LINES unless given) from a buyer of its own. */
export function basketBody(i, tag, lines = BASKET_LINES) {
  return JSON.stringify({
    lines: Array.from({ length: lines }, (_, n) => ({
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
export function rfqRequests(tag) {
  let n = 0;
  return [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: rfqBody(n++, { tag }) }) }];
}

/** autocannon's requests for baskets (see basketBody), numbered across every connection of the run. */
export function basketRequests(tag) {
  let n = 0;
  return [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: basketBody(n++, tag) }) }];
}

/** autocannon over `url` (or several, the connections shared between them), bounded by SECONDS. */
export function run(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * The load of `options` over `url` for WARM_SECONDS, unmeasured: what a server takes before a run
 * that is measured. Over several servers (`url` a list) it runs that long for each, so that each
 * takes about as many requests as one server alone would: a process's compiler warms by the
 * requests it has seen, and one that has seen fewer still spends CPU optimising the request's
 * code while it is measured.
 */
export async function warmUp(url, options) {
  const servers = Array.isArray(url) ? url.length : 1;
  if (WARM_SECONDS > 0) await run(url, { ...options, duration: WARM_SECONDS * servers });
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
export function memoryOf(pid) {
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
export async function measured(servers, load, { postgres = false } = {}) {
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
export function seedBenchDatabase() {
  mkdirSync('./data', { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(FILE + suffix, { force: true });
  console.log(`Seeding ${SUPPLIERS} suppliers and about ${OFFERS} offers into ${FILE} ...`);
  seed(DATABASE_URL, ['--suppliers', String(SUPPLIERS), '--offers', String(OFFERS)]);
  // The seed's process closed the file, which folded its write-ahead log in: the file alone is the database.
  if (existsSync(`${FILE}-wal`)) throw new Error(`${FILE}-wal is left after the seed: the file alone is not the database`);
  copyFileSync(FILE, SEEDED_FILE);
}

export function seed(databaseUrl, args) {
  const seeded = spawnSync('node', ['dist/server/cli.js', 'seed', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

/**
 * Starts the built server (on the bench database unless `env` names another); answers its base
 * URL, process id, the milliseconds it took to answer /readyz, and functions that stop it, pause
 * it and let it go on.
 */
export async function startServer(env = {}) {
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
      // Every request of a bench comes from one client address: the per-client limits would
      // time 429s, not the work.
      RFQ_RATE_LIMIT: '1000000000',
      TRACKING_RATE_LIMIT: '1000000000',
      PAPERWORK_RATE_LIMIT: '1000000000',
      SEED_ON_EMPTY: 'false',
      // Production refuses to start without SMTP_URL unless e-mail is off on purpose; the
      // e-mail sections pass their own SMTP server.
      MAIL_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A server the bench leaves running is stopped when the bench ends; one it stopped is forgotten.
  // (A paused server is let go on first, or the signal would wait for it.)
  const stopOnExit = () => {
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  };
  process.on('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  };
  // A server paused takes no CPU at all (its timers and threads wait too) while another is measured beside it.
  const pause = () => child.kill('SIGSTOP');
  const resume = () => child.kill('SIGCONT');
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
  return { base, pid: child.pid, startMs: Math.round(performance.now() - started), stop, pause, resume };
}

/**
 * This machine's reference: the rate of a bare Node HTTP server (no framework, a fixed JSON answer)
 * under the same load as the product, so that figures from different machines can be compared.
 */
export async function bareHttpReference() {
  const port = await freePort();
  const child = spawn(
    'node',
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1', () => console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('The bare HTTP server did not start.')));
  });
  try {
    return await measured([{ pid: child.pid }], () => run(`http://127.0.0.1:${port}/`, {}));
  } finally {
    child.kill('SIGTERM');
  }
}

export const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GETs a URL over one kept-alive connection; answers the status, headers and raw body bytes. */
export function getRaw(url, headers) {
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

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * An SMTP server in this process that accepts every message. `onMessage(session, messageId, at)`
 * hears each one with the Message-ID its header carries.
 */
export async function smtpSink(onMessage) {
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

/** POSTs JSON over a kept-alive connection; answers the status once the body is read. */
export function post(url, body, agent) {
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
