import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A thread's built entry point, `name` (`paperwork-worker.js`), beside the server's entry points
 * in `dist/server/`: found from this module whether it runs built (in `dist/server/` or its
 * `chunks/`) or from its source (the tests, which build first); undefined where there is no build.
 */
export function builtWorkerFile(name: string): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    for (const candidate of [join(dir, name), join(dir, 'dist', 'server', name)]) {
      if (existsSync(candidate)) return candidate;
    }
    dir = dirname(dir);
  }
  return undefined;
}
