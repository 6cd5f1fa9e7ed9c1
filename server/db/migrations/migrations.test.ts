import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../test/harness';
import { migrateToLatest } from '../migrate';
import { migrationsFor } from './index';

let database: TestDatabase | undefined;

/** A database migrated only up to `last`, as a server of that time left it. */
async function databaseAt(last: string): Promise<TestDatabase> {
  database = await createEmptyDatabase();
  const { db, dialect, schema } = database;
  const migrator = new Migrator({ db, ...(schema ? { migrationTableSchema: schema } : {}), provider: { getMigrations: async () => migrationsFor(dialect) } });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return database;
}

/** Durban, the city of every supplier these tests make. */
async function durban(db: TestDatabase['db']): Promise<void> {
  await sql`insert into cities (id, name, province, latitude, longitude, sort_order) values ('durban', 'Durban', 'KwaZulu-Natal', -29.86, 31.02, 1)`.execute(
    db,
  );
}

/** Supplier 1, Coastal of Durban, in the supplier columns every migration these tests start from has. */
async function coastal(db: TestDatabase['db']): Promise<void> {
  await sql`insert into suppliers (id, name, contact_person, email, phone, home_city_id, verified, rating, on_time_rate, response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, created_at)
    values (1, 'Coastal', 'Sipho', 'sales@coastal.example', '031', 'durban', 1, 4.5, 93, 4, 1, 'Net 30', 14, '2026-11-01', '2026-11-01T00:00:00.000Z')`.execute(
    db,
  );
}

/** Durban and the sanitisers category, which a request of these tests names. */
async function durbanSanitisers(db: TestDatabase['db']): Promise<void> {
  await durban(db);
  await sql`insert into sectors (id, name, sort_order) values ('hygiene', 'Hygiene', 1)`.execute(db);
  await sql`insert into categories (id, name, sector_id, keywords, sort_order) values ('sanitisers', 'Sanitisers', 'hygiene', '[]', 1)`.execute(db);
}

afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('migrations to one name per concept', () => {
  it('rename the columns and rewrite the rows stored under the old names and spellings', async () => {
    const { db } = await databaseAt('20261122050000-anonymise-rfqs');
    await sql`insert into sectors (id, name, sort_order) values ('hygiene', 'Hygiene', 1)`.execute(db);
    await sql`insert into categories (id, name, sector_id, keywords, sort_order) values ('sanitizers', 'Sanitizers', 'hygiene', '[]', 1)`.execute(db);
    await sql`insert into catalogue_items (id, name, description, unit, category_id, reference_price_cents, avg_delivery, unit_quantity, unit_description, keywords, sort_order)
      values ('geyser', 'Geyser', '150 liter electric geyser', 'liters', 'sanitizers', 100, '1-2 days', null, 'per liter, 5 L containers', '[]', 1)`.execute(
      db,
    );
    await sql`insert into meta (key, value) values ('market_revision', 'r1')`.execute(db);
    const rfq = (id: string, embedSource: string | null) =>
      sql`insert into rfqs (id, product_name, product_description, quantity, unit, supplier_count, matched_count, matching_message, delivery_location, category_id, primary_email, additional_emails, embed_source, created_at)
        values (${id}, 'Sanitiser', 'For three sites', 20, 'liters', 3, 0, '', 'Durban', 'sanitizers', 'a@example.co.za', '[]', ${embedSource}, '2026-11-20T10:00:00.000Z')`.execute(
        db,
      );
    await rfq('100000000000000001', 'procura-widget');
    await rfq('100000000000000002', 'embed-widget');
    await rfq('100000000000000003', null);
    await sql`insert into widget_loads (partner_id, embed_id, referrer_host, day, loads, compact, theme, branding_hidden) values ('p_1', 'shop', 'shop.example', '2026-11-20', 2, 0, 'light', 1)`.execute(
      db,
    );

    await migrateToLatest(database!);

    expect(await db.selectFrom('catalogue_items').select(['unit', 'unit_description', 'description']).execute()).toEqual([
      { unit: 'litres', unit_description: 'per litre, 5 L containers', description: '150 litre electric geyser' },
    ]);
    expect(await db.selectFrom('rfqs').select(['id', 'unit', 'embed_source']).orderBy('id').execute()).toEqual([
      { id: '100000000000000001', unit: 'litres', embed_source: 'embed-widget' },
      { id: '100000000000000002', unit: 'litres', embed_source: 'embed-widget' },
      { id: '100000000000000003', unit: 'litres', embed_source: null },
    ]);
    expect(await db.selectFrom('widget_loads').select(['loads', 'hide_procura_branding']).execute()).toEqual([{ loads: 2, hide_procura_branding: 1 }]);
    expect((await db.selectFrom('meta').select('value').where('key', '=', 'market_revision').executeTakeFirstOrThrow()).value).not.toBe('r1');
    // The renamed market columns are there under their new names.
    await db.selectFrom('offers').select('minimum_order_quantity').execute();
    await db.selectFrom('supplier_categories').select('minimum_order_quantity').execute();
    await db.selectFrom('suppliers').select('validity_days').execute();
    await db.selectFrom('rfqs').select('rfq_ref').execute();
  });
});

