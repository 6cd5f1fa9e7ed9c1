// npm run bench: builds (via the npm script), seeds a large SQLite market, starts the server and
// drives it over loopback with autocannon. Prints a table and writes bench/results.json.
//
//   npm run bench                            every section but the soak
//   npm run bench -- --only postgres,scale   the sections named (sqlite, basket, paperwork, email,
//                                            data, records, postgres, scale, lighthouse); results.json keeps the others
//   npm run bench -- --soak                  10 minutes at 100 RFQs a second with e-mail, alone
//
// The sections are `sections.mjs`, what they share `harness.mjs`, the generated large markets
// `market.mjs`, the buyer's history and the scorecard `records.mjs`, and the Lighthouse runs
// `lighthouse.mjs`; this file runs those asked for and holds their figures to the targets.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { describeScores, LIGHTHOUSE_TARGETS, lighthouseScores } from './lighthouse.mjs';
import { SECONDS, WARM_SECONDS, CONNECTIONS, SUPPLIERS, OFFERS, BASKET_LINES, seedBenchDatabase, startServer } from './harness.mjs';
import { PAPERWORK, paperworkSection } from './paperwork.mjs';
import { HISTORY_REQUESTS, recordsSection } from './records.mjs';
import { DATA_RFQS, dataApiBench, emailDelivery, sqliteSection, basketSection, postgresSection, scaleSection, soakSection } from './sections.mjs';

/** The fast core's targets: every figure the bench prints is held to one of these. */
const TARGETS = {
  submitRps: 1000,
  submitP99Ms: 50,
  basketRps: 300,
  basketP99Ms: 100,
  paperworkHealthzP99Ms: 50,
  submitVsHealthzPercent: 12,
  getRps: 3000,
  emailP99Ms: 1000,
  postgresRps: 800,
  postgresP99Ms: 50,
  // The scale-out path against the embedded one in the same run: ratios, which a slower machine does not move.
  postgresCpuVsSqlite: 1.3,
  postgresOwnCpuMs: 0.7,
  postgresOwnCpuVsSqlite: 0.6,
  postgresRpsVsSqlitePercent: 60,
  dataP99Ms: 30,
  buyerHistoryP99Ms: 20,
  scaleP99Ratio: 2,
  scaleRssMb: 500,
  scaleStartupMs: 5000,
  soakRssGrowthPercent: 10,
  soakOldestWaitingSeconds: 60,
};

const SECTIONS = ['sqlite', 'basket', 'paperwork', 'email', 'data', 'records', 'postgres', 'scale', 'lighthouse'];
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

if (['sqlite', 'basket', 'paperwork', 'email', 'data', 'records', 'postgres', 'lighthouse'].some((s) => selected.has(s))) seedBenchDatabase();

if (selected.has('sqlite')) {
  const sqlite = await sqliteSection();
  Object.assign(results, { rfq_submit: sqlite.rfq_submit, rfq_get: sqlite.rfq_get, healthz: sqlite.healthz });
  results.meta = { ...results.meta, submit_vs_healthz: sqlite.submit_vs_healthz };
  results.machine = { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? null, bare_node_http: sqlite.bare_node_http };
}
if (selected.has('basket')) {
  console.log(`Submitting ${BASKET_LINES}-line baskets from new buyers for ${SECONDS} s ...`);
  results.rfq_submit_basket = await basketSection();
}
if (selected.has('paperwork')) {
  console.log(
    `Fetching the quotation PDFs of ${PAPERWORK.baskets} ${PAPERWORK.lines}-line baskets over ${PAPERWORK.connections} connections for ${PAPERWORK.seconds} s, timing /healthz meanwhile ...`,
  );
  results.paperwork = await paperworkSection();
}
if (selected.has('email')) {
  console.log(`Submitting RFQs at 100 per second for 5 + ${SECONDS} s with e-mail going to a local SMTP server ...`);
  results.email_delivery = await emailDelivery();
}
if (selected.has('data')) {
  console.log(`Filling the database to ${DATA_RFQS} RFQs and reading them through the data API ...`);
  results.data_api = await dataApiBench();
}
if (selected.has('records')) {
  console.log(`Reading the history of a buyer with ${HISTORY_REQUESTS} requests, and the scorecard of the supplier with the most orders ...`);
  Object.assign(results, await recordsSection());
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
  warm_seconds: WARM_SECONDS,
  connections: CONNECTIONS,
  suppliers: SUPPLIERS,
  offers: OFFERS,
  node: process.version,
  date: new Date().toISOString(),
};
save();

