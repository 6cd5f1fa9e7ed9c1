// Lighthouse on the public pages, as a phone on a slow network meets them (Lighthouse's mobile
// preset: an emulated mid-range phone, simulated slow 4G and a 4x slower CPU), in Debian's
// Chromium. `npm run bench` calls it on its server; `node bench/lighthouse.mjs` after a build
// starts a server of its own on a fresh starter database and prints the scores.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The pages measured, and the scores each must reach (0-100); /suppliers/acacia-janitorial is the starter database's first supplier's page. */
export const LIGHTHOUSE_PATHS = ['/', '/about', '/how-it-works', '/suppliers', '/suppliers/acacia-janitorial', '/docs'];
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, seo: 100 };

const CATEGORIES = { performance: 'performance', accessibility: 'accessibility', seo: 'seo', best_practices: 'best-practices' };

/**
 * Runs Lighthouse on each path of `base`, one after another in one Chromium, and answers
 * `{ "<path>": { performance, accessibility, seo, best_practices } }` with the audits that cost
 * points under `failing`.
 */
export async function lighthouseScores(base, paths = LIGHTHOUSE_PATHS) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores = {};
  // Measured in the steady state: each page once before, so no score counts a cold start.
  for (const path of paths) await fetch(`${base}${path}`).then((r) => r.text());
  try {
    for (const path of paths) {
      const run = () => lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.values(CATEGORIES) });
      let result = await run();
      // A run Lighthouse could not finish (its first page in a fresh Chromium, now and then) scores
      // nothing: it is run once more, and if it fails again its error is what the report says.
      if (result.lhr.runtimeError) result = await run();
      const { categories, audits, runtimeError } = result.lhr;
      scores[path] = Object.fromEntries(Object.entries(CATEGORIES).map(([key, id]) => [key, Math.round((categories[id]?.score ?? 0) * 100)]));
      if (runtimeError) scores[path].error = `${runtimeError.code}: ${runtimeError.message}`;
      scores[path].failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}

/** Whether every page reached its targets. */
export function meetsTargets(scores) {
  return Object.values(scores).every((s) => Object.entries(LIGHTHOUSE_TARGETS).every(([key, target]) => s[key] >= target));
}

/** One line per page, for the bench's report. */
export function describeScores(scores) {
  return Object.entries(scores)
    .map(
      ([path, s]) =>
        `  ${path.padEnd(14)} ${s.error ? `not measured, Lighthouse failed twice (${s.error})` : `performance ${s.performance}, accessibility ${s.accessibility}, SEO ${s.seo}, best practices ${s.best_practices}`}${s.failing.length ? `; below 90: ${s.failing.join(', ')}` : ''}`,
    )
    .join('\n');
}

/** A port on loopback that nothing listens on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = mkdtempSync(join(tmpdir(), 'procura-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(folder, 'site.sqlite')}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_DISABLED: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let up = false;
  for (let i = 0; i < 100 && !up; i++) {
    await sleep(200);
    up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  }
  try {
    if (!up) throw new Error('The server did not start.');
    const scores = await lighthouseScores(base, process.argv.slice(2).length ? process.argv.slice(2) : LIGHTHOUSE_PATHS);
    console.log(describeScores(scores));
    process.exitCode = meetsTargets(scores) ? 0 : 1;
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  }
}
