import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema } from '../../../sdk/schemas/rfq';
import { ADMIN_MESSAGES } from '../../../contract/schemas/admin';
import { productImportSchema, supplierImportSchema } from '../../../contract/schemas/import-calls';
import { readMarketRevision } from '../market.repository';
import type { DB } from '../../db/schema';
import { ApiError } from '../../errors';
import { startTestServer, validRfq, type TestServer } from '../../test/harness';
import { createStaff } from '../../test/staff';
import { faultyLineReasons, faultyLines } from '../../test/supplier-lines';
import { IMPORT_DEFAULTS } from './apply';
import { bulkImport, importProducts, importSuppliers, type ImportDeps } from './import.service';

const NOW = Date.UTC(2026, 10, 24, 9, 30, 0);
let server: TestServer;
let deps: ImportDeps;
let staffId: number;
let db: Kysely<DB>;

beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' });
  db = server.database.db;
  deps = { database: server.database, market: server.app.deps.market, clock: () => NOW };
  const person = await createStaff(server, { role: 'admin', name: 'Naledi Dube' });
  staffId = (await server.database.db.selectFrom('staff_users').select('id').where('email', '=', person.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const suppliers = (lines: (string | Record<string, unknown>)[], extra: { dryRun?: boolean; firstLine?: number } = {}) =>
  importSuppliers(deps, staffId, supplierImportSchema.parse({ suppliers: lines, ...extra }));
const products = (lines: (string | Record<string, unknown>)[], extra: { dryRun?: boolean; firstLine?: number } = {}) =>
  importProducts(deps, staffId, productImportSchema.parse({ products: lines, ...extra }));

/** The error an import refuses with, or a failure when it does not. */
async function refusal(run: Promise<unknown>): Promise<ApiError> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err;
}

const supplierByEmail = (email: string) => db.selectFrom('suppliers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
/** A supplier's offer's unit price in cents. */
const priceOf = async (supplierId: number, itemId: string) =>
  (
    await db
      .selectFrom('offers')
      .select('unit_price_cents')
      .where('supplier_id', '=', supplierId)
      .where('catalogue_item_id', '=', itemId)
      .executeTakeFirstOrThrow()
  ).unit_price_cents;
const countOf = async (table: 'suppliers' | 'offers' | 'catalogue_items' | 'staff_audit') =>
  Number((await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('importing suppliers', () => {
  it('adds each supplier with its category, home city and the stated defaults, and no track record', async () => {
    const revision = await readMarketRevision(db);
    const result = await suppliers([
      'Coastal Hygiene | sales@coastal-hygiene.example | sanitizers | Durban | 4.5 | gel, refills ; dispensers | 2d',
      '',
      'Karoo Clean | orders@karoo-clean.example | Hygiene Products | Upington | | | ',
    ]);
    expect(result).toEqual({ dryRun: false, added: 2, updated: 0 });

    const coastal = await supplierByEmail('sales@coastal-hygiene.example');
    expect(coastal).toMatchObject({
      name: 'Coastal Hygiene',
      home_city_id: 'durban',
      verified: 0,
      response_time_hours: 48,
      specialties: '["gel","refills","dispensers"]',
      contact_person: '',
      phone: '',
      dispatch_days: IMPORT_DEFAULTS.dispatchDays,
      payment_terms: 'To be agreed with the supplier',
      validity_days: 7,
      price_list_date: '2026-11-24',
      created_at: '2026-11-24T09:30:00.000Z',
    });
    const karoo = await supplierByEmail('orders@karoo-clean.example');
    expect(karoo).toMatchObject({ home_city_id: 'upington', response_time_hours: null, specialties: '[]' });
    // A line's rating is checked, not kept: a supplier's rating is earned from its buyers' receipts.
    expect(Object.keys(karoo)).not.toContain('rating');
    expect(await db.selectFrom('supplier_categories').selectAll().where('supplier_id', 'in', [coastal.id, karoo.id]).orderBy('supplier_id').execute()).toEqual([
      { supplier_id: coastal.id, category_id: 'sanitizers', capacity_units: 1000, minimum_order_quantity: 1, price_factor: 1 },
      { supplier_id: karoo.id, category_id: 'hygiene-products', capacity_units: 1000, minimum_order_quantity: 1, price_factor: 1 },
    ]);
    expect(
      await db
        .selectFrom('supplier_coverage')
        .select(['supplier_id', 'scope', 'area', 'lead_days'])
        .where('supplier_id', 'in', [coastal.id, karoo.id])
        .orderBy('supplier_id')
        .execute(),
    ).toEqual([
      { supplier_id: coastal.id, scope: 'city', area: 'durban', lead_days: 1 },
      { supplier_id: karoo.id, scope: 'city', area: 'upington', lead_days: 1 },
    ]);
    expect(await readMarketRevision(db)).not.toBe(revision);
    const audit = await db.selectFrom('staff_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      staff_id: staffId,
      action: 'suppliers.import',
      rows: 2,
      detail: 'suppliers: 2 added, 0 updated',
      created_at: '2026-11-24T09:30:00.000Z',
    });
  });

  it('names every bad line by the number the text box shows, and writes nothing', async () => {
    const before = { suppliers: await countOf('suppliers'), audit: await countOf('staff_audit'), revision: await readMarketRevision(db) };
    const err = await refusal(
      suppliers(
        [
          'Name | Email | Category | Location | Rating | Specialties | Response time',
          'Good One | good-one@supplier.example | sanitizers | Durban | 4 | | 24h',
          '',
          ...faultyLines(),
          'Slow Co | sales@slow.example | sanitizers | Durban | 4 | | soon',
          '   ',
          'Good Twin | GOOD-ONE@supplier.example | sanitizers | Cape Town | 4 | | 24h',
          ' | nameless@supplier.example | sanitizers | Durban | 4 | | 24h',
        ],
        { firstLine: 11 },
      ),
    );
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_lines');
    expect(err.message).toBe('Invalid format. Check your data.');
    expect(err.details).toEqual({
      lines: [
        ...faultyLineReasons(14),
        { line: 19, reason: 'Response time must be hours or days such as 24h or 2d (at most 30 days), not "soon"' },
        { line: 21, reason: 'E-mail also on line 12' },
        { line: 22, reason: 'Name is missing' },
      ],
    });
    // The good line was not imported either: all lines or none.
    expect(await countOf('suppliers')).toBe(before.suppliers);
    expect(await db.selectFrom('suppliers').select('id').where('email', '=', 'good-one@supplier.example').executeTakeFirst()).toBeUndefined();
    expect(await countOf('staff_audit')).toBe(before.audit);
    expect(await readMarketRevision(db)).toBe(before.revision);
  });

  it('updates the supplier with the same e-mail, in any case, instead of adding a twin', async () => {
    await suppliers(['Protea Supply | Sales@Protea-Supply.example | sanitizers | Durban | 4 | | 24h']);
    const first = await supplierByEmail('Sales@Protea-Supply.example');
    // Verified as an admin would verify it, to show an import leaves the standing alone.
    await db.updateTable('suppliers').set({ verified: 1 }).where('id', '=', first.id).execute();
    const before = await countOf('suppliers');

    const result = await suppliers([
      {
        name: 'Protea Supply Co',
        email: 'SALES@protea-supply.example',
        category: 'Disinfectants',
        location: 'Cape Town',
        rating: 4.2,
        specialties: ['hospital grade'],
        responseTime: 6,
      },
    ]);
    expect(result).toEqual({ dryRun: false, added: 0, updated: 1 });
    expect(await countOf('suppliers')).toBe(before);
    const after = await db.selectFrom('suppliers').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      name: 'Protea Supply Co',
      email: 'SALES@protea-supply.example',
      home_city_id: 'cape-town',
      response_time_hours: 6,
      specialties: '["hospital grade"]',
      // Standing and record stay as they were.
      verified: 1,
      created_at: first.created_at,
    });
    expect(await db.selectFrom('supplier_categories').select('category_id').where('supplier_id', '=', first.id).orderBy('category_id').execute()).toEqual([
      { category_id: 'disinfectants' },
      { category_id: 'sanitizers' },
    ]);
    expect(await db.selectFrom('supplier_coverage').select('area').where('supplier_id', '=', first.id).orderBy('area').execute()).toEqual([
      { area: 'cape-town' },
      { area: 'durban' },
    ]);
  });

  it('answers a dry run line by line and writes nothing', async () => {
    const before = { suppliers: await countOf('suppliers'), audit: await countOf('staff_audit'), revision: await readMarketRevision(db) };
    const result = await suppliers(
      [
        '',
        'Baobab Hygiene | sales@baobab.example | glass cleaners | cape town, western cape | 3.95 | | 12 hours',
        'Protea Supply Co | sales@protea-supply.example | sanitizers | Durban | | | ',
        'Bad | bad | sanitizers | Durban | | | ',
      ],
      { dryRun: true },
    );
    const protea = await supplierByEmail('SALES@protea-supply.example');
    expect(result).toEqual({
      dryRun: true,
      added: 1,
      updated: 1,
      lines: [
        {
          line: 2,
          name: 'Baobab Hygiene',
          email: 'sales@baobab.example',
          category: 'glass-cleaners',
          categoryName: 'Glass Cleaners',
          city: 'Cape Town',
          specialties: [],
          responseTimeHours: 12,
          vatNumber: null,
          registeredAddress: null,
          bbeeLevel: null,
          bbeeEvidence: null,
          bbeeExpiresOn: null,
          action: 'add',
          supplierId: null,
        },
        {
          line: 3,
          name: 'Protea Supply Co',
          email: 'sales@protea-supply.example',
          category: 'sanitizers',
          categoryName: 'Sanitizers',
          city: 'Durban',
          specialties: [],
          responseTimeHours: null,
          vatNumber: null,
          registeredAddress: null,
          bbeeLevel: null,
          bbeeEvidence: null,
          bbeeExpiresOn: null,
          action: 'update',
          supplierId: protea.id,
        },
      ],
      invalidLines: [{ line: 4, reason: '"bad" is not a valid e-mail address' }],
    });
    expect(await countOf('suppliers')).toBe(before.suppliers);
    expect(await countOf('staff_audit')).toBe(before.audit);
    expect(await readMarketRevision(db)).toBe(before.revision);
  });

  it('refuses an import with no lines, and one of more than 10,000', async () => {
    const empty = await refusal(suppliers(['', '  ']));
    expect([empty.status, empty.code, empty.message]).toEqual([400, 'no_lines', ADMIN_MESSAGES.noLines]);
    const lines = Array.from({ length: 10_001 }, (_, i) => `S${i} | s${i}@many.example | sanitizers | Durban | | | `);
    const many = await refusal(suppliers(lines, { dryRun: true }));
    expect([many.status, many.code, many.message]).toEqual([400, 'too_many_lines', 'An import takes at most 10,000 lines; split it']);
  });
});

describe('importing products', () => {
  let coastalId: number;
  beforeAll(async () => {
    coastalId = (await supplierByEmail('sales@coastal-hygiene.example')).id;
  });

  it('prices a catalogue item in its own unit, adds a product the catalogue lacks, and has the supplier serve its category', async () => {
    const itemsBefore = await countOf('catalogue_items');
    const result = await products([
      `Household Bleach | 5 L containers | R90 | containers | Cleaning Supplies | ${coastalId}`,
      `Bamboo Toilet Brush | Toilet brush with a bamboo handle and holder | 64,50 | each | hygiene-equipment | ${coastalId}`,
    ]);
    expect(result).toEqual({ dryRun: false, added: 2, updated: 0 });
    const offers = await db.selectFrom('offers').selectAll().where('supplier_id', '=', coastalId).orderBy('catalogue_item_id').execute();
    expect(offers.map((o) => [o.catalogue_item_id, o.unit_price_cents, o.minimum_order_quantity, o.tiers])).toEqual([
      ['bamboo-toilet-brush', 6450, 1, '[]'],
      ['bleach-5l', 1800, 1, '[]'],
    ]);
    expect(await countOf('catalogue_items')).toBe(itemsBefore + 1);
    const brush = await db.selectFrom('catalogue_items').selectAll().where('id', '=', 'bamboo-toilet-brush').executeTakeFirstOrThrow();
    expect(brush).toMatchObject({
      name: 'Bamboo Toilet Brush',
      description: 'Toilet brush with a bamboo handle and holder',
      unit: 'pieces',
      category_id: 'hygiene-equipment',
      reference_price_cents: 6450,
      avg_delivery: '2-3 days',
      unit_quantity: null,
      unit_description: 'per piece',
      keywords: '["bamboo toilet brush"]',
    });
    expect(await db.selectFrom('supplier_categories').select('category_id').where('supplier_id', '=', coastalId).orderBy('category_id').execute()).toEqual([
      { category_id: 'cleaning-supplies' },
      { category_id: 'hygiene-equipment' },
      { category_id: 'sanitizers' },
    ]);
    const audit = await db.selectFrom('staff_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'products.import', rows: 2, detail: 'products: 2 added, 0 updated' });
  });

  it('gives a new price to a product the supplier lists, and names each bad line', async () => {
    const err = await refusal(
      products([
        `Household Bleach | | 19.00 | litres | cleaning-supplies | ${coastalId}`,
        `Household Bleach | | 18.00 | litre | cleaning-supplies | ${coastalId}`,
        `Household Bleach | | 18.00 | boxes | cleaning-supplies | ${coastalId}`,
        'Floor Polish | | 40.00 | litres | cleaning-supplies | 999999',
        `Floor Polish | | forty | litres | cleaning-supplies | ${coastalId}`,
        `Floor Polish | | 40.00 | litres | cleaning-supplies | twelve`,
        `Floor Polish | | 40.00 | 5L | cleaning-supplies | ${coastalId}`,
        `Floor Polish | | 40.00 | litres | polishes | ${coastalId}`,
        `Floor Polish | 40.00 | litres | cleaning-supplies | ${coastalId}`,
      ]),
    );
    expect(err.details).toEqual({
      lines: [
        { line: 2, reason: 'Same product and supplier as line 1' },
        { line: 3, reason: 'Household Bleach is priced in litres, ml or containers, not boxes; Same product and supplier as line 1' },
        { line: 4, reason: 'Unknown supplier 999999' },
        { line: 5, reason: 'Price must be an amount in rand above 0 such as 18.50, not "forty"' },
        { line: 6, reason: 'Supplier id must be a whole number, not "twelve"' },
        { line: 7, reason: 'Unit must be a word such as litres, kg, packs or pieces, not "5L"' },
        { line: 8, reason: 'Unknown category "polishes"' },
        { line: 9, reason: 'Expected 6 fields (name | description | price | unit | category | supplierId), found 5' },
      ],
    });
    expect(await priceOf(coastalId, 'bleach-5l')).toBe(1800);

    const result = await products([`household bleach | | 19.00 | litres | cleaning-supplies | ${coastalId}`]);
    expect(result).toEqual({ dryRun: false, added: 0, updated: 1 });
    expect(await priceOf(coastalId, 'bleach-5l')).toBe(1900);
  });

  it('previews each product line on a dry run', async () => {
    const result = await products([{ name: 'Glass and Window Cleaner', price: 30, unit: 'litres', category: 'glass-cleaners', supplierId: coastalId }], {
      dryRun: true,
      firstLine: 5,
    });
    expect(result).toEqual({
      dryRun: true,
      added: 1,
      updated: 0,
      lines: [
        {
          line: 5,
          name: 'Glass and Window Cleaner',
          description: '',
          price: 30,
          unit: 'litres',
          category: 'glass-cleaners',
          categoryName: 'Glass Cleaners',
          supplierId: coastalId,
          supplierName: 'Coastal Hygiene',
          catalogueItemId: 'glass-cleaner',
          catalogueItemName: 'Glass and Window Cleaner',
          newItem: false,
          unitPrice: 30,
          itemUnit: 'litres',
          action: 'add',
        },
      ],
      invalidLines: [],
    });
    expect(
      await db.selectFrom('offers').select('id').where('supplier_id', '=', coastalId).where('catalogue_item_id', '=', 'glass-cleaner').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('bulk import of mixed text', () => {
  it('tells a supplier line (7 fields) from a product line (6) and answers both counts', async () => {
    const coastalId = (await supplierByEmail('sales@coastal-hygiene.example')).id;
    const result = await bulkImport(deps, staffId, {
      dryRun: false,
      data: [
        'Fynbos Facility Supplies | sales@fynbos.example | laundry-care | Stellenbosch | 4.1 | | 8h',
        `Laundry Detergent Powder | | 36.00 | kg | laundry-care | ${coastalId}`,
        `Eco Enzyme Drain Cleaner | Enzyme drain cleaner | 55 | litres | eco-cleaning | ${coastalId}`,
      ].join('\n'),
    });
    expect(result).toEqual({ dryRun: false, suppliers: { added: 1, updated: 0 }, products: { added: 2, updated: 0 } });
    const audit = await db.selectFrom('staff_audit').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'bulk.import', rows: 3, detail: 'suppliers: 1 added, 0 updated; products: 2 added, 0 updated' });
  });

  it('reads a CSV with a header row and quoted commas, and names a line that is neither kind', async () => {
    const coastalId = (await supplierByEmail('sales@coastal-hygiene.example')).id;
    const csv = await bulkImport(deps, staffId, {
      dryRun: true,
      data: `name,price,unit,category,supplierId,description\r\n"Mop Head, Cotton 400g",42.5,pieces,cleaning-supplies,${coastalId},"Cotton mop head, ""kentucky"" style"\r\n`,
    });
    expect(csv.invalidLines).toEqual([]);
    expect(csv.lines).toMatchObject([
      { kind: 'product', line: 2, name: 'Mop Head, Cotton 400g', description: 'Cotton mop head, "kentucky" style', price: 42.5, newItem: true },
    ]);

    const err = await refusal(
      bulkImport(deps, staffId, { dryRun: false, data: 'Fynbos | sales@fynbos.example | laundry-care\n\nAcme | a@acme.example | sanitizers | Durban | | | ' }),
    );
    expect(err.details).toEqual({ lines: [{ line: 1, reason: 'Expected 7 or 12 fields (a supplier) or 6 (a product), found 3' }] });
    expect(await db.selectFrom('suppliers').select('id').where('email', '=', 'a@acme.example').executeTakeFirst()).toBeUndefined();
  });
});

describe('a large import', () => {
  it('imports 10,000 suppliers in one call, updates all of them on a second, then 10,000 products', { timeout: 120_000 }, async () => {
    const cities = ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha', 'Bloemfontein'];
    const categories = ['sanitizers', 'cleaning-supplies', 'disinfectants', 'hygiene-products'];
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `Bulk Supplier ${i} | bulk-${i}@volume.example | ${categories[i % 4]} | ${cities[i % 6]} | 4 | | 24h`,
    );
    const before = await countOf('suppliers');
    expect(await suppliers(lines)).toEqual({ dryRun: false, added: 10_000, updated: 0 });
    expect(await countOf('suppliers')).toBe(before + 10_000);
    expect(await suppliers(lines.map((l) => l.replace('| 4 |', '| 3.5 |')))).toEqual({ dryRun: false, added: 0, updated: 10_000 });
    expect(await db.selectFrom('staff_audit').select(['rows', 'detail']).orderBy('id', 'desc').executeTakeFirstOrThrow()).toEqual({
      rows: 10_000,
      detail: 'suppliers: 0 added, 10,000 updated',
    });
    expect(await countOf('suppliers')).toBe(before + 10_000);
    expect(
      Number(
        (await db.selectFrom('suppliers').select(db.fn.countAll<number>().as('n')).where('email', 'like', 'bulk-%@volume.example').executeTakeFirstOrThrow()).n,
      ),
    ).toBe(10_000);

    const ids = await db.selectFrom('suppliers').select('id').where('email', 'like', 'bulk-%@volume.example').orderBy('id').execute();
    const productLines = ids.map(({ id }, i) => `Volume Product ${i % 50} | | ${(10 + (i % 90)).toFixed(2)} | litres | sanitizers | ${id}`);
    const offersBefore = await countOf('offers');
    expect(await products(productLines)).toEqual({ dryRun: false, added: 10_000, updated: 0 });
    expect(await countOf('offers')).toBe(offersBefore + 10_000);
  });
});

describe('the market the engine quotes from', () => {
  it('quotes an imported supplier in the next RFQ for its product and city', async () => {
    await suppliers(['Kalahari Hygiene | quotes@kalahari-hygiene.example | hygiene-products | Upington | 4.8 | | 4h']);
    const kalahari = await supplierByEmail('quotes@kalahari-hygiene.example');
    await products([
      `Toilet Paper 2-Ply (48-pack) | | 289.00 | packs | hygiene-products | ${kalahari.id}`,
      `Recycled Paper Towel Roll | Recycled paper towel, 6 rolls | 120 | packs | hygiene-products | ${kalahari.id}`,
    ]);

    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 20, deliveryLocation: 'Upington', supplierCount: 10 }),
    });
    expect(res.status).toBe(201);
    const body = rfqSubmitResponseSchema.parse(res.json);
    const quote = body.quotes.find((q) => q.supplier.name === 'Kalahari Hygiene');
    expect(quote).toBeDefined();
    expect(quote).toMatchObject({
      pricingBasis: 'price-list',
      listUnitPrice: 289,
      leadTime: '2-3 days',
      paymentTerms: 'To be agreed with the supplier',
      validityPeriod: '7 days',
    });
    // The line's 4.8 is not kept, and no figure buyers read: the supplier is new on Procura.
    expect(quote!.supplier).toMatchObject({ location: 'Upington', verified: false, rating: 0, contactPerson: '', phone: '' });
    expect(quote!.supplier.record).toMatchObject({ receipts: 0, new: true, text: 'New on Procura' });
    expect(quote!.aiInsights.riskLevel).toBe('medium');
    expect(quote!.aiInsights.recommendation).toContain('New on Procura: no record or rating yet.');

    const fresh = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'Recycled Paper Towel Roll', quantity: 10, deliveryLocation: 'Upington', supplierCount: 3 }),
    });
    expect(fresh.status).toBe(201);
    expect(
      fresh.json.quotes.map((q: { supplier: { name: string }; pricingBasis: string; unitPrice: number }) => [q.supplier.name, q.pricingBasis, q.unitPrice]),
    ).toEqual([['Kalahari Hygiene', 'price-list', 120]]);
  });
});

