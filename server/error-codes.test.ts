import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, ERROR_STATUS } from './error-codes';

describe('error codes', () => {
  it('name each code in one module only, so a code has one status', () => {
    const all = Object.values(ERROR_CODES).flatMap((group) => Object.keys(group));
    expect(all.filter((code, i) => all.indexOf(code) !== i)).toEqual([]);
    expect(ALL_ERROR_CODES).toEqual(all);
    expect(ERROR_STATUS.supplier_not_found).toBe(404);
  });

  it('cover every code the server writes outside an ApiError', () => {
    // Read from the tree, not from git: the suites also run in a copy of the checkout with no .git.
    const files = readdirSync('server', { recursive: true, encoding: 'utf8' })
      .map((f) => join('server', f))
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.') && f !== join('server', 'error-codes.ts'));
    const written = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bcode: '([a-z_]+)'/g)].map((m) => m[1]!)).filter((c) => c !== 'custom');
    expect(written.filter((c) => !(c in ERROR_STATUS))).toEqual([]);
  });
});