describe('the migration to partner hosts', () => {
  it("gives each partner its website's host and judges earlier widget requests by it", async () => {
    const { db } = await databaseAt('20261124030000-rename-rfq-ref');
    await sql`insert into sectors (id, name, sort_order) values ('hygiene', 'Hygiene', 1)`.execute(db);
    await sql`insert into categories (id, name, sector_id, keywords, sort_order) values ('sanitisers', 'Sanitisers', 'hygiene', '[]', 1)`.execute(db);
    await sql`insert into partners (id, company_name, contact_email, contact_name, website, business_type, integration_type, monthly_traffic, use_case, tier, key_hash, key_prefix, key_created_at, created_at)
      values ('p_1', 'Coastal', 'dev@coastal.example', 'Thandi', 'https://Coastal.example.co.za/about', 'directory', 'both', '10k-50k', 'Quotes', 'starter', 'h1', 'procura_live_ab', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`.execute(
      db,
    );
    const rfq = (id: string, partnerId: string | null, host: string | null, matched: number) =>
      sql`insert into rfqs (id, product_name, product_description, quantity, unit, supplier_count, matched_count, matching_message, delivery_location, category_id, primary_email, additional_emails, partner_id, referrer_host, created_at, rfq_ref)
        values (${id}, 'Sanitiser', 'For three sites', 20, 'litres', 3, ${matched}, '', 'Durban', 'sanitisers', 'a@example.co.za', '[]', ${partnerId}, ${host}, '2026-11-20T10:00:00.000Z', ${`r_${id.slice(-20).padStart(20, '0')}`})`.execute(
        db,
      );
    await rfq('100000000000000001', 'p_1', 'coastal.example.co.za', 3);
    await rfq('100000000000000002', 'p_1', 'coastal.example.co.za', 0);
    await rfq('100000000000000003', 'p_1', 'copycat.example.com', 3);
    await rfq('100000000000000004', 'p_1', null, 3);
    await rfq('100000000000000005', null, 'coastal.example.co.za', 3);

    await migrateToLatest(database!);

    expect(await db.selectFrom('partner_hosts').select(['partner_id', 'host', 'created_at']).execute()).toEqual([
      { partner_id: 'p_1', host: 'coastal.example.co.za', created_at: '2026-11-01T00:00:00.000Z' },
    ]);
    expect(await db.selectFrom('rfqs').select(['id', 'partner_credit']).orderBy('id').execute()).toEqual([
      { id: '100000000000000001', partner_credit: 'qualified' },
      { id: '100000000000000002', partner_credit: 'host' },
      { id: '100000000000000003', partner_credit: 'uncredited' },
      { id: '100000000000000004', partner_credit: 'uncredited' },
      { id: '100000000000000005', partner_credit: null },
    ]);
    expect((await db.selectFrom('meta').select('value').where('key', '=', 'partner_credit_key').executeTakeFirstOrThrow()).value).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the migrations for supplier imports and earned figures', () => {
  it('gives specialties, refuses a twin e-mail in another case, and drops the typed on-time rate for the earned record', async () => {
    const { db } = await databaseAt('20261124130000-create-staff');
    await durban(db);
    await sql`insert into suppliers (id, name, contact_person, email, phone, home_city_id, verified, rating, on_time_rate, response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, created_at)
        values (1, 'Coastal', 'Sipho', 'sales@coastal.example', '031', 'durban', 1, 4.5, 93, 4, 1, 'Net 30', 14, '2026-11-01', '2026-11-01T00:00:00.000Z')`.execute(
      db,
    );

    await migrateToLatest(database!);

    const supplier = (id: number, email: string) =>
      sql`insert into suppliers (id, name, contact_person, email, phone, home_city_id, verified, response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, created_at)
        values (${id}, 'Karoo', 'Sipho', ${email}, '031', 'durban', 0, null, 1, 'Net 30', 7, '2026-11-01', '2026-11-01T00:00:00.000Z')`.execute(db);
    expect(await db.selectFrom('suppliers').selectAll().execute()).toEqual([expect.objectContaining({ id: 1, specialties: '[]' })]);
    // No figure of a supplier is typed in: the on-time rate and the rating on file are gone.
    const columns = Object.keys((await db.selectFrom('suppliers').selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns).not.toContain('on_time_rate');
    expect(columns).not.toContain('rating');
    await supplier(2, 'sales@karoo.example');
    await expect(supplier(3, 'Sales@Coastal.example')).rejects.toThrow(/unique/i);
  });
});

describe('the migration to order statuses', () => {
  it('leaves every earlier request open and every quote offered, with no company size', async () => {
    const { db } = await databaseAt('20261124170000-create-analytics');
    await durbanSanitisers(db);
    await coastal(db);
    await sql`insert into rfqs (id, product_name, product_description, quantity, unit, supplier_count, matched_count, matching_message, delivery_location, category_id, primary_email, additional_emails, created_at, rfq_ref)
      values ('100000000000000001', 'Sanitiser', 'For three sites', 20, 'litres', 3, 1, '', 'Durban', 'sanitisers', 'a@example.co.za', '[]', '2026-11-20T10:00:00.000Z', 'r_00000000000000000001')`.execute(
      db,
    );
    await sql`insert into quotes (rfq_id, supplier_id, rank, pricing_basis, list_unit_price_cents, unit_price_cents, discount_percent, total_cents, vat_rate, vat_cents, total_incl_vat_cents,
        minimum_order_quantity, lead_min_days, lead_max_days, payment_terms, validity_days, valid_until, price_list_date, notes, competitive_position, price_difference, quality_score,
        reliability_rating, risk_level, recommendation, tracking_secret_hash, created_at)
      values ('100000000000000001', 1, 1, 'price-list', 100, 100, 0, 2000, 0.15, 300, 2300, 1, 1, 2, 'Net 30', 14, '2026-12-04', '2026-11-01', '', 'lowest-price', 0, 80, 80, 'low', '', 'h', '2026-11-20T10:00:00.000Z')`.execute(
      db,
    );

    await migrateToLatest(database!);

    expect(await db.selectFrom('rfqs').select(['status', 'status_changed_at', 'awarded_quote_id', 'company_size']).execute()).toEqual([
      { status: 'open', status_changed_at: null, awarded_quote_id: null, company_size: null },
    ]);
    expect(
      await db
        .selectFrom('quotes')
        .select(['status', 'status_changed_at', 'accepted_at', 'withdrawal_reason', 'response_secret_hash', 'buyer_link_sealed', 'courtesy_mailed_at'])
        .execute(),
    ).toEqual([
      {
        status: 'offered',
        status_changed_at: null,
        accepted_at: null,
        withdrawal_reason: null,
        response_secret_hash: null,
        buyer_link_sealed: null,
        courtesy_mailed_at: null,
      },
    ]);
  });
});

describe('the migration to unknown response times', () => {
  it('keeps each response time and allows a supplier none', async () => {
    const { db } = await databaseAt('20261127050000-cursor-covering-index');
    await durban(db);
    // Before the typed rating was dropped, a row had to give one.
    let rated = true;
    const supplier = (id: number, email: string, hours: string) =>
      sql`insert into suppliers (id, name, contact_person, email, phone, home_city_id, verified, ${sql.raw(rated ? 'rating, ' : '')}response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, created_at)
        values (${id}, 'Coastal', 'Sipho', ${email}, '031', 'durban', 1, ${sql.raw(rated ? '4.5, ' : '')}${sql.raw(hours)}, 1, 'Net 30', 14, '2026-11-01', '2026-11-01T00:00:00.000Z')`.execute(
        db,
      );
    await supplier(1, 'sales@coastal.example', '4');
    await expect(supplier(2, 'sales@karoo.example', 'null')).rejects.toThrow(/null/i);

    await migrateToLatest(database!);
    rated = false;

    await supplier(2, 'sales@karoo.example', 'null');
    expect(await db.selectFrom('suppliers').select(['id', 'response_time_hours']).orderBy('id').execute()).toEqual([
      { id: 1, response_time_hours: 4 },
      { id: 2, response_time_hours: null },
    ]);
    await expect(supplier(3, 'Sales@Coastal.example', '8')).rejects.toThrow(/unique/i);
  });
});

describe('the migration to order details per purchase order', () => {
  it('gives each purchase order issued before it the details its request held, and none to a request without', async () => {
    const { db } = await databaseAt('20261128070000-add-lead-digests');
    await durbanSanitisers(db);
    const rfq = (id: string, ref: string, address: string | null) =>
      sql`insert into rfqs (id, product_name, product_description, quantity, unit, supplier_count, matched_count, matching_message, delivery_location, category_id, primary_email,
          additional_emails, created_at, rfq_ref, delivery_address, phone, purchase_order_reference, vat_number)
        values (${id}, 'Sanitiser', 'For three sites', 20, 'litres', 3, 1, '', 'Durban', 'sanitisers', 'a@example.co.za', '[]', '2026-11-20T10:00:00.000Z', ${ref},
          ${address}, ${address && '+27821234567'}, ${address && 'REQ-1'}, null)`.execute(db);
    await rfq('100000000000000001', 'r_00000000000000000001', '14 Chartwell Drive, Umhlanga, 4319');
    await rfq('100000000000000002', 'r_00000000000000000002', null);
    const order = (id: number, rfqId: string) =>
      sql`insert into purchase_orders (po_number, rfq_id, quote_id, issued_on, supplier_json, created_at)
        values (${`PO-2026-00000${id}`}, ${rfqId}, ${id}, '2026-11-20', '{}', '2026-11-20T10:00:00.000Z')`.execute(db);
    await order(1, '100000000000000001');
    await order(2, '100000000000000002');

    await migrateToLatest(database!);

    expect(
      await db
        .selectFrom('purchase_orders')
        .select(['quote_id', 'delivery_address', 'phone', 'purchase_order_reference', 'vat_number'])
        .orderBy('quote_id')
        .execute(),
    ).toEqual([
      { quote_id: 1, delivery_address: '14 Chartwell Drive, Umhlanga, 4319', phone: '+27821234567', purchase_order_reference: 'REQ-1', vat_number: null },
      { quote_id: 2, delivery_address: null, phone: null, purchase_order_reference: null, vat_number: null },
    ]);
  });
});

describe('the migration to one table of sign-in links', () => {
  it("carries every supplier's and staff link over, dated by its lifetime, and drops the old tables", async () => {
    const { db } = await databaseAt('20261129000000-keep-order-details-per-order');
    await durban(db);
    await coastal(db);
    await sql`insert into supplier_users (id, supplier_id, email, name, created_at) values (7, 1, 'sipho@coastal.example', 'Sipho', '2026-11-01T00:00:00.000Z')`.execute(
      db,
    );
    await sql`insert into supplier_sign_in_links (token_hash, supplier_user_id, expires_at, used_at) values ('h-supplier', 7, '2026-11-30T10:15:00.000Z', null)`.execute(
      db,
    );
    await sql`insert into staff_users (id, email, name, role, created_at) values (3, 'thandi@procura.example', 'Thandi', 'admin', '2026-11-01T00:00:00.000Z')`.execute(
      db,
    );
    await sql`insert into staff_tokens (token_hash, staff_id, expires_at, used_at) values ('h-staff', 3, '2026-12-01T10:00:00.000Z', '2026-11-30T11:00:00.000Z')`.execute(
      db,
    );

    await migrateToLatest(database!);

    expect(await db.selectFrom('sign_in_links').selectAll().orderBy('kind').execute()).toEqual([
      {
        token_hash: 'h-staff',
        kind: 'staff',
        owner_id: 3,
        created_at: '2026-11-30T10:00:00.000Z',
        expires_at: '2026-12-01T10:00:00.000Z',
        used_at: '2026-11-30T11:00:00.000Z',
      },
      {
        token_hash: 'h-supplier',
        kind: 'supplier',
        owner_id: 7,
        created_at: '2026-11-30T10:00:00.000Z',
        expires_at: '2026-11-30T10:15:00.000Z',
        used_at: null,
      },
    ]);
    await expect(sql`select * from staff_tokens`.execute(db)).rejects.toThrow();
    await expect(sql`select * from supplier_sign_in_links`.execute(db)).rejects.toThrow();
  });
});

describe('the migration to supplier invitations', () => {
  it('lists each person who never signed in as invited, and none who did', async () => {
    const { db } = await databaseAt('20261130000000-create-sign-in-links');
    await durban(db);
    await coastal(db);
    await sql`insert into supplier_users (supplier_id, email, name, created_at, last_sign_in_at) values
      (1, 'sipho@coastal.example', 'Sipho', '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'),
      (1, 'thabo@coastal.example', 'Thabo', '2026-11-03T00:00:00.000Z', null)`.execute(db);

    await migrateToLatest(database!);

    expect(await db.selectFrom('supplier_invitations').select(['supplier_id', 'email', 'name', 'created_at']).execute()).toEqual([
      { supplier_id: 1, email: 'thabo@coastal.example', name: 'Thabo', created_at: '2026-11-03T00:00:00.000Z' },
    ]);
  });
});

describe('the migration to more than one order per quote', () => {
  it("gives each basket order the lines accepted from its quote and each confirmed quote's order its day, and takes a second order of a quote", async () => {
    const { db } = await databaseAt('20261130010000-create-supplier-invitations');
    await durbanSanitisers(db);
    await coastal(db);
    const rfq = (id: string, lines: number) =>
      sql`insert into rfqs (id, product_name, product_description, quantity, unit, supplier_count, matched_count, matching_message, delivery_location, category_id, primary_email, additional_emails, created_at, rfq_ref, line_count)
        values (${id}, 'Sanitiser', 'For three sites', 20, 'litres', 3, 1, '', 'Durban', 'sanitisers', 'a@example.co.za', '[]', '2026-11-20T10:00:00.000Z', ${`r_0000000000000000000${id.at(-1)}`}, ${lines})`.execute(
        db,
      );
    const quote = (id: number, rfqId: string, status: string) =>
      sql`insert into quotes (id, rfq_id, supplier_id, rank, pricing_basis, list_unit_price_cents, unit_price_cents, discount_percent, total_cents, vat_rate, vat_cents, total_incl_vat_cents,
          minimum_order_quantity, lead_min_days, lead_max_days, payment_terms, validity_days, valid_until, price_list_date, notes, competitive_position, price_difference, quality_score,
          reliability_rating, risk_level, recommendation, tracking_secret_hash, created_at, status, status_changed_at)
        values (${id}, ${rfqId}, 1, 1, 'price-list', 100, 100, 0, 2000, 0.15, 300, 2300, 1, 1, 2, 'Net 30', 14, '2026-12-04', '2026-11-01', '', 'lowest-price', 0, 80, 80, 'low', '', 'h',
          '2026-11-20T10:00:00.000Z', ${status}, '2026-11-21T09:00:00.000Z')`.execute(db);
    const line = (quoteId: number, lineNo: number, status: string) =>
      sql`insert into quote_lines (quote_id, line_no, rfq_id, pricing_basis, list_unit_price_cents, unit_price_cents, discount_percent, total_cents, minimum_order_quantity, lead_min_days, lead_max_days, status)
        values (${quoteId}, ${lineNo}, '100000000000000002', 'price-list', 100, 100, 0, 1000, 1, 1, 2, ${status})`.execute(db);
    const order = (quoteId: number, rfqId: string) =>
      sql`insert into purchase_orders (po_number, rfq_id, quote_id, issued_on, supplier_json, created_at)
        values (${`PO-2026-00000${quoteId}`}, ${rfqId}, ${quoteId}, '2026-11-20', '{}', '2026-11-20T10:00:00.000Z')`.execute(db);
    await rfq('100000000000000001', 0);
    await rfq('100000000000000002', 3);
    await quote(1, '100000000000000001', 'confirmed');
    await quote(2, '100000000000000002', 'accepted');
    for (const [n, status] of [
      [0, 'accepted'],
      [1, 'not_selected'],
      [2, 'accepted'],
    ] as const)
      await line(2, n, status);
    await order(1, '100000000000000001');
    await order(2, '100000000000000002');

    await migrateToLatest(database!);

    expect(await db.selectFrom('purchase_orders').select(['quote_id', 'line_nos', 'confirmed_on']).orderBy('quote_id').execute()).toEqual([
      { quote_id: 1, line_nos: null, confirmed_on: '2026-11-21' },
      { quote_id: 2, line_nos: '[0,2]', confirmed_on: null },
    ]);
    await sql`insert into purchase_orders (po_number, rfq_id, quote_id, issued_on, supplier_json, created_at, line_nos)
      values ('PO-2026-000003', '100000000000000002', 2, '2026-11-22', '{}', '2026-11-22T10:00:00.000Z', '[1]')`.execute(db);
    expect((await db.selectFrom('purchase_orders').select('po_number').where('quote_id', '=', 2).execute()).length).toBe(2);
  });
});

describe('the migration that keeps the limits out of the write-ahead log', () => {
  it('keeps the windows counted before it, and on PostgreSQL the table is written without WAL', async () => {
    const { db, dialect } = await databaseAt('20261207030000-create-buyer-accounts');
    await sql`insert into rate_limit_windows (bucket, subject, window_key, hits, expires_at) values ('rfq', 's1', '1', 4, '2026-12-07T10:00:00.000Z')`.execute(
      db,
    );

    await migrateToLatest(database!);

    expect(await db.selectFrom('rate_limit_windows').select(['subject', 'hits']).execute()).toEqual([{ subject: 's1', hits: 4 }]);
    if (dialect === 'postgres') {
      const { rows } = await sql<{ relpersistence: string }>`select relpersistence from pg_class where oid = 'rate_limit_windows'::regclass`.execute(db);
      expect(rows).toEqual([{ relpersistence: 'u' }]);
    }
  });
});

describe('the migrations that say why a receipt is not counted and drop the typed rating', () => {
  it('keeps every receipt counted or not as it was, gives each uncounted one its reason, and leaves suppliers no rating column', async () => {
    const { db } = await databaseAt('20261207030000-create-buyer-accounts');
    await durbanSanitisers(db);
    await sql`insert into suppliers (id, name, contact_person, email, phone, home_city_id, verified, rating, response_time_hours, dispatch_days, payment_terms, validity_days, price_list_date, created_at)
      values (1, 'Coastal', 'Sipho', 'sales@coastal.example', '031', 'durban', 1, 4.5, 4, 1, 'Net 30', 14, '2026-11-01', '2026-11-01T00:00:00.000Z')`.execute(
      db,
    );
    await sql`insert into rfqs (id, product_name, product_description, quantity, unit, supplier_count, matched_count, matching_message, delivery_location, category_id, primary_email,
        additional_emails, created_at, rfq_ref)
      values ('100000000000000001', 'Sanitiser', '', 20, 'litres', 3, 1, '', 'Durban', 'sanitisers', 'a@example.co.za', '[]', '2026-11-20T10:00:00.000Z', 'r_00000000000000000001')`.execute(
      db,
    );
    // Each order's confirmation day; each receipt written on 25 November (Johannesburg), counted or not.
    const cases: [number, string | null, number, string][] = [
      [1, '2026-11-21', 1, '2026-11-25T08:00:00.000Z'],
      [2, '2026-11-21', 0, '2026-11-25T08:00:00.000Z'],
      [3, null, 0, '2026-11-25T08:00:00.000Z'],
      [4, '2026-11-26', 0, '2026-11-25T08:00:00.000Z'],
      // 23:30 UTC on the 24th is already the 25th in Johannesburg: confirmed that day, before it.
      [5, '2026-11-25', 0, '2026-11-24T23:30:00.000Z'],
    ];
    for (const [id, confirmedOn, counted, createdAt] of cases) {
      await sql`insert into purchase_orders (id, po_number, rfq_id, quote_id, issued_on, supplier_json, created_at, confirmed_on, promised_on)
        values (${id}, ${`PO-2026-00000${id}`}, '100000000000000001', ${id}, '2026-11-20', '{}', '2026-11-20T10:00:00.000Z', ${confirmedOn}, '2026-11-24')`.execute(
        db,
      );
      await sql`insert into order_receipts (purchase_order_id, supplier_id, received_on, on_time, in_full, rating, comment, counted, created_at)
        values (${id}, 1, '2026-11-25', 0, 1, 4, null, ${counted}, ${createdAt})`.execute(db);
    }

    await migrateToLatest(database!);

    expect(await db.selectFrom('order_receipts').select(['purchase_order_id', 'counted', 'not_counted_reason']).orderBy('purchase_order_id').execute()).toEqual(
      [
        { purchase_order_id: 1, counted: 1, not_counted_reason: null },
        { purchase_order_id: 2, counted: 0, not_counted_reason: 'own_domain' },
        { purchase_order_id: 3, counted: 0, not_counted_reason: 'not_confirmed' },
        { purchase_order_id: 4, counted: 0, not_counted_reason: 'not_confirmed' },
        { purchase_order_id: 5, counted: 0, not_counted_reason: 'own_domain' },
      ],
    );
    expect(Object.keys((await db.selectFrom('suppliers').selectAll().executeTakeFirstOrThrow()) as object)).not.toContain('rating');
  });
});