describe('a supplier’s VAT number, registered address and B-BBEE standing', () => {
  it('imports them from the optional columns, keeps them when a later line leaves them blank, and names each bad one', async () => {
    expect(
      await suppliers([
        'Vaal Tax Supplies | tax@vaal-supplies.example | sanitizers | Johannesburg | 4.5 | | 24h | 4123 456-789 | 12 Main Reef Road, Industria, Johannesburg, 2093 | level 2 | Sworn affidavit | 2027-03-31',
        'Karoo Plain | plain@karoo-plain.example | sanitizers | Upington | | | | | | non-compliant | | ',
      ]),
    ).toEqual({ dryRun: false, added: 2, updated: 0 });
    expect(await supplierByEmail('tax@vaal-supplies.example')).toMatchObject({
      vat_number: '4123456789',
      registered_address: '12 Main Reef Road, Industria, Johannesburg, 2093',
      bbee_level: 2,
      bbee_evidence: 'affidavit',
      bbee_expires_on: '2027-03-31',
    });
    expect(await supplierByEmail('plain@karoo-plain.example')).toMatchObject({ vat_number: null, bbee_level: 0, bbee_evidence: null, bbee_expires_on: null });

    await suppliers(['Vaal Tax Supplies | tax@vaal-supplies.example | sanitizers | Johannesburg | 4.6 | | 24h']);
    expect(await supplierByEmail('tax@vaal-supplies.example')).toMatchObject({
      vat_number: '4123456789',
      bbee_level: 2,
      bbee_evidence: 'affidavit',
    });
    await suppliers([
      {
        name: 'Vaal Tax Supplies',
        email: 'tax@vaal-supplies.example',
        category: 'sanitizers',
        location: 'Johannesburg',
        rating: '4.6',
        specialties: '',
        responseTime: '',
        bbeeLevel: 'L4',
        bbeeEvidence: 'certificate',
        bbeeExpiresOn: '2027-06-30',
      },
    ]);
    expect(await supplierByEmail('tax@vaal-supplies.example')).toMatchObject({
      vat_number: '4123456789',
      bbee_level: 4,
      bbee_evidence: 'certificate',
      bbee_expires_on: '2027-06-30',
    });

    const err = await refusal(
      suppliers([
        'Bad Vat | bad-vat@example.example | sanitizers | Durban | | | | 5123456789 | | | | ',
        'Bad Level | bad-level@example.example | sanitizers | Durban | | | | | | 9 | certificate | 2027-01-31',
        'No Evidence | no-evidence@example.example | sanitizers | Durban | | | | | | 3 | | ',
        'Bad Date | bad-date@example.example | sanitizers | Durban | | | | | | 3 | affidavit | 2027-02-30',
        'Bad Kind | bad-kind@example.example | sanitizers | Durban | | | | | | 3 | letter | 2027-02-28',
        'No Level | no-level@example.example | sanitizers | Durban | | | | | | | certificate | 2027-02-28',
      ]),
    );
    expect(err.details).toEqual({
      lines: [
        { line: 1, reason: 'VAT number must be 10 digits starting with 4, not "5123456789"' },
        { line: 2, reason: 'B-BBEE level must be 1 to 8 or non-compliant, not "9"' },
        { line: 3, reason: 'B-BBEE level 3 needs its evidence (certificate or sworn affidavit) and expiry date' },
        { line: 4, reason: 'B-BBEE expiry must be a date such as 2027-03-31, not "2027-02-30"' },
        { line: 5, reason: 'B-BBEE evidence must be certificate or sworn affidavit, not "letter"' },
        { line: 6, reason: 'B-BBEE evidence and expiry go with a level from 1 to 8' },
      ],
    });
  });

  it('reads them from CSV columns named in the header', async () => {
    const result = await bulkImport(deps, staffId, {
      data: 'name,email,category,location,vatNumber,registeredAddress,bbeeLevel,bbeeEvidence,bbeeExpiresOn\nHighveld Csv,csv@highveld.example,sanitizers,Pretoria,4987654321,"4 Aloe Street, Pretoria, 0001",1,certificate,2027-09-30',
      dryRun: false,
    });
    expect(result.suppliers).toEqual({ added: 1, updated: 0 });
    expect(await supplierByEmail('csv@highveld.example')).toMatchObject({
      vat_number: '4987654321',
      registered_address: '4 Aloe Street, Pretoria, 0001',
      bbee_level: 1,
      bbee_evidence: 'certificate',
      bbee_expires_on: '2027-09-30',
    });
  });
});
