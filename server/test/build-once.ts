import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Before any server test file runs: the build, which rebuilds only what changed, so the files that
 * start the built server or command line (`processes.test.ts`, `cli.test.ts`) run the current
 * sources, and no file rebuilds `dist/` while another runs what is in it.
 */
export default function buildOnce(): void {
  const build = spawnSync('npm', ['run', 'build'], { cwd: resolve(import.meta.dirname, '../..'), encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}
