// What the build keeps between runs, in node_modules/.cache/<name>/<version>: one JSON file a key.
// An entry unused for a week is removed by the next build that writes one.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const sha256 = (text) => createHash('sha256').update(text).digest('base64url');

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** A cache whose entries are kept under `version`: a new version (new options, a new tool) starts empty. */
export function diskCache(name, version) {
  const dir = join('node_modules/.cache', name, sha256(version).slice(0, 16));
  let pruned = false;
  const file = (key) => join(dir, `${key}.json`);
  return {
    get(key) {
      try {
        const value = JSON.parse(readFileSync(file(key), 'utf8'));
        const now = new Date();
        utimesSync(file(key), now, now);
        return value;
      } catch {
        return undefined; // not kept
      }
    },
    set(key, value) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file(key), JSON.stringify(value));
      if (pruned) return;
      pruned = true;
      const old = Date.now() - WEEK_MS;
      for (const entry of readdirSync(dir)) if (statSync(join(dir, entry)).mtimeMs < old) rmSync(join(dir, entry), { force: true });
    },
  };
}
