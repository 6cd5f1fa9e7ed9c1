// Proves that the built server runs on its production dependencies alone: copies the built
// checkout, removes every devDependency with `npm prune --omit=dev`, starts dist/server/main.js
// with NODE_ENV=production and a fresh SQLite file, and waits for /readyz to answer 200.
// Exits non-zero, with the server's output, on any failure. Run after `npm run build`.
// With --npm-ci the copy leaves node_modules behind and installs with `npm ci --omit=dev`
// instead, as an operator deploying from the lockfile would (slower: native modules compile).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const fromLockfile = process.argv.includes('--npm-ci');
const READY_WITHIN_MS = 60_000;
/** Nothing the server imports; each must be gone after the prune, or the check proves nothing. */
const DEV_ONLY = ['vitest', 'rollup', 'typescript', 'react-dom', 'msw'];
/** Not part of a built checkout: version control, local databases, screenshots, test reports. */
const SKIP = new Set(['.git', 'data', '.shots', 'coverage', 'test-results', 'playwright-report']);

function fail(message, output = '') {
  console.error(`Production install check FAILED: ${message}`);
  if (output) console.error(`--- server output ---\n${output.trimEnd()}\n---`);
  process.exit(1);
}

if (!existsSync(join(root, 'dist/server/main.js'))) fail('dist/server/main.js is missing: run `npm run build` first.');
if (!fromLockfile && !existsSync(join(root, 'node_modules'))) fail('node_modules is missing: run `npm ci` first.');

const work = mkdtempSync(join(tmpdir(), 'procura-production-'));
const app = join(work, 'app');
const started = Date.now();
let server;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

cpSync(root, app, {
  recursive: true,
  verbatimSymlinks: true,
  filter: (src) => {
    const parts = relative(root, src).split(sep);
    // Only the root's node_modules belongs to the application (the SDK workspace's deps are hoisted
    // there or kept in sdk/node_modules); the examples install their own.
    if (parts.includes('node_modules') && (fromLockfile || parts[0] === 'examples')) return false;
    return !SKIP.has(parts[0]);
  },
});
const install = fromLockfile ? ['ci', '--omit=dev'] : ['prune', '--omit=dev', '--offline'];
console.log(`Copied the built checkout to ${app}; running npm ${install.join(' ')} ...`);
try {
  execFileSync('npm', [...install, '--no-audit', '--no-fund'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
} catch (e) {
  fail(`\`npm ${install.join(' ')}\` failed.`, `${e.stdout ?? ''}${e.stderr ?? ''}`);
}
const left = DEV_ONLY.filter((name) => existsSync(join(app, 'node_modules', name)));
if (left.length) fail(`development packages are installed after npm ${install[0]}: ${left.join(', ')}.`);

const port = await new Promise((done, reject) => {
  const probe = createServer().once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const base = `http://127.0.0.1:${port}`;
let output = '';
server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: app,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${join(work, 'procura.sqlite')}`,
    // This proves the install, not e-mail: production refuses to start without SMTP unless told.
    MAIL_DISABLED: 'true',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((done) => server.once('exit', (code, signal) => done({ code, signal })));

const deadline = Date.now() + READY_WITHIN_MS;
let status = 0;
while (Date.now() < deadline) {
  const ended = await Promise.race([exited, new Promise((done) => setTimeout(() => done(null), 250))]);
  if (ended) fail(`the server exited (code ${ended.code}, signal ${ended.signal}) before /readyz answered.`, output);
  status = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.status,
    () => 0,
  );
  if (status === 200) break;
}
if (status !== 200) fail(`/readyz did not answer 200 within ${READY_WITHIN_MS / 1000} s (last status: ${status || 'no answer'}).`, output);

server.kill('SIGTERM');
const { code } = await exited;
server = undefined;
if (code !== 0) fail(`the server did not stop cleanly on SIGTERM (exit code ${code}).`, output);
const { dependencies } = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
console.log(
  `Production install check passed in ${Math.round((Date.now() - started) / 1000)} s: after \`npm ${install.join(' ')}\` (${Object.keys(dependencies).length} dependencies), ` +
    `node dist/server/main.js answered 200 at /readyz with NODE_ENV=production and stopped cleanly.`,
);
