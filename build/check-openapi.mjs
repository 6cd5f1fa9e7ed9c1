// `npm run check:openapi`, a stage of `npm test`: the OpenAPI document that /api/openapi.json
// serves, built from server/openapi/ as the server builds it, linted by Spectral (`.spectral.yaml`)
// and Redocly (`redocly.yaml`). A warning of either fails as an error does.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import replace from '@rollup/plugin-replace';
import { rollup } from 'rollup';
import { transpile } from './transpile.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
/** The address the document names as its server: a deployment's, since Redocly rightly flags localhost. */
const PUBLIC_URL = 'https://procura.co.za';
const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The document, from the sources as they are now (no build needed), at the application's version. */
async function openApiDocument() {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const isPackage = (id) => id.startsWith('node:') || builtinModules.includes(id) || /^(@[\w-][\w.-]*\/)?[\w-][\w.-]*(\/.*)?$/.test(id);
  const bundle = await rollup({
    input: 'server/openapi/openapi.ts',
    external: isPackage,
    plugins: [replace({ preventAssignment: true, values: { __PROCURA_VERSION__: JSON.stringify(version) } }), transpile()],
    onwarn(warning, warn) {
      // zod's annotations rollup cannot place are zod's to fix (as in rollup.config.mjs).
      if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
    },
  });
  // Packages are imported by their resolved file, so the module runs from a data: URL.
  const { output } = await bundle.generate({ format: 'es', paths: (id) => (id.startsWith('node:') ? id : import.meta.resolve(id)) });
  await bundle.close();
  const module = await import(`data:text/javascript;base64,${Buffer.from(output[0].code).toString('base64')}`);
  return module.openApiDocument(version, PUBLIC_URL);
}

/** A package's command line, found through its manifest (given as a file URL) and run by this Node. */
function commandOf(manifestUrl, name) {
  const manifest = fileURLToPath(manifestUrl);
  return join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin[name]);
}

/** Runs a linter; answers its exit code and what it printed. */
function run(command, args, env = {}) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [command, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => {
      stdout += b;
    });
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Spectral fails on warnings by itself; its report is printed only when it failed. */
async function spectral(file) {
  const { code, stdout, stderr } = await run(commandOf(import.meta.resolve('@stoplight/spectral-cli/package.json'), 'spectral'), [
    'lint',
    file,
    '--ruleset',
    '.spectral.yaml',
    '--fail-severity=warn',
  ]);
  if (code !== 0) process.stdout.write(`${stdout}${stderr}`);
  return code === 0;
}

/**
 * Redocly's exit code counts errors alone, so its JSON report is read: any problem fails. Nothing
 * is sent to Redocly (telemetry is off in redocly.yaml too), and no newer version is looked up.
 */
async function redocly(file) {
  const { code, stdout, stderr } = await run(
    commandOf(import.meta.resolve('@redocly/cli/package.json'), 'redocly'),
    ['lint', file, '--config', 'redocly.yaml', '--format=json'],
    {
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    },
  );
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    process.stdout.write(`${stdout}${stderr}`);
    return false;
  }
  for (const p of report.problems) console.log(`redocly ${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '#'}: ${p.message}`);
  return code === 0 && report.problems.length === 0;
}

const dir = mkdtempSync(join(tmpdir(), 'procura-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
  const built = performance.now();
  const [spectralOk, redoclyOk] = await Promise.all([spectral(file), redocly(file)]);
  console.log(
    `OpenAPI document built in ${seconds(built - started)}, linted in ${seconds(performance.now() - built)}: Spectral ${spectralOk ? 'passed' : 'FAILED'}, Redocly ${redoclyOk ? 'passed' : 'FAILED'}`,
  );
  process.exitCode = spectralOk && redoclyOk ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
