import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite from 'better-sqlite3';
import { examples } from '../portal/features/docs/examples';
import { procurementDataSchema } from '../sdk/schemas/data';
import { expect, registerPartner, test } from './fixtures';

// The documentation's examples, run as written against the built server. The JavaScript and SQL
// examples count every RFQ the data API holds, so this journey has a server of its own, from which
// the starter database's past orders are removed: the data API then holds this journey's requests.
test.use({ ownServer: 'docs-examples' });

const execFileAsync = promisify(execFile);
const hasPython = spawnSync('python3', ['--version']).status === 0;
let env: Record<string, string>;
let dir = '';

test.beforeAll(async ({ procura }) => {
  const db = new BetterSqlite(procura.databaseFile);
  db.exec(`delete from order_receipts; delete from purchase_orders; update rfqs set awarded_quote_id = null;
    delete from quotes; delete from rfqs;`);
  db.close();
  const { partnerId, apiKey } = await registerPartner(procura.base, 'both');
  // Staff move a partner between tiers from the command line; the examples need enterprise data.
  const tier = await execFileAsync('node', ['dist/server/cli.js', 'partner-tier', partnerId, 'enterprise'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${procura.databaseFile}`, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(tier.stderr).toBe('');
  // The runner sets FORCE_COLOR for its workers; the examples' output is read as plain text.
  env = { ...process.env, FORCE_COLOR: '0', PROCURA_API_KEY: apiKey, PROCURA_PARTNER_ID: partnerId } as Record<string, string>;
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${procura.base}/api/rfq`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refill for the wall dispensers in our three office buildings',
        quantity: 200,
        unit: 'liters',
        supplierCount: 5,
        deliveryLocation: 'Durban',
        primaryEmail: 'jane.buyer@example.co.za',
        agreeTerms: true,
        companyName: 'Clinic',
        budgetRange: '10k-50k',
      }),
    });
    expect(res.status).toBe(201);
  }
  dir = mkdtempSync(join(tmpdir(), 'procura-examples-'));
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs an example in a child process, as a developer would after copying it from the page. */
async function run(command: string, file: string, code: string): Promise<string> {
  writeFileSync(join(dir, file), code);
  const { stdout, stderr } = await execFileAsync(command, [join(dir, file)], { env, encoding: 'utf8', timeout: 60_000 });
  expect(stderr).toBe('');
  return stdout;
}

test.describe('the documentation examples', () => {
  test('JavaScript walks every page of procurement data', async ({ procura }) => {
    const out = await run('node', 'example.mjs', examples(procura.base).javascript);
    expect(out).toContain('requests left this window:');
    expect(out.trim().split('\n').at(-1)).toBe('6 RFQs');
  });

  test('Python prints the pricing trends (python3 is on this machine)', async ({ procura }) => {
    test.skip(!hasPython, 'python3 is not installed');
    const out = await run('python3', 'example.py', examples(procura.base).python);
    expect(out).toMatch(/^\d{4}-\d\d-01 \S+ 6 \d+(\.\d+)?$/m);
  });

  test('SQL creates the documented table and answers its question from real records', async ({ procura }) => {
    const res = await fetch(`${procura.base}/api/v2/procurement-data?limit=1000`, {
      headers: { authorization: `Bearer ${env.PROCURA_API_KEY}`, 'x-partner-id': env.PROCURA_PARTNER_ID! },
    });
    const records = procurementDataSchema.parse(await res.json()).results;
    const db = new BetterSqlite(':memory:');
    const [create, query] = examples(procura.base)
      .sql.split(/;\s*\n/)
      .filter((s) => /\b(CREATE|SELECT)\b/.test(s));
    db.exec(create!);
    const insert = db.prepare(
      'insert into rfq_submissions values (@rfq_ref, @submission_timestamp, @product_category, @quantity_requested, @budget_range_zar, @city_code, @company_size, @intent_score)',
    );
    for (const r of records) insert.run(r);
    expect(db.prepare(query!).all()).toEqual([{ product_category: records[0]!.product_category, rfqs: 6, avg_intent: 80 }]);
    db.close();
  });
});
