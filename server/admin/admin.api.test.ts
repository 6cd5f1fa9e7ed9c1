import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductPageSchema, adminSupplierPageSchema, adminSupplierSchema } from '../../contract/schemas/admin';
import { auditLogSchema } from '../../contract/schemas/audit';
import { bulkImportResultSchema, productImportResultSchema, supplierImportResultSchema } from '../../contract/schemas/import-calls';
import { outboxDepthSchema } from '../../contract/schemas/outbox';
import { importSuppliers } from '../catalogue/import/import.service';
import { readMarketRevision } from '../catalogue/market.repository';
import { validRfq } from '../test/harness';
import { parseBulkText } from '../../contract/bulk-text';
import { startTestServer, type TestServer } from '../test/harness';
import { faultyLineReasons, faultyLines, wrongFieldCount } from '../test/supplier-lines';
import { expectForeignOriginRefused, expectSignedOutRefused, expectWrongRoleRefused, signInStaff, type StaffCall } from '../test/staff';

let server: TestServer;
let admin: { cookie: string; origin: string };
let sales: { cookie: string; origin: string };
const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => NOW });
  admin = (await signInStaff(server, { role: 'admin', name: 'Naledi Dube' })).headers;
  sales = (await signInStaff(server, { role: 'sales', name: 'Sipho Sales' })).headers;
});
afterAll(() => server.close());

