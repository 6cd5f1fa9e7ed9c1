import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  marketIntelligenceSchema,
  marketTrendsSchema,
  procurementDataSchema,
  rfqInsightsSchema,
  supplierMetricsSchema,
  supplierPerformanceSchema,
  type RfqSubmissionRecord,
} from '../../sdk/schemas/data';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { withoutSeedHistory } from '../test/market';
import { registerPartner } from '../test/partners';

let server: TestServer;
let enterprise: Awaited<ReturnType<typeof registerPartner>>;
let starter: Awaited<ReturnType<typeof registerPartner>>;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
  // These figures are of the requests below alone: the seed's history of past orders goes first.
  await withoutSeedHistory(server.database.db);
  enterprise = await registerPartner(server);
  starter = await registerPartner(server);
  await server.database.db.updateTable('partners').set({ tier: 'enterprise' }).where('id', '=', enterprise.partnerId).execute();
  // Seven sanitiser requests in Durban from named companies, and two for paper in Cape Town.
  for (let i = 0; i < 7; i++) {
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({
        companyName: `Secret Clinic ${i}`,
        contactName: 'Jane Buyer',
        budgetRange: i % 2 ? '10k-50k' : undefined,
        quantity: 100 + i,
        companySize: i < 3 ? '101-250' : undefined,
      }),
    });
    expect(res.status).toBe(201);
  }
  for (let i = 0; i < 2; i++) {
    await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'Toilet Paper 2-Ply (48-pack)', deliveryLocation: 'Cape Town', quantity: 10, unit: undefined }),
    });
  }
  // And one from the widget demo, which is no market data: no answer below counts it.
  const demo = await server.request('POST', '/api/rfq', { body: validRfq({ embedId: 'demo-default-1764230400000', embedSource: 'embed-widget' }) });
  expect(demo.json.demo).toBe(true);
  // And a basket: published a record per line; its row names its first line's category and its count of lines, which no figure may count as demand.
  const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq();
  const basket = await server.request('POST', '/api/rfq', {
    body: {
      ...shared,
      lines: [
        { productName: 'Hand Sanitizer 70% Alcohol', quantity: 500 },
        { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 50 },
      ],
    },
  });
  expect(basket.json.lines).toHaveLength(2);
  // One sanitiser quote its supplier made firm: the figures that count quotes say how many are firm.
  const firmed = await server.database.db
    .selectFrom('quotes')
    .innerJoin('rfqs', 'rfqs.id', 'quotes.rfq_id')
    .select('quotes.id')
    .where('rfqs.company_name', '=', 'Secret Clinic 0')
    .executeTakeFirstOrThrow();
  await server.database.db
    .updateTable('quotes')
    .set({ firmed_at: new Date(now).toISOString() })
    .where('id', '=', firmed.id)
    .execute();
});
afterAll(() => server.close());

const get = (path: string, who = enterprise) => server.request('GET', path, { headers: who.headers });

