// `npm test`: every check, in stages, with the time each took. The type-check, the layer check
// (dependency-cruiser: import circles and the house's rules), the linter and formatter check (Biome), the dead-export
// check (knip), the OpenAPI document's lint (Spectral and Redocly, on the document built from the
// sources) and the build read the sources and write nothing the others read (the lint and the build
// share the transpile cache, whose entries are used only for the source they were made from), so
// they run side by side; the test suites need the build and then have the machine to themselves. Every stage of a
// group runs even when one fails, so one run shows every failure; a failed group stops the run.
import { spawn } from 'node:child_process';

const GROUPS = [
  [
    { name: 'type-check', command: 'npm run --silent typecheck' },
    { name: 'layers', command: 'npm run --silent check:layers' },
    { name: 'lint', command: 'npm run --silent lint' },
    { name: 'dead exports', command: 'npm run --silent check:dead' },
    { name: 'file sizes', command: 'npm run --silent check:sizes' },
    { name: 'OpenAPI lint', command: 'npm run --silent check:openapi' },
    { name: 'build', command: 'node build/build.mjs' },
  ],
  [{ name: 'unit and API tests', command: 'npx vitest run' }],
  [{ name: 'browser journeys', command: 'npx playwright test' }],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a stage; when it shares the machine with others its output is held and printed whole once it ends. */
function run({ name, command }, alone) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (b) => held.push(b));
    child.stderr?.on('data', (b) => held.push(b));
    child.on('close', (code, signal) => {
      const ms = performance.now() - started;
      const ok = code === 0;
      if (!alone) process.stdout.write(Buffer.concat(held));
      console.log(`\n${ok ? 'passed' : 'FAILED'}: ${name} in ${seconds(ms)}${ok ? '' : ` (${signal ?? `exit ${code}`})`}\n`);
      resolve({ name, ms, ok });
    });
  });
}

const started = performance.now();
const results = [];
for (const group of GROUPS) {
  const done = await Promise.all(group.map((stage) => run(stage, group.length === 1)));
  results.push(...done);
  if (done.some((r) => !r.ok)) break;
}
const failed = results.filter((r) => !r.ok);
console.log('stage                 time     result');
for (const r of results) console.log(`${r.name.padEnd(21)} ${seconds(r.ms).padStart(8)}  ${r.ok ? 'passed' : 'FAILED'}`);
console.log(`${'npm test'.padEnd(21)} ${seconds(performance.now() - started).padStart(8)}  ${failed.length ? `${failed.length} stage(s) failed` : 'passed'}`);
process.exit(failed.length ? 1 : 0);
