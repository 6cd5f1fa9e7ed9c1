import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

// The built command line, on a database file of its own.
const dir = mkdtempSync(join(tmpdir(), 'procura-cli-'));
const file = join(dir, 'cli.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) =>
  spawnSync('node', ['dist/server/cli.js', ...args], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` }, encoding: 'utf8' });

describe('cli partner-tier', () => {
  it('moves a partner to another tier, and refuses an unknown partner or tier', () => {
    expect(cli('migrate').status).toBe(0);
    const db = new Database(file);
    const at = new Date().toISOString();
    db.prepare(
      `insert into partners (id, company_name, contact_email, contact_name, website, business_type, integration_type, monthly_traffic, use_case, tier, key_hash, key_prefix, key_created_at, created_at)
       values ('pt_cli', 'Cli Co', 'cli@example.co.za', 'Cli', 'https://cli.example.co.za', 'software', 'api', '1k-10k', 'Testing the command line', 'starter', 'h', 'procura_live_abcdef', ?, ?)`,
    ).run(at, at);

    const moved = cli('partner-tier', 'pt_cli', 'professional');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toContain('Partner pt_cli is now on the Professional tier');
    expect(db.prepare("select tier from partners where id = 'pt_cli'").get()).toEqual({ tier: 'professional' });

    const unknown = cli('partner-tier', 'pt_nobody', 'enterprise');
    expect([unknown.status, unknown.stderr.trim()]).toEqual([1, 'No partner pt_nobody.']);
    const badTier = cli('partner-tier', 'pt_cli', 'gold');
    expect([badTier.status, badTier.stderr.trim()]).toEqual([1, 'partner-tier needs a partner id and one of starter, professional, enterprise']);
    expect(db.prepare("select tier from partners where id = 'pt_cli'").get()).toEqual({ tier: 'professional' });
    db.close();
  });
});
