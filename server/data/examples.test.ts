import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procurementDataSchema } from '../../sdk/index';
import { examples } from '../../portal/features/docs/examples';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { registerPartner } from '../test/partners';

// The documentation's examples, run as written against the real API.
let server: TestServer;
let env: Record<string, string>;
let dir = '';
const hasPython = spawnSync('python3', ['--version']).status === 0;

beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' });
  const partner = await registerPartner(server);
  await server.database.db.updateTable('partners').set({ tier: 'enterprise' }).where('id', '=', partner.partnerId).execute();
  env = { ...process.env, PROCURA_API_KEY: partner.apiKey, PROCURA_PARTNER_ID: partner.partnerId } as Record<string, string>;
  for (let i = 0; i < 6; i++) await server.request('POST', '/api/rfq', { body: validRfq({ companyName: 'Clinic', budgetRange: '10k-50k' }) });
  dir = mkdtempSync(join(tmpdir(), 'procura-examples-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs an example in a child process (the server in this process keeps answering meanwhile). */
async function run(command: string, file: string, code: string): Promise<string> {
  writeFileSync(join(dir, file), code);
  const { stdout, stderr } = await promisify(execFile)(command, [join(dir, file)], { env, encoding: 'utf8', timeout: 15_000 });
  expect(stderr).toBe('');
  return stdout;
}

describe('the documentation examples', () => {
  it('JavaScript walks every page of procurement data', async () => {
    const out = await run('node', 'example.mjs', examples(server.url).javascript);
    expect(out).toContain('requests left this window:');
    expect(out.trim().split('\n').at(-1)).toBe('6 RFQs');
  });

  it.skipIf(!hasPython)('Python prints the pricing trends (python3 is on this machine)', async () => {
    const out = await run('python3', 'example.py', examples(server.url).python);
    expect(out).toMatch(/^\d{4}-\d\d-01 \S+ 6 \d+(\.\d+)?$/m);
  });

  it('SQL creates the documented table and answers its question from real records', async () => {
    const records = procurementDataSchema.parse((await server.request('GET', '/api/v2/procurement-data?limit=1000', { headers: { authorization: `Bearer ${env.PROCURA_API_KEY}`, 'x-partner-id': env.PROCURA_PARTNER_ID! } })).json).results;
    const db = new BetterSqlite(':memory:');
    const [create, query] = examples(server.url).sql.split(/;\s*\n/).filter((s) => /\b(CREATE|SELECT)\b/.test(s));
    db.exec(create!);
    const insert = db.prepare('insert into rfq_submissions values (@rfq_id, @submission_timestamp, @product_category, @quantity_requested, @budget_range_zar, @city_code, @company_size, @intent_score)');
    for (const r of records) insert.run(r);
    expect(db.prepare(query!).all()).toEqual([{ product_category: records[0]!.product_category, rfqs: 6, avg_intent: 80 }]);
    db.close();
  });
});
