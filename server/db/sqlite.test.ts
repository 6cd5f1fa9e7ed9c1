import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite, startCheckpointer } from './sqlite';

const dir = mkdtempSync(join(tmpdir(), 'procura-checkpointer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the WAL checkpointer', () => {
  it('runs whatever directory the process was started in', async () => {
    const file = join(dir, 'elsewhere.sqlite');
    const sqlite = openSqlite(file);
    sqlite.exec('PRAGMA journal_mode = WAL');
    sqlite.exec('create table t (a integer)');
    const warnings: string[] = [];
    const started = process.cwd();
    // A directory with no node_modules anywhere above it.
    process.chdir(dir);
    try {
      const stop = startCheckpointer(sqlite, file, { intervalMs: 10, warn: (message) => warnings.push(message) });
      sqlite.exec('insert into t values (1)');
      await stop();
    } finally {
      process.chdir(started);
      sqlite.close();
    }
    expect(warnings).toEqual([]);
  });

  it('is stopped at once when it has already stopped on its own, saying why it stopped', async () => {
    const sqlite = openSqlite(':memory:');
    const warnings: string[] = [];
    // A file that is not there: the worker cannot open it, and ends.
    const stop = startCheckpointer(sqlite, join(dir, 'missing', 'gone.sqlite'), { warn: (message) => warnings.push(message) });
    for (let i = 0; i < 500 && warnings.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    // The worker ends just after it says why.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop();
    sqlite.close();
    expect(warnings).toEqual([expect.stringMatching(/^WAL checkpointer stopped: /)]);
  });
});
