import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RfqSubmitResponse, TrackedQuoteResponse } from '../schemas/rfq';
import { DURBAN, product, quotePreview } from '../test/catalogue';
import { createClient } from './client';
import { findLocations } from './forms';
import { createTransport } from './transport';
import {
  fieldMessages,
  HttpError,
  isHttpError,
  isNetworkError,
  isProcuraError,
  isResponseValidationError,
  isTimeoutError,
  ResponseValidationError,
} from './errors';

const BASE = 'https://procura.test';
const server = setupServer();
/** Each request the API double saw: method, path with query, and the headers a test asks about. */
const seen: { method: string; url: string; idempotencyKey: string | null; authorization: string | null; partnerId: string | null }[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  seen.push({
    method: request.method,
    url: url.pathname + url.search,
    idempotencyKey: request.headers.get('idempotency-key'),
    authorization: request.headers.get('authorization'),
    partnerId: request.headers.get('x-partner-id'),
  });
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const client = (options: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: `${BASE}/`, apiKey: 'procura_live_abc', partnerId: 'pt_1', retry: 1, ...options });

const submitted: RfqSubmitResponse = {
  rfqId: '123456789012345678',
  productName: 'Household Bleach',
  quantity: 40,
  unit: 'litres',
  deliveryLocation: 'Durban, KwaZulu-Natal',
  supplierCount: 3,
  primaryEmail: 'buyer@example.co.za',
  companySize: '11-50',
  status: 'expired',
  matching: { requested: 3, matched: 0, message: 'No supplier delivers there yet.' },
  quotes: [],
  emailDelivery: { notSent: [] },
  demo: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};
const supplier = {
  id: 7,
  name: 'Coastal Hygiene',
  location: 'Durban',
  province: 'KwaZulu-Natal',
  rating: 4.6,
  verified: true,
  contactPerson: 'Sipho',
  email: 'sales@coastal.example',
  phone: '031 000 0000',
  responseTimeHours: 4,
  vatNumber: '4123456789',
  registeredAddress: '12 Harbour Drive, Durban, 4001',
  bbee: { level: 2, evidence: 'certificate' as const, expiresOn: '2027-03-31', status: 'valid' as const, recognitionPercent: 125 },
};
/** The quoted price of the 40 litres of bleach the tracked quote and its order carry. */
const BLEACH_PRICE = { currency: 'ZAR', unitPrice: 21.5, totalPrice: 860, vatAmount: 129, totalPriceInclVat: 989, leadTime: '2-3 days' } as const;
const tracked: TrackedQuoteResponse = {
  success: true,
  viewCount: 2,
  quote: {
    trackingToken: 'qt_1_abc',
    quoteReference: 'PQ-000001',
    viewCount: 2,
    firstViewedAt: '2026-11-22T10:00:00.000Z',
    lastViewedAt: '2026-11-22T11:00:00.000Z',
    status: 'offered',
    statusChangedAt: null,
    withdrawalReason: null,
    rfq: { rfqId: '123456789012345678', status: 'open', awardedQuoteId: null, companySize: null, quotes: [], demo: false },
    quoteData: {
      productName: 'Household Bleach',
      quantity: 40,
      unit: 'litres',
      supplier,
      ...BLEACH_PRICE,
      minimumOrderQuantity: 10,
      validityPeriod: '14 days',
      validUntil: '2026-12-06',
      paymentTerms: 'Net 30',
      priceListDate: '2026-11-01',
      notes: 'Indicative price from the price list of 2026-11-01.',
      aiInsights: {
        competitivePosition: 'lowest-price',
        riskLevel: 'low',
        priceDifference: 0,
        recommendation: 'Lowest total.',
        qualityScore: 90,
        reliabilityRating: 88,
      },
    },
  },
};
const record = (n: number) => ({
  rfq_ref: `r_${String(n).padStart(20, '0')}`,
  submission_timestamp: '2026-11-22T10:00:00Z',
  product_category: 'bleach',
  quantity_requested: 40,
  budget_range_zar: null,
  city_code: 'durban',
  company_size: 'unknown' as const,
  intent_score: 35,
  line_number: null,
});

