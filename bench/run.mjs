// npm run bench: builds (via the npm script), seeds a large SQLite market, starts the server and
// drives it over loopback with autocannon. Prints a table and writes bench/results.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { describeScores, LIGHTHOUSE_TARGETS, lighthouseScores, meetsTargets } from './lighthouse.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 10_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 200_000);
const FILE = './data/bench.sqlite';
const DATABASE_URL = `sqlite:${FILE}`;

const PRODUCTS = [
  'Hand Sanitizer 70% Alcohol', 'Dishwashing Liquid Concentrate', 'Toilet Paper 2-Ply (48-pack)',
  'Surgical Face Masks 3-Ply (50-pack)', 'Nitrile Examination Gloves (100-pack)', 'Household Bleach',
  'Electric Geyser 150L', 'Wall-Mounted Soap Dispenser', 'Hospital-Grade Surface Disinfectant (Bulk)',
  'Glass and Window Cleaner (Eco)', 'Liquid Hand Soap (Refill)', 'Laundry Detergent Powder (Trade Pack)',
  'All-Purpose Floor Cleaner (Industrial)', 'Air Freshener Aerosol 300ml (Premium)', 'Latex gloves',
  'Industrial degreaser', 'Paper Hand Towels (case of 20) (Economy)',
];
const CITIES = ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha', 'Bloemfontein', 'Polokwane', 'Kimberley', 'Upington', 'George'];
const QUANTITIES = [10, 25, 60, 120, 250, 600, 1200];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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
    errors: result.errors + result.timeouts,
  };
}

mkdirSync('./data', { recursive: true });
for (const suffix of ['', '-wal', '-shm']) rmSync(FILE + suffix, { force: true });
console.log(`Seeding ${SUPPLIERS} suppliers and about ${OFFERS} offers into ${FILE} ...`);
const seeded = spawnSync('node', ['dist/server/cli.js', 'seed', '--suppliers', String(SUPPLIERS), '--offers', String(OFFERS)], {
  env: { ...process.env, DATABASE_URL },
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

/** Starts the built server on the bench database; answers its base URL and a stop function. */
async function startServer(env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
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
      // e-mail section passes its own SMTP server.
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
  for (let i = 0; i < 100 && !up; i++) {
    await sleep(200);
    up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
  }
  if (!up) {
    console.error('The server did not start.');
    process.exit(1);
  }
  return { base, stop };
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
  const { base, stop } = await startServer();
  const reg = await fetch(`${base}/api/partners/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Bench Partner', contactEmail: 'bench@example.co.za', contactName: 'Bench', website: 'https://bench.example.co.za', businessType: 'software', integrationType: 'api', monthlyTraffic: '100k-plus', useCase: 'Reading every record for the benchmark' }),
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
 * Submits RFQs at RATE per second against a server that sends e-mail to an SMTP sink in this
 * process, and measures, for each buyer e-mail, the time from the RFQ's answer to the sink's
 * acceptance of the message. The first WARMUP seconds (a cold process compiling its hot paths
 * and opening its SMTP connections) are reported apart from the SECONDS measured after them.
 */
async function emailDelivery() {
  const RATE = 100;
  const WARMUP = 5;
  const accepted = new Map(); // buyer address -> time the sink accepted the message
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = performance.now();
        for (const r of session.envelope.rcptTo) if (r.address.startsWith('bench-')) accepted.set(r.address, at);
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise((resolve) => sink.listen(smtpPort, '127.0.0.1', resolve));
  const { base, stop } = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });

  const answered = new Map(); // buyer address -> time the RFQ's answer arrived
  const total = RATE * (WARMUP + SECONDS);
  const start = performance.now();
  const inFlight = [];
  let failed = 0;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const address = `bench-${i}@example.co.za`;
    inFlight.push(
      fetch(`${base}/api/rfq`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          productName: PRODUCTS[i % PRODUCTS.length],
          productDescription: 'Monthly replenishment for our facilities, delivered to the loading bay',
          quantity: QUANTITIES[i % QUANTITIES.length],
          supplierCount: 3,
          deliveryLocation: CITIES[(i * 7) % CITIES.length],
          primaryEmail: address,
          agreeTerms: true,
        }),
      }).then(
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
  await new Promise((resolve) => sink.close(resolve));

  const delays = (from, to) => {
    const out = [];
    for (let i = from; i < to; i++) {
      const a = `bench-${i}@example.co.za`;
      if (answered.has(a) && accepted.has(a)) out.push(Math.max(0, accepted.get(a) - answered.get(a)));
    }
    return out.sort((x, y) => x - y);
  };
  const warm = delays(0, RATE * WARMUP);
  const measured = delays(RATE * WARMUP, total);
  return {
    rfq_per_s: RATE,
    warmup_seconds: WARMUP,
    rfqs: total,
    rfqs_failed: failed,
    buyer_emails: measured.length,
    missing: answered.size - warm.length - measured.length,
    p50_ms: Math.round(percentile(measured, 50)),
    p99_ms: Math.round(percentile(measured, 99)),
    max_ms: Math.round(measured[measured.length - 1] ?? 0),
    warmup_p99_ms: Math.round(percentile(warm, 99)),
  };
}

const { base, stop } = await startServer();

let n = 0;
const submit = await run(`${base}/api/rfq`, {
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest(req) {
        const i = n++;
        req.body = JSON.stringify({
          productName: PRODUCTS[i % PRODUCTS.length],
          productDescription: 'Monthly replenishment for our facilities, delivered to the loading bay',
          quantity: QUANTITIES[i % QUANTITIES.length],
          supplierCount: 5,
          deliveryLocation: CITIES[(i * 7) % CITIES.length],
          primaryEmail: `buyer${i % 1000}@example.co.za`,
          agreeTerms: true,
        });
        return req;
      },
    },
  ],
});

const ids = new Database(FILE, { readonly: true }).prepare('select id from rfqs order by created_at desc limit 5000').all().map((r) => r.id);
let g = 0;
const get = await run(`${base}/api/rfq/${ids[0]}`, {
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/rfq/${ids[g++ % ids.length]}` }) }],
});
const health = await run(`${base}/healthz`, {});
await stop();

