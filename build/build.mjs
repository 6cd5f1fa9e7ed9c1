// Builds what changed. Each output of rollup.config.mjs is rebuilt only when a file it was made
// from (its modules, node_modules included, and the templates its plugins read) or the build's
// own configuration differs from the last build, as dist/build-manifest.json recorded it.
//   node build/build.mjs           what changed
//   node build/build.mjs --clean   everything, from an empty dist/ and sdk/dist/
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';
import { sha256 } from './cache.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const MANIFEST = 'dist/build-manifest.json';
const OUTPUT_DIRS = ['dist', 'sdk/dist'];
/** Files every output depends on without importing them: a change to any rebuilds everything. */
const BUILD_FILES = [
  'rollup.config.mjs',
  'build/build.mjs',
  'build/cache.mjs',
  'build/transpile.mjs',
  'build/minify.mjs',
  'build/portal-plugins.mjs',
  'build/preact-compat-aliases.json',
  'tsconfig.json',
  'package.json',
  'sdk/package.json',
  'package-lock.json',
];

/**
 * What a file is now, or null once it is gone: size and mtime, to skip hashing a file nobody
 * touched, and the hash of its content, to judge one that was touched (a checkout touches many).
 */
function fingerprint(file, previous) {
  try {
    const { size, mtimeMs } = statSync(file);
    if (previous && previous.size === size && previous.mtimeMs === mtimeMs) return previous;
    return { size, mtimeMs, hash: sha256(readFileSync(file)) };
  } catch {
    return null;
  }
}
/** The inputs' fingerprints now, or null when any differs from what they were. */
function sameInputs(inputs) {
  const now = {};
  for (const [file, previous] of Object.entries(inputs)) {
    now[file] = fingerprint(file, previous);
    if (now[file]?.hash !== previous.hash) return null;
  }
  return now;
}
const nameOf = ({ input, output }) =>
  `${typeof input === 'string' ? input : Object.values(input).join(', ')} -> ${[...new Set(output.map((o) => o.dir ?? o.file))].join(', ')}`;

const started = performance.now();
const clean = process.argv.includes('--clean');
if (clean) for (const dir of OUTPUT_DIRS) rmSync(dir, { recursive: true, force: true });

let manifest = { build: {}, outputs: {} };
try {
  manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
} catch {
  // no build yet, or an older one: build everything
}
const buildFiles = Object.fromEntries(BUILD_FILES.map((f) => [f, fingerprint(f, manifest.build[f])]));
const buildChanged = BUILD_FILES.some((f) => manifest.build[f]?.hash !== buildFiles[f]?.hash);
if (buildChanged) manifest = { build: buildFiles, outputs: {} };
else manifest.build = buildFiles;

const saveManifest = () => {
  mkdirSync(dirname(MANIFEST), { recursive: true });
  writeFileSync(MANIFEST, JSON.stringify(manifest));
};
const { options, warnings } = await loadConfigFile(join(root, 'rollup.config.mjs'), {});
warnings.flush();

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let built = 0;
for (const inputOptions of options) {
  const name = nameOf(inputOptions);
  const record = manifest.outputs[name];
  const inputs = record?.files.every((file) => existsSync(file)) && sameInputs(record.inputs);
  if (inputs) {
    record.inputs = inputs;
    continue;
  }

  const t0 = performance.now();
  for (const file of record?.files ?? []) rmSync(file, { force: true });
  const bundle = await rollup(inputOptions);
  const files = [];
  for (const output of inputOptions.output) {
    const { output: written } = await bundle.write(output);
    const dir = output.dir ?? dirname(output.file);
    for (const item of written) {
      files.push(relative(root, join(dir, item.fileName)));
      if (item.type === 'chunk' && output.sourcemap === true) files.push(relative(root, join(dir, `${item.fileName}.map`)));
    }
  }
  await bundle.close();
  warnings.flush();
  const watched = {};
  for (const id of bundle.watchFiles) {
    if (id.startsWith('\0') || !existsSync(id)) continue; // rollup's virtual modules
    const file = relative(root, id);
    watched[file] = fingerprint(file, record?.inputs[file]);
  }
  manifest.outputs[name] = { inputs: watched, files };
  saveManifest();
  built += 1;
  console.log(`built ${name} in ${seconds(performance.now() - t0)}`);
}
saveManifest();
console.log(
  built === 0
    ? `The build is up to date (checked in ${seconds(performance.now() - started)}).`
    : `Built ${built} of ${options.length} outputs in ${seconds(performance.now() - started)}.`,
);