describe('createClient: requests and parsed answers', () => {
  it('submits a basket to the same endpoint and keeps its lines and split', async () => {
    const option = {
      lines: [{ lineId: 'L1', quoteId: 'Q-1' }],
      covered: 1,
      totalPrice: 100,
      vatAmount: 15,
      totalPriceInclVat: 115,
      deliveries: 1,
      suppliers: [{ quoteId: 'Q-1', lineIds: ['L1'], totalPrice: 100 }],
    };
    const answer = {
      ...submitted,
      lines: [{ lineId: 'L1', productName: 'Household Bleach', quantity: 40, unit: 'litres' }],
      split: { split: option, single: option, saving: 0, extraDeliveries: 0, message: 'One supplier.' },
    };
    let sent: unknown;
    server.use(
      http.post(`${BASE}/api/rfq`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(answer, { status: 201 });
      }),
    );
    const basket = {
      lines: [{ productName: 'Household Bleach', quantity: 40 }],
      deliveryLocation: 'Durban',
      primaryEmail: 'b@example.co.za',
      agreeTerms: true as const,
    };
    const got = await client().rfq.submitBasket(basket);
    expect(sent).toEqual(basket);
    expect(got.lines).toEqual(answer.lines);
    expect(got.split).toEqual(answer.split);
    expect(seen[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('submits an RFQ with an idempotency key, and reads it and a tracked quote back', async () => {
    let sent: unknown;
    server.use(
      http.post(`${BASE}/api/rfq`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(submitted, { status: 201 });
      }),
      http.get(`${BASE}/api/rfq/:rfqId`, () => HttpResponse.json({ ...submitted, primaryEmail: 'b***@example.co.za', awardedQuoteId: null })),
      http.get(`${BASE}/api/quotes/track/:token`, () => HttpResponse.json(tracked)),
    );
    const procura = client();
    expect(await procura.rfq.submit({ productName: 'Household Bleach', quantity: 40 } as never)).toEqual(submitted);
    expect((await procura.rfq.get('123456789012345678')).primaryEmail).toBe('b***@example.co.za');
    expect((await procura.quotes.track('qt_1/abc')).quote.quoteData.supplier.name).toBe('Coastal Hygiene');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/rfq', 'GET /api/rfq/123456789012345678', 'GET /api/quotes/track/qt_1%2Fabc']);
    expect(seen[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent).toEqual({ productName: 'Household Bleach', quantity: 40 });
    expect(seen[1]!.idempotencyKey).toBeNull();
  });

  it("sends the widget's short form and the partner calls with the partner's credentials", async () => {
    const credentials = { success: true, credentials: { partnerId: 'pt_2', apiKey: 'procura_live_new' } };
    const profile = { partnerId: 'pt_1', companyName: 'Acme', tier: 'starter', keyPrefix: 'procura_live_abcdef', keyCreatedAt: '2026-11-01T00:00:00.000Z' };
    const analytics = {
      partnerId: 'pt_1',
      totalRfqs: 12,
      qualifiedRfqs: 10,
      month: '2026-11',
      monthRfqs: 4,
      monthQualifiedRfqs: 3,
      pendingRfqs: 1,
      monthPendingRfqs: 1,
      enterpriseLeads: 2,
      monthEnterpriseLeads: 1,
      awardedRfqs: 3,
      monthAwardedRfqs: 1,
      revenue: 75,
      carriedIn: 30,
      balance: 105,
      revenueModel: {
        perQualifiedRfq: 25,
        perEnterpriseLead: 150,
        enterpriseEmployees: 100,
        partnerShare: 0.6,
        paymentTerms: 'Net 30',
        minimumPayout: 100,
        payout: 'monthly',
      },
      widgetLoads: 40,
      conversionRate: 10,
      topProducts: [],
      monthlyTrends: [],
    };
    server.use(
      http.post(`${BASE}/api/embed/rfq`, () =>
        HttpResponse.json({ rfqId: submitted.rfqId, matching: submitted.matching, quotes: [], emailDelivery: { notSent: [] } }, { status: 201 }),
      ),
      http.post(`${BASE}/api/partners/register`, () => HttpResponse.json(credentials, { status: 201 })),
      http.get(`${BASE}/api/partners/me`, () => HttpResponse.json(profile)),
      http.post(`${BASE}/api/partners/rotate-key`, () => HttpResponse.json(credentials)),
      http.get(`${BASE}/api/embed/analytics`, () => HttpResponse.json(analytics)),
    );
    const procura = client();
    expect(
      (
        await procura.embed.submitRfq(
          {
            productName: 'Bleach',
            productDescription: 'Thick bleach for the wards',
            quantity: 40,
            location: 'Durban',
            contactEmail: 'b@example.co.za',
            partnerId: 'pt_1',
          },
          { idempotencyKey: 'form-1' },
        )
      ).rfqId,
    ).toBe(submitted.rfqId);
    expect(await procura.partners.register({ companyName: 'Acme' } as never)).toEqual(credentials);
    expect(await procura.partners.me()).toEqual(profile);
    expect(await procura.partners.rotateKey()).toEqual(credentials);
    expect(await procura.partners.analytics()).toEqual(analytics);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/embed/rfq',
      'POST /api/partners/register',
      'GET /api/partners/me',
      'POST /api/partners/rotate-key',
      'GET /api/embed/analytics',
    ]);
    expect(seen[0]!.idempotencyKey).toBe('form-1');
    expect(seen[1]!.idempotencyKey).toBeNull();
    expect(seen.every((r) => r.authorization === 'Bearer procura_live_abc' && r.partnerId === 'pt_1')).toBe(true);
  });

  it("makes the buyer's actions and the supplier's answers with no body where none is needed, each answer checked", async () => {
    const order = {
      status: 'withdrawn',
      quoteReference: 'Q-7',
      purchaseOrderNumber: 'PO-2026-000007',
      supplierName: 'Coastal Hygiene',
      acceptedAt: '2026-11-22T10:00:00.000Z',
      respondedAt: '2026-11-22T12:00:00.000Z',
      withdrawalReason: 'Out of stock until January',
      deliveredOn: null,
      buyer: {
        email: null,
        contactName: null,
        companyName: null,
        companySize: '250+',
        deliveryAddress: null,
        phone: null,
        purchaseOrderReference: null,
        vatNumber: null,
      },
      order: {
        productName: 'Household Bleach',
        productDescription: '',
        quantity: 40,
        unit: 'litres',
        deliveryLocation: 'Durban, KwaZulu-Natal',
        ...BLEACH_PRICE,
        paymentTerms: 'Net 30',
        validUntil: '2026-12-06',
      },
    };
    const bodies: unknown[] = [];
    const answer =
      (json: typeof tracked | typeof order) =>
      async ({ request }: { request: Request }) => {
        bodies.push(await request.text());
        return HttpResponse.json(json);
      };
    server.use(
      http.post(`${BASE}/api/quotes/track/:token/:action`, answer(tracked)),
      http.get(`${BASE}/api/supplier-responses/:token`, () => HttpResponse.json(order)),
      http.post(`${BASE}/api/supplier-responses/:token/:answer`, answer(order)),
    );
    const procura = client();
    const details = { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567', vatNumber: '4123456789' };
    expect(await procura.quotes.accept('qt_1_abc', details)).toEqual(tracked);
    expect(await procura.quotes.decline('qt_1_abc')).toEqual(tracked);
    expect(await procura.quotes.closeRequest('qt_1_abc')).toEqual(tracked);
    expect(await procura.supplierResponses.get('sr_1_abc')).toEqual(order);
    expect(await procura.supplierResponses.confirm('sr_1_abc')).toEqual(order);
    expect(await procura.supplierResponses.withdraw('sr_1_abc', { reason: 'Out of stock until January' })).toEqual(order);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/quotes/track/qt_1_abc/accept',
      'POST /api/quotes/track/qt_1_abc/decline',
      'POST /api/quotes/track/qt_1_abc/close',
      'GET /api/supplier-responses/sr_1_abc',
      'POST /api/supplier-responses/sr_1_abc/confirm',
      'POST /api/supplier-responses/sr_1_abc/withdraw',
    ]);
    expect(bodies).toEqual([JSON.stringify(details), '', '', '', JSON.stringify({ reason: 'Out of stock until January' })]);
  });

  it("makes the form's calls and the portal's reads, each answer checked", async () => {
    const bleach = product({ id: 'bleach-5l', name: 'Household Bleach', category: 'cleaning-supplies', categoryName: 'Cleaning Supplies', avgPrice: 21.5 });
    const preview = quotePreview({ availability: 'In stock', recommendation: 'Ask 3 suppliers' });
    const recent = {
      rfqs: [{ product: 'Household Bleach', category: 'cleaning-supplies', city: 'Durban', quantityBand: '10-99', receivedAt: '2026-11-22T10:00:00.000Z' }],
    };
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Procura API', version: '0.1.0' },
      tags: [{ name: 'Quotes', description: 'Request quotes' }],
      paths: { '/api/rfq': { post: { summary: 'Send', tags: ['Quotes'], security: [], responses: { 201: { description: 'Sent' } } } } },
    };
    let load: unknown;
    server.use(
      http.get(`${BASE}/api/catalogue/products`, () => HttpResponse.json({ suggestions: [bleach] })),
      http.get(`${BASE}/api/catalogue/locations`, () => HttpResponse.json({ suggestions: [DURBAN] })),
      http.get(`${BASE}/api/catalogue/popular`, () => HttpResponse.json({ products: [{ ...bleach, rfqCount: 4 }] })),
      http.get(`${BASE}/api/catalogue/preview`, () => HttpResponse.json(preview)),
      http.get(`${BASE}/api/embed/recent`, () => HttpResponse.json(recent)),
      http.get(`${BASE}/api/openapi.json`, () => HttpResponse.json(doc)),
      http.post(`${BASE}/api/analytics/widget-load`, async ({ request }) => {
        load = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const procura = client();
    expect(await procura.catalogue.products('ble')).toEqual({ suggestions: [bleach] });
    expect(await procura.catalogue.locations('dur')).toEqual({ suggestions: [DURBAN] });
    expect((await procura.catalogue.popular(4)).products[0]!.rfqCount).toBe(4);
    expect(await procura.catalogue.preview({ productName: 'Household Bleach', quantity: '40', deliveryLocation: '', supplierCount: 3 })).toEqual(preview);
    expect(await procura.embed.recent()).toEqual(recent);
    expect((await procura.openapi()).paths['/api/rfq']!.post!.summary).toBe('Send');
    expect(await procura.analytics.widgetLoad({ embedId: 'shop-footer', partnerId: 'pt_1' })).toBeUndefined();
    expect(load).toEqual({ embedId: 'shop-footer', partnerId: 'pt_1' });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/catalogue/products?q=ble',
      'GET /api/catalogue/locations?q=dur',
      'GET /api/catalogue/popular?limit=4',
      'GET /api/catalogue/preview?productName=Household+Bleach&quantity=40&deliveryLocation=&supplierCount=3',
      'GET /api/embed/recent',
      'GET /api/openapi.json',
      'POST /api/analytics/widget-load',
    ]);
  });

  it('gives each form call alone, for a small page, its answer checked all the same', async () => {
    server.use(http.get(`${BASE}/api/catalogue/locations`, () => HttpResponse.json({ suggestions: [{ id: 'durban', name: 'Durban' }] })));
    const error = await findLocations(createTransport({ baseUrl: BASE, retry: 0 }), 'dur').catch((e: unknown) => e);
    expect(isResponseValidationError(error)).toBe(true);
    expect((error as ResponseValidationError).issues.map((i) => i.path.join('.'))).toEqual([
      'suggestions.0.province',
      'suggestions.0.fullName',
      'suggestions.0.note',
    ]);
  });

  it('calls each data endpoint with its parameters and keeps the last rate-limit figures', async () => {
    const limits = (remaining: number) => ({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': '1795000000' });
    server.use(
      http.get(`${BASE}/api/data/market-intelligence`, () => HttpResponse.json({ days: 7, categories: [] }, { headers: limits(999) })),
      http.get(`${BASE}/api/v2/market-trends`, () => HttpResponse.json({ period: 'week', region: 'gauteng', trends: [] }, { headers: limits(998) })),
      http.get(`${BASE}/api/v1/suppliers/metrics`, () => HttpResponse.json({ groups: [] }, { headers: limits(997) })),
      http.get(`${BASE}/api/v2/supplier-performance`, () => HttpResponse.json({ groups: [] }, { headers: limits(996) })),
      http.get(`${BASE}/api/data/rfq-insights`, () =>
        HttpResponse.json(
          { days: 30, rfq_count: 0, avg_intent_score: null, by_budget_range: [], by_quantity_band: [], by_region: [], withheld_groups: 0 },
          { headers: limits(995) },
        ),
      ),
      http.get(`${BASE}/api/v2/procurement-data`, () =>
        HttpResponse.json({ results: [record(1)], has_more: false, next_cursor: null }, { headers: limits(994) }),
      ),
    );
    const procura = client();
    expect(procura.rateLimit).toBeNull();
    expect((await procura.data.marketIntelligence({ days: 7, category: 'bleach' })).days).toBe(7);
    expect((await procura.data.marketTrends({ period: 'week', region: 'gauteng' })).period).toBe('week');
    expect((await procura.data.supplierMetrics({ min_rating: 4 })).groups).toEqual([]);
    expect((await procura.data.supplierPerformance({ category: 'bleach', region: undefined })).groups).toEqual([]);
    expect((await procura.data.rfqInsights()).rfq_count).toBe(0);
    expect((await procura.data.procurementData({ limit: 10, start_date: '2026-11-01' })).results).toEqual([record(1)]);
    expect(seen.map((r) => r.url)).toEqual([
      '/api/data/market-intelligence?days=7&category=bleach',
      '/api/v2/market-trends?period=week&region=gauteng',
      '/api/v1/suppliers/metrics?min_rating=4',
      '/api/v2/supplier-performance?category=bleach',
      '/api/data/rfq-insights',
      '/api/v2/procurement-data?limit=10&start_date=2026-11-01',
    ]);
    expect(procura.rateLimit).toEqual({ limit: 1000, remaining: 994, resetAt: new Date(1_795_000_000_000) });
  });

  it('walks cursor pages to the end', async () => {
    const pages: Record<string, object> = {
      '': { results: [record(1), record(2)], has_more: true, next_cursor: 'c1' },
      c1: { results: [record(3), record(4)], has_more: true, next_cursor: 'c2' },
      c2: { results: [record(5)], has_more: false, next_cursor: null },
    };
    server.use(http.get(`${BASE}/api/v2/procurement-data`, ({ request }) => HttpResponse.json(pages[new URL(request.url).searchParams.get('cursor') ?? ''])));
    const ids: string[] = [];
    for await (const page of client().data.procurementDataPages({ limit: 2 })) ids.push(...page.results.map((r) => r.rfq_ref));
    expect(ids).toEqual([1, 2, 3, 4, 5].map((n) => record(n).rfq_ref));
    expect(seen.map((r) => r.url)).toEqual([
      '/api/v2/procurement-data?limit=2',
      '/api/v2/procurement-data?limit=2&cursor=c1',
      '/api/v2/procurement-data?limit=2&cursor=c2',
    ]);
  });
});

describe('createClient: documents', () => {
  it("fetches a statement's file with the partner's key as a Blob of its type, and its refusal as an HttpError", async () => {
    server.use(
      http.get(`${BASE}/api/partners/statements/ST-2026-000001.csv`, () => new HttpResponse('Date,Reference\n', { headers: { 'content-type': 'text/csv' } })),
      http.get(`${BASE}/api/partners/statements/ST-2026-000009.pdf`, () =>
        HttpResponse.json({ error: { code: 'statement_not_found', message: 'Statement not found' } }, { status: 404 }),
      ),
    );
    const file = await client().partners.statementFile('ST-2026-000001', 'csv');
    expect(file.type).toBe('text/csv');
    expect(await file.text()).toBe('Date,Reference\n');
    expect(seen[0]).toMatchObject({ url: '/api/partners/statements/ST-2026-000001.csv', authorization: 'Bearer procura_live_abc', partnerId: 'pt_1' });
    const refused = await client()
      .partners.statementFile('ST-2026-000009', 'pdf')
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(404);
  });
});

describe('createClient: errors', () => {
  it("throws the API's error as an HttpError with its code, details and request id", async () => {
    const fields = { quantity: 'Quantity must be at least 1' };
    server.use(
      http.post(`${BASE}/api/rfq`, () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'Request validation failed', details: { fields } } },
          { status: 400, headers: { 'x-request-id': 'req-1' } },
        ),
      ),
    );
    const error = await client()
      .rfq.submit({} as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      name: 'HttpError',
      status: 400,
      code: 'validation_error',
      message: '400: Request validation failed',
      apiMessage: 'Request validation failed',
      details: { fields },
      requestId: 'req-1',
    });
    expect(fieldMessages(error)).toEqual(fields);
    expect([isHttpError(error), isProcuraError(error), isTimeoutError(error)]).toEqual([true, true, false]);
    expect(seen).toHaveLength(1);
  });

  it('names an answer that is not the error shape by its status and status text, never its body', async () => {
    server.use(http.get(`${BASE}/api/rfq/:id`, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 404, statusText: 'Not Found' })));
    const error = await client()
      .rfq.get('1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'http_error', message: '404: Not Found', apiMessage: 'Not Found', requestId: null });
    expect(fieldMessages(error)).toEqual({});
  });

  it('rejects an aborted call with the abort itself, not a client error', async () => {
    server.use(
      http.get(`${BASE}/api/catalogue/products`, async () => {
        await delay('infinite');
        return HttpResponse.json({ suggestions: [] });
      }),
    );
    const controller = new AbortController();
    const pending = client()
      .catalogue.products('bleach', { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect([(error as Error).name, isProcuraError(error)]).toEqual(['AbortError', false]);
  });

  it('throws ResponseValidationError for a successful answer of the wrong shape', async () => {
    server.use(http.get(`${BASE}/api/partners/me`, () => HttpResponse.json({ partnerId: 7 })));
    const error = await client()
      .partners.me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(isResponseValidationError(error)).toBe(true);
    expect((error as ResponseValidationError).issues.map((i) => i.path.join('.'))).toEqual(['partnerId', 'companyName', 'tier', 'keyPrefix', 'keyCreatedAt']);
  });

  it('throws NetworkError when the API cannot be reached, after retrying a read', async () => {
    server.use(http.get(`${BASE}/api/rfq/:id`, () => HttpResponse.error()));
    const error = await client()
      .rfq.get('1')
      .catch((e: unknown) => e);
    expect([isNetworkError(error), (error as Error).message]).toEqual([true, 'Procura could not be reached for GET /api/rfq/1: Failed to fetch']);
    expect(seen).toHaveLength(2);
  });

  it('throws TimeoutError when the API does not answer in time', async () => {
    server.use(
      http.get(`${BASE}/api/embed/analytics`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const error = await client({ timeout: 50, retry: 0 })
      .partners.analytics()
      .catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe('Procura did not answer GET /api/embed/analytics in time');
  });

  it('retries reads and keyed submissions with the same key, never an unkeyed submission', async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/api/rfq/:id`, () =>
        ++calls === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ ...submitted, awardedQuoteId: null }),
      ),
      http.post(`${BASE}/api/rfq`, () =>
        seen.filter((r) => r.method === 'POST').length === 1 ? new HttpResponse(null, { status: 502 }) : HttpResponse.json(submitted, { status: 201 }),
      ),
      http.post(`${BASE}/api/partners/register`, () => new HttpResponse(null, { status: 503 })),
    );
    const procura = client();
    expect((await procura.rfq.get('1')).rfqId).toBe(submitted.rfqId);
    expect((await procura.rfq.submit({} as never)).rfqId).toBe(submitted.rfqId);
    const posts = seen.filter((r) => r.url === '/api/rfq');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey);
    await expect(procura.partners.register({} as never)).rejects.toMatchObject({ status: 503 });
    expect(seen.filter((r) => r.url === '/api/partners/register')).toHaveLength(1);
  });

  it('recognises its errors across frames by name', () => {
    const fromAnotherFrame = { name: 'HttpError', message: 'x', status: 401 };
    expect([isHttpError(fromAnotherFrame), isProcuraError(fromAnotherFrame), isNetworkError(fromAnotherFrame)]).toEqual([true, true, false]);
    expect([isProcuraError(new Error('x')), isProcuraError(null), isProcuraError('HttpError')]).toEqual([false, false, false]);
  });
});