console.log(
  `\n${SECONDS} s each (a submit's rate after ${WARM_SECONDS} s of the same load unmeasured for each server process), ${CONNECTIONS} connections, ${SUPPLIERS} suppliers / ${OFFERS} offers, each RFQ from a buyer of its own\n`,
);

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
  row('sqlite', 'healthz', `${load(healthz)}, in halves before and after the submit`, 'the bare HTTP rate', null);
  const r = results.meta.submit_vs_healthz;
  row('sqlite', 'submit / healthz', `${r} %`, `>= ${TARGETS.submitVsHealthzPercent} %`, r >= TARGETS.submitVsHealthzPercent);
  const bare = results.machine.bare_node_http;
  row(
    'machine',
    'bare Node HTTP',
    `${load(bare)}; healthz at ${Math.round((healthz.rps / bare.rps) * 100)} % of it`,
    "this machine's speed, to compare runs",
    null,
  );
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
if (selected.has('paperwork')) {
  const p = results.paperwork;
  row(
    'paperwork',
    'healthz while PDFs are fetched',
    `p50 ${p.healthz_p50_ms} ms, p99 ${p.healthz_p99_ms} ms, max ${p.healthz_max_ms} ms (${p.healthz_requests} asked); ` +
      `${p.documents} documents of ${p.lines} lines at ${p.pdf_rps}/s, p99 ${p.pdf_p99_ms} ms${p.pdf_non_2xx ? `, ${p.pdf_non_2xx} not 2xx` : ''}`,
    `healthz p99 <= ${TARGETS.paperworkHealthzP99Ms} ms`,
    p.healthz_p99_ms <= TARGETS.paperworkHealthzP99Ms && p.pdf_non_2xx === 0,
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
if (selected.has('records')) {
  const h = results.buyer_history;
  row(
    'records',
    'buyer_history',
    `first page of ${h.requests_held} requests: ${load(h)}`,
    `p99 <= ${TARGETS.buyerHistoryP99Ms} ms`,
    h.p99_ms <= TARGETS.buyerHistoryP99Ms && clean(h),
  );
  row('records', 'scorecard', `${results.scorecard.supplier}: ${load(results.scorecard)}`, 'reported', null);
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
    // Held to the SQLite submit measured around it (a results.json from before that was measured has none).
    const sqlite = p.sqlite_around;
    if (sqlite) {
      const times = (n) => Math.round((n / sqlite.cpu_ms_per_request) * 100) / 100;
      const servers = times(t.cpu_ms_per_request);
      row('postgres', 'SQLite around it', `${load(sqlite)}, in halves before and after`, 'the reference of the ratios below', null);
      row(
        'postgres',
        'server CPU / SQLite',
        `${servers}x (${t.cpu_ms_per_request} ms against ${sqlite.cpu_ms_per_request} ms)`,
        `<= ${TARGETS.postgresCpuVsSqlite}x`,
        servers <= TARGETS.postgresCpuVsSqlite,
      );
      // Measured only where PostgreSQL runs on this machine.
      const own = t.postgres_cpu_ms_per_request;
      if (typeof own === 'number') {
        row(
          'postgres',
          "PostgreSQL's own CPU",
          `${own} ms, ${times(own)}x the SQLite submit's`,
          `<= ${TARGETS.postgresOwnCpuMs} ms and <= ${TARGETS.postgresOwnCpuVsSqlite}x`,
          own <= TARGETS.postgresOwnCpuMs && times(own) <= TARGETS.postgresOwnCpuVsSqlite,
        );
      }
      const share = Math.round((t.rps / sqlite.rps) * 1000) / 10;
      row('postgres', 'rate / SQLite', `${share} %`, `>= ${TARGETS.postgresRpsVsSqlitePercent} %`, share >= TARGETS.postgresRpsVsSqlitePercent);
    }
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