describe('GET /api/v2/procurement-data', () => {
  it('answers RFQs in the rfq_submissions shape with nothing that names a buyer', async () => {
    const res = await get('/api/v2/procurement-data?limit=1000');
    expect(res.status).toBe(200);
    const body = procurementDataSchema.parse(res.json);
    expect(body.results).toHaveLength(11);
    expect(body.has_more).toBe(false);
    // The basket: a record per line, each with its own category and quantity, sharing the basket's rfq_ref.
    const lines = body.results.filter((r) => r.line_number !== null);
    expect(lines.map((r) => [r.line_number, r.product_category, r.quantity_requested])).toEqual([
      [1, 'sanitizers', 500],
      [2, 'hygiene-products', 50],
    ]);
    expect(lines[0]!.rfq_ref).toBe(lines[1]!.rfq_ref);
    const sanitiser = body.results.filter((r) => r.city_code === 'durban' && r.line_number === null);
    expect(sanitiser).toHaveLength(7);
    // 20 + company 20 + 100 units 15 + contact 10, and 25 more with a budget band.
    expect(sanitiser.map((r) => r.intent_score).sort()).toEqual([65, 65, 65, 65, 90, 90, 90]);
    // The buyer's stated size, kept after their personal data goes; 'unknown' where none was given.
    expect(body.results.map((r) => r.company_size).sort()).toEqual([
      '101-250',
      '101-250',
      '101-250',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
    expect(body.results[0]!.submission_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/);
    expect(res.text).not.toMatch(/Secret Clinic|Jane|jane\.buyer|example\.co\.za/);
    const ids = await server.database.db.selectFrom('rfqs').select('id').execute();
    for (const { id } of ids) expect(res.text).not.toContain(id);
  });

  it('filters by date, city and category, and walks every page with the cursor', async () => {
    expect(procurementDataSchema.parse((await get('/api/v2/procurement-data?city_code=cape-town')).json).results).toHaveLength(2);
    expect(procurementDataSchema.parse((await get('/api/v2/procurement-data?start_date=2099-01-01')).json).results).toHaveLength(0);
    const seen: RfqSubmissionRecord[] = [];
    const rfqs = await server.database.db.selectFrom('rfqs').select(['id', 'created_at']).execute();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = procurementDataSchema.parse((await get(`/api/v2/procurement-data?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json);
      seen.push(...body.results);
      cursor = body.next_cursor;
      // A cursor is sealed: in no form the caller can read does it show an rfqId or a time finer than the hour.
      if (cursor) {
        const raw = Buffer.from(cursor, 'base64url');
        for (const text of [cursor, raw.toString('utf8'), raw.toString('latin1'), raw.toString('hex')]) {
          for (const r of rfqs) {
            expect(text).not.toContain(r.id);
            expect(text).not.toContain(r.created_at.slice(11, 19));
          }
        }
      }
      expect(body.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toHaveLength(11);
    expect(new Set(seen.map((r) => r.rfq_ref)).size).toBe(10);
    // A record at a time, a page ends inside the basket too: the walk gives the one page's records in its order.
    const whole = procurementDataSchema.parse((await get('/api/v2/procurement-data?limit=1000')).json).results;
    const recordByRecord = async () => {
      const walked: RfqSubmissionRecord[] = [];
      let next: string | null = null;
      do {
        const body = procurementDataSchema.parse((await get(`/api/v2/procurement-data?limit=1${next ? `&cursor=${next}` : ''}`)).json);
        walked.push(...body.results);
        next = body.next_cursor;
      } while (next);
      return walked;
    };
    expect(await recordByRecord()).toEqual(whole);
    // Lines are read for the requests a page's counts say fill it; should a basket hold fewer lines than its count, the
    // page reads the others' lines after all, and the walk is the same. A record at a time, the page after the basket's
    // first line is one its count says the basket fills alone.
    const basket = await server.database.db.selectFrom('rfqs').select(['id', 'line_count']).where('line_count', '>', 0).executeTakeFirstOrThrow();
    await server.database.db.updateTable('rfqs').set({ line_count: 9 }).where('id', '=', basket.id).execute();
    const miscounted = await recordByRecord();
    await server.database.db.updateTable('rfqs').set({ line_count: basket.line_count }).where('id', '=', basket.id).execute();
    expect(miscounted).toEqual(whole);
  });

  it('filters a category line by line: its single products and the basket lines of it, not the other lines of the basket', async () => {
    const hygiene = procurementDataSchema.parse((await get('/api/v2/procurement-data?product_category=hygiene-products')).json).results;
    expect(hygiene.map((r) => [r.line_number, r.product_category, r.quantity_requested]).sort()).toEqual([
      [null, 'hygiene-products', 10],
      [null, 'hygiene-products', 10],
      [2, 'hygiene-products', 50],
    ]);
    const sanitisers = procurementDataSchema.parse((await get('/api/v2/procurement-data?product_category=sanitizers&city_code=durban')).json).results;
    expect(sanitisers.map((r) => r.line_number).sort()).toEqual([1, null, null, null, null, null, null, null]);
  });

  it('compresses a page in the encoding the client prefers, and not for a client that accepts none', async () => {
    const plain = await server.request('GET', '/api/v2/procurement-data', { headers: { ...enterprise.headers, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await server.request('GET', '/api/v2/procurement-data', { headers: { ...enterprise.headers, 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.json).toEqual(plain.json);
    }
  });

  it('answers 400 validation_error naming each bad parameter', async () => {
    const bad = async (q: string) => {
      const res = await get(`/api/v2/procurement-data?${q}`);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('validation_error');
      expect(res.json.error.message).toBe('Request validation failed');
      return res.json.error.details.fields as Record<string, string>;
    };
    expect(await bad('limit=1001')).toEqual({ limit: 'limit must be a whole number from 1 to 1000' });
    expect(await bad('limit=0&start_date=2026-13-40')).toEqual({
      start_date: 'start_date must be a date as YYYY-MM-DD',
      limit: 'limit must be a whole number from 1 to 1000',
    });
    expect(await bad('city=durban')).toEqual({ query: 'Unknown parameter: city' });
    expect(await bad('cursor=bm90LWEtY3Vyc29y')).toEqual({ cursor: 'cursor must be the next_cursor of a previous answer' });
    // A cursor edited by one character does not open.
    const first = procurementDataSchema.parse((await get('/api/v2/procurement-data?limit=1')).json);
    const sealed = first.next_cursor!;
    const edited = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(await bad(`cursor=${edited}`)).toEqual({ cursor: 'cursor must be the next_cursor of a previous answer' });
    // A cursor of the form handed out before cursors were sealed (the record's hour and pseudonym) still walks on from its
    // record; one naming no RFQ, or an RFQ at another hour, is refused the same way.
    // The file's clock stands still, so the first record may as well be the basket's first line, whose older cursor names it.
    const { submission_timestamp: hour, rfq_ref: ref, line_number: line } = first.results[0]!;
    const tamper = (text: string) => `cursor=${Buffer.from(text).toString('base64url')}`;
    const older = line === null ? `${hour}|${ref}` : `${hour}|${ref}|${line}`;
    const fromOlder = procurementDataSchema.parse((await get(`/api/v2/procurement-data?limit=1&${tamper(older)}`)).json);
    const fromSealed = procurementDataSchema.parse((await get(`/api/v2/procurement-data?limit=1&cursor=${sealed}`)).json);
    expect(fromOlder.results).toEqual(fromSealed.results);
    // The enterprise key may make 50 requests a second, and this file's clock stands still: it moves on one.
    now += 1000;
    expect(await bad(tamper(`${hour}|r_00000000000000000000`))).toEqual({ cursor: 'cursor must be the next_cursor of a previous answer' });
    expect(await bad(tamper(`2020-01-01T00:00:00Z|${ref}`))).toEqual({ cursor: 'cursor must be the next_cursor of a previous answer' });
    expect(await bad(tamper(`${hour}|${ref}|0`))).toEqual({ cursor: 'cursor must be the next_cursor of a previous answer' });
    expect(await bad('cursor=%E2%9C%93%00')).toEqual({ cursor: 'cursor must be the next_cursor of a previous answer' });
  });

  it('belongs to the enterprise package', async () => {
    const res = await get('/api/v2/procurement-data', starter);
    expect([res.status, res.json.error.code]).toEqual([403, 'product_not_in_tier']);
  });
});

describe('GET /api/v2/market-trends', () => {
  it('reports each category per period and withholds groups under 5 RFQs or 3 suppliers', async () => {
    const res = await get('/api/v2/market-trends?period=month');
    expect(res.status).toBe(200);
    const { trends } = marketTrendsSchema.parse(res.json);
    const month = `${new Date(now).toISOString().slice(0, 7)}-01`;
    const open = trends.filter((t) => !t.withheld);
    expect(open).toHaveLength(1);
    // Seven sanitiser requests and the basket's sanitiser line (500): a basket counts line by line.
    expect(open[0]).toMatchObject({ period_start: month, product_category: 'sanitizers', rfq_count: 8, supplier_count: 7, avg_quantity: 152.6 });
    expect(open[0]!.avg_unit_price_zar).toBeGreaterThan(0);
    const small = trends.filter((t) => t.withheld);
    expect(small.length).toBeGreaterThan(0);
    expect(small.every((t) => t.rfq_count === null && t.avg_unit_price_zar === null && t.supplier_count === null)).toBe(true);

    for (const period of ['week', 'quarter']) {
      const other = marketTrendsSchema.parse((await get(`/api/v2/market-trends?period=${period}`)).json);
      expect(other.trends.find((t) => !t.withheld)?.rfq_count).toBe(8);
    }
    expect(marketTrendsSchema.parse((await get('/api/v2/market-trends?region=western-cape')).json).trends.every((t) => t.withheld)).toBe(true);
    expect((await get('/api/v2/market-trends?period=year')).json.error).toEqual({
      code: 'validation_error',
      message: 'Request validation failed',
      details: { fields: { period: 'period must be week, month or quarter' } },
    });
  });
});

describe('the aggregate endpoints', () => {
  it('gives market intelligence to every tier, naming only cities and categories with enough RFQs', async () => {
    for (const path of ['/api/data/market-intelligence', '/api/v1/market-intelligence']) {
      const res = await get(path, starter);
      expect(res.status).toBe(200);
      const { categories } = marketIntelligenceSchema.parse(res.json);
      const open = categories.filter((c) => !c.withheld);
      expect(open).toHaveLength(1);
      // 35 quotes of seven requests and 4 of the basket's sanitiser line, over 8 products asked for.
      expect(open[0]).toMatchObject({
        product_category: 'sanitizers',
        rfq_count: 8,
        supplier_count: 7,
        avg_quotes_per_rfq: 4.9,
        firm_quote_count: 1,
        top_cities: [{ city_code: 'durban', rfq_count: 8 }],
      });
      expect(categories.filter((c) => c.withheld).every((c) => c.rfq_count === null && c.top_cities.length === 0)).toBe(true);
    }
    expect((await get('/api/data/market-intelligence?days=0', starter)).json.error.details).toEqual({
      fields: { days: 'days must be a whole number from 1 to 365' },
    });
  });

  it('breaks RFQs down by budget, quantity and region, leaving out groups under 5', async () => {
    expect((await get('/api/data/rfq-insights', starter)).status).toBe(403);
    const insights = rfqInsightsSchema.parse((await get('/api/data/rfq-insights')).json);
    expect(insights).toMatchObject({
      // The basket once among requests, in the band of its 500-unit line.
      rfq_count: 10,
      by_budget_range: [{ budget_range_zar: 'none', rfq_count: 7 }],
      by_quantity_band: [{ quantity_band: '100-999', rfq_count: 8 }],
      by_region: [{ region: 'kwazulu-natal', rfq_count: 8 }],
      withheld_groups: 3,
    });
    expect(insights.avg_intent_score).toBeGreaterThan(20);
  });

  it('describes suppliers only in groups of three or more, without names, contacts or prices of one supplier', async () => {
    expect((await get('/api/data/supplier-directory', starter)).status).toBe(403);
    // Every supplier here is new on Procura: none has a buyers' average a minimum rating can admit.
    expect(supplierMetricsSchema.parse((await get('/api/v1/suppliers/metrics?min_rating=4')).json).groups).toEqual([]);
    for (const path of ['/api/data/supplier-directory', '/api/v1/suppliers/metrics?min_rating=4']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const { groups } = supplierMetricsSchema.parse(res.json);
      if (!path.includes('min_rating')) expect(groups.some((g) => !g.withheld && g.supplier_count! >= 3 && g.avg_rating === null)).toBe(true);
      expect(groups.filter((g) => g.withheld).every((g) => g.supplier_count === null && g.avg_rating === null)).toBe(true);
      expect(res.text).not.toMatch(/@|\.example|\+27/);
    }
    const perf = supplierPerformanceSchema.parse((await get('/api/v2/supplier-performance?region=kwazulu-natal')).json);
    expect(perf.groups.filter((g) => !g.withheld)).toEqual([
      expect.objectContaining({ product_category: 'sanitizers', region: 'kwazulu-natal', response_count: 39, firm_response_count: 1, supplier_count: 7 }),
    ]);
    // The basket's paper line is a group of one request: withheld, however many suppliers priced it.
    expect(perf.groups.find((g) => g.product_category === 'hygiene-products')).toMatchObject({ withheld: true, response_count: null });
    const sanitiser = marketIntelligenceSchema.parse((await get('/api/data/market-intelligence?category=sanitizers', starter)).json).categories;
    expect(sanitiser.map((c) => [c.product_category, c.rfq_count])).toEqual([['sanitizers', 8]]);
    expect(rfqInsightsSchema.parse((await get('/api/data/rfq-insights?category=hygiene-products')).json).rfq_count).toBe(3);
    expect((await get('/api/v2/supplier-performance?min_rating=9')).json.error.details).toEqual({
      fields: { min_rating: 'min_rating must be a number from 1 to 5' },
    });
  });
});