const db = () => server.database.db;
const count = async (table: 'suppliers' | 'offers' | 'staff_audit') =>
  Number((await db().selectFrom(table).select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const post = (path: string, body: unknown, headers: Record<string, string> = admin) => server.request('POST', path, { body, headers });

const COASTAL = 'Coastal Hygiene | sales@coastal.example | sanitizers | Durban | 4.5 | gel | 24h';

describe('who may use the admin calls', () => {
  const calls: StaffCall[] = [
    ['GET', '/api/admin/suppliers'],
    ['GET', '/api/admin/products'],
    ['GET', '/api/admin/suppliers.csv'],
    ['GET', '/api/admin/products.csv'],
    ['GET', '/api/admin/suppliers/1/scorecard'],
    ['GET', '/api/admin/audit'],
    ['GET', '/api/admin/outbox'],
    ['POST', '/api/admin/suppliers', { suppliers: [COASTAL] }],
    ['POST', '/api/admin/products', { products: ['Bleach | | 18 | litres | cleaning-supplies | 1'] }],
    ['POST', '/api/admin/bulk-import', { data: COASTAL }],
    ['PATCH', '/api/admin/suppliers/1', { verified: true }],
  ];

  it('answers 401 to anyone signed out, from a Procura page or not', async () => {
    await expectSignedOutRefused(server, calls, admin.origin);
  });

  it('answers 403 to a sales user', async () => {
    await expectWrongRoleRefused(server, calls, sales);
  });

  it('answers 403 to a change without an Origin or from another one, and changes nothing', async () => {
    const before = await count('suppliers');
    await expectForeignOriginRefused(server, calls, admin.cookie);
    expect(await count('suppliers')).toBe(before);
  });

  it('never lets the answers be cached', async () => {
    const res = await server.request('GET', '/api/admin/suppliers', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/admin/suppliers', () => {
  it('answers every bad line with its number and reason, writes nothing, and audits nothing', async () => {
    const before = { suppliers: await count('suppliers'), audit: await count('staff_audit'), revision: await readMarketRevision(db()) };
    const res = await post('/api/admin/suppliers', {
      suppliers: [
        COASTAL,
        '',
        ...faultyLines(),
        { name: 'No Email', email: 'nope', category: 'sanitizers', location: 'Durban' },
        { name: 'Too Good', email: 'a@too-good.example', category: 'sanitizers', location: 'Durban', rating: 0 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'invalid_lines',
        message: 'Invalid format. Check your data.',
        details: {
          lines: [
            ...faultyLineReasons(3),
            { line: 8, reason: '"nope" is not a valid e-mail address' },
            { line: 9, reason: 'Rating must be a number from 1 to 5, not "0"' },
          ],
        },
      },
    });
    expect(await count('suppliers')).toBe(before.suppliers);
    expect(await count('staff_audit')).toBe(before.audit);
    expect(await readMarketRevision(db())).toBe(before.revision);
  });

  it('names every fault of a line, in the order of its fields', async () => {
    const res = await post('/api/admin/suppliers', {
      suppliers: [
        'Two Faults | nope | widgets | Atlantis | 9 | | 24h',
        { name: '', email: 'ok@faults.example', category: 'sanitizers', location: 'Gotham', responseTime: 'soon' },
      ],
      dryRun: true,
    });
    expect(res.status).toBe(200);
    expect(supplierImportResultSchema.parse(res.json).invalidLines).toEqual([
      {
        line: 1,
        reason: '"nope" is not a valid e-mail address; Unknown category "widgets"; Unknown city "Atlantis"; Rating must be a number from 1 to 5, not "9"',
      },
      { line: 2, reason: 'Name is missing; Unknown city "Gotham"; Response time must be hours or days such as 24h or 2d (at most 30 days), not "soon"' },
    ]);
    const products = await post('/api/admin/products', {
      products: ['Household Bleach | | 18.50 | buckets | widgets | 77777', ' | | 0 | litres | cleaning-supplies | x'],
      dryRun: true,
    });
    expect(productImportResultSchema.parse(products.json).invalidLines).toEqual([
      { line: 1, reason: 'Unknown category "widgets"; Unknown supplier 77777' },
      { line: 2, reason: 'Name is missing; Price must be an amount in rand above 0 such as 18.50, not "0"; Supplier id must be a whole number, not "x"' },
    ]);
  });

  it('answers a dry run line by line and writes nothing', async () => {
    const before = { suppliers: await count('suppliers'), audit: await count('staff_audit') };
    const res = await post('/api/admin/suppliers', { suppliers: ['', COASTAL, 'x'], dryRun: true, firstLine: 1001 });
    expect(res.status).toBe(200);
    const body = supplierImportResultSchema.parse(res.json);
    expect(body).toMatchObject({ dryRun: true, added: 1, updated: 0, invalidLines: [{ line: 1003, reason: wrongFieldCount(1) }] });
    expect(body.lines?.map((line) => [line.line, line.name, line.action])).toEqual([[1002, 'Coastal Hygiene', 'add']]);
    // Each line is previewed as the import itself reads it, whose tests say what a line holds.
    const { id } = await db().selectFrom('staff_users').select('id').where('name', '=', 'Naledi Dube').executeTakeFirstOrThrow();
    const deps = { database: server.database, market: server.app.deps.market, clock: () => NOW };
    expect(body).toEqual(await importSuppliers(deps, id, { suppliers: ['', COASTAL, 'x'], dryRun: true, firstLine: 1001 }));
    expect(await count('suppliers')).toBe(before.suppliers);
    expect(await count('staff_audit')).toBe(before.audit);
  });

  it('imports, and records who did it, what and how many rows', async () => {
    const res = await post('/api/admin/suppliers', {
      suppliers: [COASTAL, '=Formula Traders | sales@formula.example | hygiene-products | Cape Town | 4 | "quoted", commas | 12h'],
    });
    expect([res.status, res.json]).toEqual([200, { dryRun: false, added: 2, updated: 0 }]);
    const again = await post('/api/admin/suppliers', { suppliers: [COASTAL.replace('sales@coastal.example', 'SALES@coastal.example')] });
    expect(again.json).toEqual({ dryRun: false, added: 0, updated: 1 });

    const audit = await server.request('GET', '/api/admin/audit?limit=2', { headers: admin });
    expect(audit.status).toBe(200);
    expect(
      auditLogSchema.parse(audit.json).entries.map(({ action, rows, detail, staffName, createdAt }) => ({ action, rows, detail, staffName, createdAt })),
    ).toEqual([
      { action: 'suppliers.import', rows: 1, detail: 'suppliers: 0 added, 1 updated', staffName: 'Naledi Dube', createdAt: '2026-11-24T10:00:00.000Z' },
      { action: 'suppliers.import', rows: 2, detail: 'suppliers: 2 added, 0 updated', staffName: 'Naledi Dube', createdAt: '2026-11-24T10:00:00.000Z' },
    ]);
    expect(JSON.stringify(audit.json)).not.toContain('@procura.example');
  });

  it('takes a 10,000-line import well past the 64 KB other calls take, and refuses a body over 4 MB', { timeout: 60_000 }, async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Api Supplier ${i}`,
      email: `api-${i}@volume.example`,
      category: 'sanitizers',
      location: 'Pretoria',
      rating: '4.0',
      specialties: 'gel, refills',
      responseTime: '24h',
    }));
    const body = JSON.stringify({ suppliers: lines });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const res = await post('/api/admin/suppliers', body);
    expect([res.status, res.json]).toEqual([200, { dryRun: false, added: 10_000, updated: 0 }]);

    const huge = await post('/api/admin/bulk-import', { data: 'x'.repeat(4 * 1024 * 1024) });
    expect([huge.status, huge.json.error]).toEqual([413, { code: 'payload_too_large', message: 'The request body must be at most 4096 KB' }]);
    const other = await server.request('POST', '/api/staff/sign-in', {
      body: { email: 'x'.repeat(70 * 1024), password: 'x' },
      headers: { origin: admin.origin },
    });
    expect(other.status).toBe(413);
  });
});

describe('POST /api/admin/products and /api/admin/bulk-import', () => {
  it('imports products for a supplier and names each bad line', async () => {
    const coastal = (await db().selectFrom('suppliers').select('id').where('email', '=', 'SALES@coastal.example').executeTakeFirstOrThrow()).id;
    const bad = await post('/api/admin/products', {
      products: [`Household Bleach | | 18.50 | litres | cleaning-supplies | ${coastal}`, 'Household Bleach | | abc | litres | cleaning-supplies | 77777'],
    });
    expect([bad.status, bad.json.error.details]).toEqual([
      400,
      { lines: [{ line: 2, reason: 'Price must be an amount in rand above 0 such as 18.50, not "abc"; Unknown supplier 77777' }] },
    ]);
    const unknown = await post('/api/admin/products', { products: ['Household Bleach | | 18.50 | litres | cleaning-supplies | 77777'] });
    expect(unknown.json.error.details).toEqual({ lines: [{ line: 1, reason: 'Unknown supplier 77777' }] });

    const res = await post('/api/admin/products', {
      products: [
        `Household Bleach | | 18.50 | litres | cleaning-supplies | ${coastal}`,
        { name: '@Odd Soap', description: '=cmd', price: '30', unit: 'litres', category: 'personal-care', supplierId: coastal },
      ],
    });
    expect(productImportResultSchema.parse(res.json)).toEqual({ dryRun: false, added: 2, updated: 0 });
  });

  it('imports mixed text and answers supplier and product counts', async () => {
    const coastal = (await db().selectFrom('suppliers').select('id').where('email', '=', 'SALES@coastal.example').executeTakeFirstOrThrow()).id;
    const res = await post('/api/admin/bulk-import', {
      data: `Marula Trading | sales@marula.example | safety-equipment | Polokwane | 4 | | 6h\nNitrile Examination Gloves (100-pack) | | 140 | packs | safety-equipment | ${coastal}\n`,
    });
    expect(bulkImportResultSchema.parse(res.json)).toEqual({ dryRun: false, suppliers: { added: 1, updated: 0 }, products: { added: 1, updated: 0 } });
    const bad = await post('/api/admin/bulk-import', { data: 'one | two' });
    expect(bad.json.error).toEqual({
      code: 'invalid_lines',
      message: 'Invalid format. Check your data.',
      details: { lines: [{ line: 1, reason: 'Expected 7 or 12 fields (a supplier) or 6 (a product), found 2' }] },
    });
    const empty = await post('/api/admin/bulk-import', { data: '\n \n' });
    expect([empty.status, empty.json.error]).toEqual([400, { code: 'no_lines', message: 'There are no lines to import' }]);
  });
});

describe('the lists, their CSV and a supplier’s standing', () => {
  it('pages and searches suppliers, newest first', async () => {
    const res = await server.request('GET', '/api/admin/suppliers?q=coastal&pageSize=5', { headers: admin });
    const page = adminSupplierPageSchema.parse(res.json);
    expect(page).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    expect(page.suppliers[0]).toMatchObject({
      name: 'Coastal Hygiene',
      email: 'SALES@coastal.example',
      city: 'Durban',
      verified: false,
      orders: 0,
      receipts: 0,
      rating: { average: null, count: 0 },
      onTimeRate: null,
      specialties: ['gel'],
      responseTimeHours: 24,
      products: 3,
    });
    expect(page.suppliers[0]!.categories).toEqual(['Cleaning Supplies', 'Sanitizers', 'Personal Care', 'Safety Equipment']);

    const second = adminSupplierPageSchema.parse(
      (await server.request('GET', '/api/admin/suppliers?q=volume.example&page=2&pageSize=100', { headers: admin })).json,
    );
    expect([second.total, second.suppliers.length, second.suppliers[0]!.name]).toEqual([10_000, 100, 'Api Supplier 9899']);
    const literal = adminSupplierPageSchema.parse((await server.request('GET', '/api/admin/suppliers?q=%25', { headers: admin })).json);
    expect(literal.total).toBe(0);

    const bad = await server.request('GET', '/api/admin/suppliers?pageSize=500&sort=name', { headers: admin });
    expect([bad.status, bad.json.error.details.fields]).toEqual([
      400,
      { pageSize: 'pageSize must be a whole number from 1 to 100', query: 'Unknown parameter: sort' },
    ]);
  });

  it('pages and searches products', async () => {
    const page = adminProductPageSchema.parse((await server.request('GET', '/api/admin/products?q=bleach', { headers: admin })).json);
    expect(page.total).toBeGreaterThan(1);
    const coastal = page.products.find((p) => p.supplierName === 'Coastal Hygiene');
    expect(coastal).toMatchObject({
      name: 'Household Bleach',
      price: 18.5,
      unit: 'litres',
      category: 'cleaning-supplies',
      categoryName: 'Cleaning Supplies',
      catalogueItemId: 'bleach-5l',
    });
  });

  it('exports suppliers and products as CSV that spreadsheets cannot run and the import reads back', async () => {
    const res = await server.request('GET', '/api/admin/suppliers.csv', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="procura-suppliers-2026-11-24.csv"');
    expect(
      res.text.startsWith(
        'name,email,category,location,rating,specialties,responseTime,id,verified,orders,receipts,ratingCount,onTimeRate,products,priceListDate\r\n',
      ),
    ).toBe(true);
    // The file starts with a UTF-8 byte-order mark (which text decoding drops), so spreadsheets read its accents.
    const bytes = new Uint8Array(await (await fetch(`${server.url}/api/admin/suppliers.csv`, { headers: admin })).arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'n'.charCodeAt(0)]);
    const formula = res.text.split('\r\n').find((l) => l.includes('formula.example'))!;
    expect(formula).toMatch(/^'=Formula Traders,sales@formula\.example,Hygiene Products,Cape Town,,"""quoted"", commas",12h,\d+,no,0,0,0,,0,2026-11-24$/);
    expect(res.text.split('\r\n').filter((l) => l !== '').length).toBe((await count('suppliers')) + 1);

    const products = await server.request('GET', '/api/admin/products.csv', { headers: admin });
    expect(products.headers.get('content-disposition')).toBe('attachment; filename="procura-products-2026-11-24.csv"');
    const parsed = parseBulkText(products.text);
    expect(parsed.format).toBe('csv');
    const soap = parsed.records.find((r) => r.fields[0] === "'@Odd Soap")!;
    expect(soap.fields.slice(1, 5)).toEqual(["'=cmd", '30.00', 'litres', 'personal-care']);
    expect(parsed.records.length).toBe(await count('offers'));
  });

  it('sets a supplier’s standing, audited, and answers 404 for no such supplier', async () => {
    const coastal = (await db().selectFrom('suppliers').select('id').where('email', '=', 'SALES@coastal.example').executeTakeFirstOrThrow()).id;
    const revision = await readMarketRevision(db());
    const res = await server.request('PATCH', `/api/admin/suppliers/${coastal}`, { body: { verified: true }, headers: admin });
    expect(res.status).toBe(200);
    expect(adminSupplierSchema.parse(res.json)).toMatchObject({ id: coastal, verified: true, rating: { average: null, count: 0 } });
    expect(await readMarketRevision(db())).not.toBe(revision);
    const entry = auditLogSchema.parse((await server.request('GET', '/api/admin/audit?limit=1', { headers: admin })).json).entries[0];
    // The log names the supplier, where its note holds the id.
    expect(entry).toMatchObject({ action: 'suppliers.standing', rows: 1, detail: 'Coastal Hygiene: verified' });

    const missing = await server.request('PATCH', '/api/admin/suppliers/999999', { body: { verified: true }, headers: admin });
    expect([missing.status, missing.json.error]).toEqual([404, { code: 'supplier_not_found', message: 'Supplier not found' }]);
    const empty = await server.request('PATCH', `/api/admin/suppliers/${coastal}`, { body: {}, headers: admin });
    expect([empty.status, empty.json.error.details.fields]).toEqual([400, { body: 'Give verified, VAT number, registered address or B-BBEE level' }]);
    // A rating is earned from buyers' receipts, never typed: the call refuses it as any unknown parameter.
    for (const body of [{ rating: 4.5 }, { verified: true, rating: 3 }]) {
      const rating = await server.request('PATCH', `/api/admin/suppliers/${coastal}`, { body, headers: admin });
      expect([rating.status, rating.json.error.code, rating.json.error.details.fields]).toEqual([
        400,
        'validation_error',
        { body: 'Unknown parameter: rating' },
      ]);
    }

    const vat = await server.request('PATCH', `/api/admin/suppliers/${coastal}`, { body: { vatNumber: '412345678' }, headers: admin });
    expect([vat.status, vat.json.error.details.fields]).toEqual([400, { vatNumber: 'VAT number must be 10 digits starting with 4' }]);
    const level = await server.request('PATCH', `/api/admin/suppliers/${coastal}`, { body: { bbeeLevel: 2 }, headers: admin });
    expect([level.status, level.json.error.details.fields]).toEqual([
      400,
      {
        bbeeEvidence: 'Choose the evidence of the level: certificate or sworn affidavit',
        bbeeExpiresOn: 'Give the date the evidence expires, such as 2027-03-31',
      },
    ]);
    const set = await server.request('PATCH', `/api/admin/suppliers/${coastal}`, {
      body: {
        vatNumber: '4123 456 789',
        registeredAddress: '7 Harbour Drive, Durban, 4001',
        bbeeLevel: 2,
        bbeeEvidence: 'certificate',
        bbeeExpiresOn: '2027-03-31',
      },
      headers: admin,
    });
    expect(adminSupplierSchema.parse(set.json)).toMatchObject({
      vatNumber: '4123456789',
      registeredAddress: '7 Harbour Drive, Durban, 4001',
      bbeeLevel: 2,
      bbeeEvidence: 'certificate',
      bbeeExpiresOn: '2027-03-31',
    });
    const detail = auditLogSchema.parse((await server.request('GET', '/api/admin/audit?limit=1', { headers: admin })).json).entries[0]!.detail;
    expect(detail).toBe('Coastal Hygiene: VAT number set, address set, B-BBEE level 2 (certificate, to 2027-03-31)');
  });
});

describe('GET /api/admin/outbox', () => {
  it('answers the e-mails by state and the age of the oldest one still to send', async () => {
    const empty = await server.request('GET', '/api/admin/outbox', { headers: admin });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    const before = outboxDepthSchema.parse(empty.json);

    // Without SMTP the four e-mails of a request are held; two are then put in the queue, and
    // their creation set 90 seconds before the server's clock.
    expect((await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3, primaryEmail: 'outbox@example.co.za' }) })).status).toBe(201);
    const rows = await db().selectFrom('outbox').select('id').where('status', '=', 'held').orderBy('id', 'desc').limit(2).execute();
    await db()
      .updateTable('outbox')
      .set({ status: 'pending', created_at: new Date(NOW - 90_000).toISOString() })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    await db()
      .updateTable('outbox')
      .set({ status: 'sending', created_at: new Date(NOW - 30_000).toISOString() })
      .where('id', '=', rows[0]!.id)
      .execute();

    const res = await server.request('GET', '/api/admin/outbox', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      depth: { ...before.depth, held: before.depth.held + 2, pending: before.depth.pending + 1, sending: before.depth.sending + 1 },
      oldestPendingSeconds: 90,
      // Outside production, where held e-mails are read.
      mailbox: '/dev/mailbox',
    });
    expect(outboxDepthSchema.parse(res.json)).toEqual(res.json);
    await db()
      .deleteFrom('outbox')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  });

  it('names no development mailbox in production, which has none', async () => {
    const production = await startTestServer({ NODE_ENV: 'production', MAIL_DISABLED: 'true' });
    try {
      const staff = await signInStaff(production);
      const res = await production.request('GET', '/api/admin/outbox', { headers: staff.headers });
      expect([res.status, res.json.mailbox]).toEqual([200, null]);
    } finally {
      await production.close();
    }
  });
});