console.log(`Submitting RFQs at 100 per second for 5 + ${SECONDS} s with e-mail going to a local SMTP server ...`);
const email = await emailDelivery();

console.log(`Filling the database to ${DATA_RFQS} RFQs and reading them through the data API ...`);
const dataApi = await dataApiBench();

console.log('Running Lighthouse (mobile preset) on the public pages ...');
const site = await startServer();
const lighthouse = await lighthouseScores(site.base);
await site.stop();

// Sizes the build measured: what a partner's page loads for the widget, and what the portal's home route loads.
const widgetSizes = JSON.parse(readFileSync('dist/public/widget-size.json', 'utf8'));
const portalSize = JSON.parse(readFileSync('dist/public/size.json', 'utf8'));
const sdkSizes = JSON.parse(readFileSync('dist/sdk-size.json', 'utf8'));
const results = {
  rfq_submit: figures(submit),
  rfq_get: figures(get),
  healthz: figures(health),
  email_delivery: email,
  data_api: dataApi,
  widget: { loader_gz_bytes: widgetSizes.loader_gz_bytes, app_gz_bytes: widgetSizes.app_gz_bytes, app_with_client_gz_bytes: widgetSizes.app_with_client_gz_bytes },
  portal: { home_gz_kb: portalSize.total_gzip_kb },
  sdk: { core_gz_bytes: sdkSizes.core_gz_bytes, embed_gz_bytes: sdkSizes.embed_gz_bytes, react_gz_bytes: sdkSizes.react_gz_bytes },
  lighthouse: Object.fromEntries(Object.entries(lighthouse).map(([path, { failing, ...scores }]) => [path, scores])),
};
results.meta = {
  seconds: SECONDS,
  connections: CONNECTIONS,
  suppliers: SUPPLIERS,
  offers: OFFERS,
  submit_vs_healthz: Math.round((results.rfq_submit.rps / results.healthz.rps) * 1000) / 10,
  node: process.version,
  date: new Date().toISOString(),
};
writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);

console.log(`\n${SECONDS} s each, ${CONNECTIONS} connections, ${SUPPLIERS} suppliers / ${OFFERS} offers (SQLite)\n`);
console.table(
  Object.fromEntries(['rfq_submit', 'rfq_get', 'healthz'].map((k) => [k, { rps: results[k].rps, p50_ms: results[k].p50_ms, p99_ms: results[k].p99_ms, non_2xx: results[k].non_2xx, errors: results[k].errors }])),
);
console.log(`RFQ submit rate is ${results.meta.submit_vs_healthz}% of the healthz rate.`);
console.log(
  `E-mail delivery at ${email.rfq_per_s} RFQ/s, after ${email.warmup_seconds} s of warm-up (p99 then ${email.warmup_p99_ms} ms): ` +
    `${email.buyer_emails} buyer e-mails, p50 ${email.p50_ms} ms, p99 ${email.p99_ms} ms, max ${email.max_ms} ms ` +
    `from the RFQ's answer to the SMTP server's acceptance (${email.missing} missing, ${email.rfqs_failed} RFQs failed).`,
);
console.log(
  `Widget: loader ${results.widget.loader_gz_bytes} bytes gzipped (target 1,536), iframe app ${results.widget.app_gz_bytes} bytes (target 25,600), ${results.widget.app_with_client_gz_bytes} with the API client it loads beside the form. ` +
    `Portal home route: ${results.portal.home_gz_kb} KB gzipped (target 120).`,
);
console.log(
  `Data API on ${dataApi.rfqs} RFQs: /api/v2/procurement-data?limit=1000 p50 ${dataApi.procurement_data_p50_ms} ms, p99 ${dataApi.procurement_data_p99_ms} ms (target 30); ` +
    `key check and rate limit p50 ${dataApi.auth_p50_ms} ms, p99 ${dataApi.auth_p99_ms} ms of that.`,
);
console.log(
  `SDK, minified and gzipped: procura ${results.sdk.core_gz_bytes} bytes with ky (zod is the app's), ` +
    `procura/embed ${results.sdk.embed_gz_bytes} bytes (target 3,072), procura/react ${results.sdk.react_gz_bytes} bytes (React is the app's).`,
);
console.log(
  `Lighthouse, mobile preset (targets: performance ${LIGHTHOUSE_TARGETS.performance}, accessibility ${LIGHTHOUSE_TARGETS.accessibility}, SEO ${LIGHTHOUSE_TARGETS.seo}) ` +
    `${meetsTargets(lighthouse) ? 'met on every page' : 'NOT MET'}:\n${describeScores(lighthouse)}`,
);
console.log('Written to bench/results.json.');
process.exit(0);
