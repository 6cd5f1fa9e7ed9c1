import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedRfqResponseSchema, recentEmbedRfqsSchema } from '../../sdk/schemas/embed';
import { RFQ_MESSAGES } from '../../sdk/rules';
import { refusedFields, startTestServer, type TestServer } from '../test/harness';
import { registerPartner, validEmbedRfq } from '../test/partners';

let server: TestServer;
let partnerId = '';
beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' });
  ({ partnerId } = await registerPartner(server));
});
afterAll(() => server.close());

/** The short form's messages for its five required fields, word for word as the spec gives them. */
const SHORT_FORM_MESSAGES = {
  productName: 'Product name required',
  productDescription: 'Description required',
  quantity: 'Quantity required',
  location: 'Location required',
  contactEmail: 'Valid email required',
};

/** The widget's request from the partner's shop footer, with the page's query string a host would not keep. */
const embedRfq = (overrides: Record<string, unknown> = {}) =>
  validEmbedRfq({
    companyName: 'Coastal Facilities',
    partnerId,
    embedId: 'shop-footer',
    referrerUrl: 'https://shop.example.co.za/cleaning?visitor=jane@example.co.za',
    ...overrides,
  });

/** Sends `body` as the widget's short form does. */
const submit = (body: unknown) => server.request('POST', '/api/embed/rfq', { body });

describe('POST /api/embed/rfq', () => {
  it('creates the RFQ through the quote engine, credited to the partner, keeping only the host of the page', async () => {
    const res = await submit(embedRfq());
    expect(res.status).toBe(201);
    const body = embedRfqResponseSchema.parse(res.json);
    expect(body.quotes).toHaveLength(3);
    const row = await server.database.db.selectFrom('rfqs').selectAll().where('id', '=', body.rfqId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_id: partnerId,
      embed_id: 'shop-footer',
      embed_source: 'embed-widget',
      referrer_host: 'shop.example.co.za',
      budget_range: '1k-5k',
      primary_email: 'ops@example.co.za',
      supplier_count: 3,
    });
    expect(JSON.stringify(row)).not.toContain('visitor=');
  });

  it("answers 400 with the short form's own messages for a bad payload", async () => {
    const res = await submit(
      embedRfq({
        productName: 'ab',
        productDescription: 'Too short',
        quantity: 'lots',
        location: 'D',
        contactEmail: 'nope',
        budgetRange: 'lots',
        source: 'elsewhere',
      }),
    );
    expect(refusedFields(res)).toEqual({
      ...SHORT_FORM_MESSAGES,
      budgetRange: RFQ_MESSAGES.budgetRange,
      source: RFQ_MESSAGES.embedField,
    });
  });

  it('names every missing field with its message', async () => {
    expect(refusedFields(await submit({}))).toEqual(SHORT_FORM_MESSAGES);
  });

  it("takes a request at the short form's minimums: 3-character name, 10-character description, quantity 1", async () => {
    const res = await submit(
      embedRfq({ productName: 'Mop', productDescription: 'Floor mops', quantity: '1', location: 'Cape Town', budgetRange: undefined, companyName: undefined }),
    );
    expect(res.status).toBe(201);
    const row = await server.database.db
      .selectFrom('rfqs')
      .selectAll()
      .where('id', '=', embedRfqResponseSchema.parse(res.json).rfqId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_name: 'Mop', product_description: 'Floor mops', quantity: 1 });
  });
});

describe('GET /api/embed/recent', () => {
  it('reads the names South Africans use for places, and names the location field of a place it does not know', async () => {
    const pe = await submit(embedRfq({ location: 'PE' }));
    expect(pe.status).toBe(201);
    const row = await server.database.db.selectFrom('rfqs').select(['city_id', 'delivery_location']).where('id', '=', pe.json.rfqId).executeTakeFirstOrThrow();
    expect(row).toEqual({ city_id: 'gqeberha', delivery_location: 'Gqeberha, Eastern Cape' });
    const unknown = await submit(embedRfq({ location: 'Pretora' }));
    expect(refusedFields(unknown)).toEqual({
      location: 'Please enter a delivery location we know: did you mean Pretoria, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape)',
    });
  });

  it('lists embedded requests newest first with nothing that names the buyer', async () => {
    await submit(embedRfq({ productName: 'Jane Smith private order of mops', quantity: 1500, location: 'Cape Town' }));
    await server.request('POST', '/api/rfq', {
      body: {
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'For the clinic, not through a widget at all',
        quantity: 5,
        deliveryLocation: 'Durban',
        primaryEmail: 'x@example.co.za',
        agreeTerms: true,
      },
    });
    const res = await server.request('GET', '/api/embed/recent');
    expect(res.status).toBe(200);
    const { rfqs } = recentEmbedRfqsSchema.parse(res.json);
    expect(rfqs.length).toBeGreaterThanOrEqual(2);
    expect(rfqs[0]).toMatchObject({ city: 'Cape Town', quantityBand: '1000+' });
    expect(rfqs[0]!.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    expect(res.text).not.toMatch(/Jane|ops@example|Coastal|shop\.example/);
    // The request of 5 to Durban came through the portal, not a widget.
    expect(rfqs.some((r) => r.city === 'Durban' && r.quantityBand === '1-9')).toBe(false);
  });
});

describe('POST /api/analytics/widget-load', () => {
  it('counts loads per partner, widget, host and day', async () => {
    const load = { embedId: 'shop-footer', partnerId, referrerUrl: 'https://shop.example.co.za/a?x=1', config: { compact: true, theme: 'dark' } };
    for (let i = 0; i < 3; i++) expect((await server.request('POST', '/api/analytics/widget-load', { body: load })).status).toBe(204);
    const rows = await server.database.db.selectFrom('widget_loads').selectAll().execute();
    expect(rows).toEqual([
      {
        partner_id: partnerId,
        embed_id: 'shop-footer',
        referrer_host: 'shop.example.co.za',
        day: new Date().toISOString().slice(0, 10),
        loads: 3,
        compact: 1,
        theme: 'dark',
        hide_procura_branding: 0,
      },
    ]);
    expect((await server.request('POST', '/api/analytics/widget-load', { body: { embedId: '<script>' } })).status).toBe(400);
    // A partner id nobody registered is not credited.
    await server.request('POST', '/api/analytics/widget-load', { body: { ...load, partnerId: 'p_nobody' } });
    expect((await server.database.db.selectFrom('widget_loads').select('partner_id').where('partner_id', '=', 'p_nobody').execute()).length).toBe(0);
  });
});

describe('GET /api/embed/widget.js and /widget-embed', () => {
  it('serves the loader to other sites with a version and an ETag', async () => {
    const res = await server.request('GET', '/api/embed/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const version = res.headers.get('x-procura-widget-version')!;
    expect(res.headers.get('etag')).toBe(`"${version}"`);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
    expect((await server.request('GET', '/api/embed/widget.js', { headers: { 'if-none-match': `"${version}"`, 'cache-control': 'max-age=0' } })).status).toBe(
      304,
    );
    expect((await server.request('GET', `/api/embed/widget.js?v=${version}`)).headers.get('cache-control')).toMatch(/immutable/);
  });

  it('lets any site frame the widget page, and no site frame the portal', async () => {
    const widget = await server.request('GET', '/widget-embed');
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
    expect(widget.headers.get('x-frame-options')).toBeNull();
    const home = await server.request('GET', '/');
    expect(home.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(home.headers.get('x-frame-options')).toBe('DENY');
  });
});
