import { describe, expect, it } from 'vitest';
import { quoteSchema, rfqSchema, rfqSubmitResponseSchema, trackedQuoteResponseSchema } from '../../../sdk/schemas/rfq';
import { hashSecret, parseTrackingToken, quoteReference } from '../../lib/ids';
import { startTestServer, validRfq, startTestServerForFile } from '../../test/harness';
import { MessageRenderer } from '../../mail-sender/renderer';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

describe('POST /api/rfq', () => {
  it('answers 201 with five priced quotes and stores the request and quotes', async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq() });
    expect(res.status).toBe(201);
    const body = rfqSubmitResponseSchema.parse(res.json);
    expect(body.rfqId).toMatch(/^[1-9]\d{17}$/);
    expect(body).toMatchObject({
      productName: 'Hand Sanitizer 70% Alcohol',
      quantity: 200,
      unit: 'litres',
      deliveryLocation: 'Durban, KwaZulu-Natal',
      supplierCount: 5,
      primaryEmail: 'jane.buyer@example.co.za',
      matching: { requested: 5, matched: 5 },
    });
    expect(body.quotes).toHaveLength(5);
    for (const quote of body.quotes) {
      quoteSchema.parse(quote);
      expect(quote.trackingToken).toMatch(/^qt_[0-9a-z]+_[A-Za-z0-9_-]{24}$/);
      expect(quote.trackingUrl).toBe(`http://procura.test/quote/${quote.trackingToken}`);
      expect(quote.totalPriceInclVat).toBeCloseTo(quote.totalPrice * 1.15, 1);
    }

    const { db } = server.database;
    const rfq = await db.selectFrom('rfqs').selectAll().where('id', '=', body.rfqId).executeTakeFirstOrThrow();
    expect(rfq).toMatchObject({
      product_name: 'Hand Sanitizer 70% Alcohol',
      quantity: 200,
      city_id: 'durban',
      catalogue_item_id: 'hand-sanitizer-70',
      primary_email: 'jane.buyer@example.co.za',
      supplier_count: 5,
      matched_count: 5,
    });
    const rows = await db.selectFrom('quotes').selectAll().where('rfq_id', '=', body.rfqId).orderBy('rank').execute();
    expect(rows.map((r) => quoteReference(r.id))).toEqual(body.quotes.map((q) => q.id));
    // A token names its quote; only the hash of its secret is kept.
    expect(rows.map((r) => r.id)).toEqual(body.quotes.map((q) => parseTrackingToken(q.trackingToken!)!.quoteId));
    expect(rows.map((r) => r.tracking_secret_hash)).toEqual(body.quotes.map((q) => hashSecret(parseTrackingToken(q.trackingToken!)!.secret)));
    expect(JSON.stringify(rows)).not.toContain(parseTrackingToken(body.quotes[0]!.trackingToken!)!.secret);
    expect(rows.map((r) => Number(r.total_cents))).toEqual(body.quotes.map((q) => Math.round(q.totalPrice * 100)));
  });

  it("answers 400 with the spec's field messages", async () => {
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'ab', quantity: 'many', primaryEmail: 'nope', agreeTerms: false }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'Request validation failed',
        details: {
          fields: {
            productName: 'Product name must be at least 3 characters',
            quantity: 'Quantity must be at least 1',
            primaryEmail: 'Please enter a valid email address',
            agreeTerms: 'Please agree to the terms and conditions',
          },
        },
      },
    });
  });

  it('stores an embedded request as from the embed widget, and refuses any other source', async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq({ embedId: 'shop-a', embedSource: 'embed-widget' }) });
    expect(res.status).toBe(201);
    const row = await server.database.db.selectFrom('rfqs').select(['embed_id', 'embed_source']).where('id', '=', res.json.rfqId).executeTakeFirstOrThrow();
    expect(row).toEqual({ embed_id: 'shop-a', embed_source: 'embed-widget' });
    const other = await server.request('POST', '/api/rfq', { body: validRfq({ embedSource: 'procura-widget' }) });
    expect(other.status).toBe(400);
    expect(other.json.error.details).toEqual({ fields: { embedSource: 'Embed details are not valid' } });
  });

  it('refuses bodies that are not JSON objects', async () => {
    const notJson = await server.request('POST', '/api/rfq', { body: '{"productName":' });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid JSON' } });

    const array = await server.request('POST', '/api/rfq', { body: [] });
    expect(array.status).toBe(400);
    expect(array.json.error.code).toBe('validation_error');

    const form = await server.request('POST', '/api/rfq', { body: undefined, headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
    expect(form.json.error.code).toBe('unsupported_media_type');

    const huge = await server.request('POST', '/api/rfq', { body: validRfq({ productDescription: 'x'.repeat(70_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ error: { code: 'payload_too_large', message: 'The request body must be at most 64 KB' } });
  });

  it('answers a retried request with the same Idempotency-Key with the first answer', async () => {
    const headers = { 'Idempotency-Key': 'retry-5b0c2f3e' };
    const first = await server.request('POST', '/api/rfq', { body: validRfq(), headers });
    const second = await server.request('POST', '/api/rfq', { body: validRfq(), headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
    const count = await server.database.db
      .selectFrom('rfqs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', first.json.rfqId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // The record keeps the answer sealed under the key: neither the tokens nor the address in clear.
    const record = await server.database.db.selectFrom('idempotency_keys').selectAll().where('rfq_id', '=', first.json.rfqId).executeTakeFirstOrThrow();
    for (const quote of first.json.quotes) expect(record.response_body).not.toContain(quote.trackingToken);
    expect(record.response_body).not.toContain(first.json.primaryEmail);

    const other = await server.request('POST', '/api/rfq', { body: validRfq({ quantity: 300 }), headers });
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('idempotency_key_reused');
  });

  it('stores one request when the same key arrives twice at once', async () => {
    const headers = { 'Idempotency-Key': 'concurrent-91a7' };
    const [a, b] = await Promise.all([
      server.request('POST', '/api/rfq', { body: validRfq(), headers }),
      server.request('POST', '/api/rfq', { body: validRfq(), headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.rfqId).toBe(b.json.rfqId);
  });

  it('tells the buyer when fewer suppliers qualify than asked for', async () => {
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 40, supplierCount: 10, deliveryLocation: 'Upington' }),
    });
    expect(res.status).toBe(201);
    expect(res.json.matching.requested).toBe(10);
    expect(res.json.quotes).toHaveLength(res.json.matching.matched);
    expect(res.json.matching.matched).toBeLessThan(5);
  });
});

describe('delivery locations', () => {
  const quotedTo = async (deliveryLocation: string) => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq({ deliveryLocation }) });
    expect(res.status).toBe(201);
    const body = rfqSubmitResponseSchema.parse(res.json);
    const row = await server.database.db.selectFrom('rfqs').select(['city_id', 'delivery_location']).where('id', '=', body.rfqId).executeTakeFirstOrThrow();
    return { row, deliveryLocation: body.deliveryLocation, quotes: body.quotes.map((q) => [q.supplier.name, q.leadTime]), message: body.matching.message };
  };

  it('quotes Joburg as Johannesburg: the same suppliers, lead times and place', async () => {
    const johannesburg = await quotedTo('Johannesburg');
    const joburg = await quotedTo('Joburg');
    expect(joburg.row).toEqual({ city_id: 'johannesburg', delivery_location: 'Johannesburg, Gauteng' });
    expect(joburg.deliveryLocation).toBe('Johannesburg, Gauteng');
    expect(joburg.quotes).toEqual(johannesburg.quotes);
    expect(joburg.message).toBe(johannesburg.message);
    expect((await quotedTo('Sandton')).quotes).toEqual(johannesburg.quotes);
  });

  it('answers 400 for a place it does not know, naming the cities it comes close to, and stores nothing', async () => {
    const before = await server.database.db
      .selectFrom('rfqs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const typo = await server.request('POST', '/api/rfq', { body: validRfq({ deliveryLocation: 'Johanesburg' }) });
    expect(typo.status).toBe(400);
    expect(typo.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'Request validation failed',
        details: {
          fields: {
            deliveryLocation:
              'Please enter a delivery location we know: did you mean Johannesburg, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape)',
          },
        },
      },
    });
    const nowhere = await server.request('POST', '/api/rfq', { body: validRfq({ deliveryLocation: 'Atlantis' }) });
    expect(nowhere.json.error.details.fields.deliveryLocation).toBe(
      'Please enter a delivery location we know: a city, or a town with its province (e.g. Knysna, Western Cape)',
    );
    const after = await server.database.db
      .selectFrom('rfqs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('quotes a town given with its province from the suppliers of that province', async () => {
    const knysna = await quotedTo('Knysna, Western Cape');
    expect(knysna.row).toEqual({ city_id: null, delivery_location: 'Knysna, Western Cape' });
    expect(knysna.quotes.length).toBeGreaterThan(0);
  });
});

describe('GET /api/rfq/:rfqId', () => {
  it('gives the request with its quotes and a masked e-mail, no tracking tokens', async () => {
    const created = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
    const res = await server.request('GET', `/api/rfq/${created.json.rfqId}`);
    expect(res.status).toBe(200);
    const rfq = rfqSchema.parse(res.json);
    expect(rfq.primaryEmail).toBe('j***@example.co.za');
    expect(rfq.quotes).toHaveLength(3);
    const { trackingToken: _t, trackingUrl: _u, ...firstQuote } = created.json.quotes[0];
    expect(rfq.quotes[0]).toEqual(firstQuote);
    expect(res.text).not.toContain('qt_');
  });

  it('answers 404 for an unknown id and 400 for one that is not digits', async () => {
    const missing = await server.request('GET', '/api/rfq/123456789012345678');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: { code: 'rfq_not_found', message: 'RFQ not found' } });
    const bad = await server.request('GET', '/api/rfq/12ab');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { rfqId: 'An RFQ id is 15 to 20 digits' } } },
    });
  });
});

describe('GET /api/quotes/track/:token', () => {
  it('counts each view and stamps the first and last', async () => {
    const created = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
    const token: string = created.json.quotes[1].trackingToken;
    const first = await server.request('GET', `/api/quotes/track/${token}`);
    expect(first.status).toBe(200);
    const one = trackedQuoteResponseSchema.parse(first.json);
    expect(one.viewCount).toBe(1);
    expect(one.quote.quoteReference).toBe(created.json.quotes[1].id);
    expect(one.quote.quoteData.totalPrice).toBe(created.json.quotes[1].totalPrice);
    expect(one.quote.firstViewedAt).toBe(one.quote.lastViewedAt);

    const second = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}`)).json);
    expect(second.viewCount).toBe(2);
    expect(second.quote.firstViewedAt).toBe(one.quote.firstViewedAt);
    const row = await server.database.db
      .selectFrom('quotes')
      .select(['view_count', 'first_viewed_at', 'last_viewed_at'])
      .where('id', '=', parseTrackingToken(token)!.quoteId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ view_count: 2, first_viewed_at: one.quote.firstViewedAt, last_viewed_at: second.quote.lastViewedAt });
  });

  it("counts the buyer's own views apart: the page's count is of everyone else's", async () => {
    const created = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
    const token: string = created.json.quotes[0].trackingToken;
    const own = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}?view=own`)).json);
    expect([own.viewCount, own.quote.viewCount]).toEqual([0, 0]);
    await server.request('GET', `/api/quotes/track/${token}?view=own`);
    const shared = trackedQuoteResponseSchema.parse((await server.request('GET', `/api/quotes/track/${token}`)).json);
    expect(shared.viewCount).toBe(1);
    const row = await server.database.db
      .selectFrom('quotes')
      .select(['view_count', 'own_view_count', 'first_viewed_at', 'last_viewed_at', 'own_last_viewed_at'])
      .where('id', '=', parseTrackingToken(token)!.quoteId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      view_count: 1,
      own_view_count: 2,
      first_viewed_at: shared.quote.firstViewedAt,
      last_viewed_at: shared.quote.lastViewedAt,
      own_last_viewed_at: expect.any(String),
    });

    const bad = await server.request('GET', `/api/quotes/track/${token}?view=mine`);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'validation_error', details: { fields: { view: "view is 'own' or not given" } } } });
  });

  it('answers 400 for a token without qt_ and 404 for an unknown one', async () => {
    const bad = await server.request('GET', '/api/quotes/track/abc123');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { token: 'Invalid tracking token' } } },
    });
    const notFound = { error: { code: 'quote_not_found', message: 'Quote not found' } };
    for (const token of ['qt_AAAAAAAAAAAAAAAAAAAAAAAA', 'qt_zzzzzz_AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const unknown = await server.request('GET', `/api/quotes/track/${token}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual(notFound);
    }
    // A real quote id with a wrong secret is no better than an unknown token, and counts no view.
    const created = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
    const { quoteId } = parseTrackingToken(created.json.quotes[0].trackingToken)!;
    const forged = await server.request('GET', `/api/quotes/track/qt_${quoteId.toString(36)}_${'A'.repeat(24)}`);
    expect(forged.status).toBe(404);
    expect(forged.json).toEqual(notFound);
    const row = await server.database.db.selectFrom('quotes').select('view_count').where('id', '=', quoteId).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit per address', async () => {
    const limited = await startTestServer({ RFQ_RATE_LIMIT: '2', RFQ_RATE_WINDOW_SECONDS: '3600' });
    try {
      expect((await limited.request('POST', '/api/rfq', { body: validRfq() })).status).toBe(201);
      const second = await limited.request('POST', '/api/rfq', { body: validRfq({ quantity: 'x' }) });
      expect(second.status).toBe(400);
      const third = await limited.request('POST', '/api/rfq', { body: validRfq() });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(third.json.error.code).toBe('rate_limited');
      expect(third.headers.get('ratelimit-policy')).toBe('2;w=3600');
      // Reading is not limited.
      expect((await limited.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('units', () => {
  let buyers = 0;
  // A buyer of its own each time: one address receives at most 5 quote e-mails a day.
  const bleach = (unit: string | undefined, quantity: number) =>
    server.request('POST', '/api/rfq', {
      body: validRfq({
        productName: 'Household Bleach',
        unit,
        quantity,
        supplierCount: 5,
        deliveryLocation: 'Durban',
        primaryEmail: `bleach${++buyers}@example.co.za`,
      }),
    });

  it('quotes in the unit asked for, per that unit, on screen, in GET /api/rfq/:rfqId and in the e-mail', async () => {
    const litres = rfqSubmitResponseSchema.parse((await bleach(undefined, 100)).json);
    const res = await bleach('containers', 20);
    expect(res.status).toBe(201);
    const containers = rfqSubmitResponseSchema.parse(res.json);
    expect(litres.unit).toBe('litres');
    expect(containers.unit).toBe('containers');
    expect(containers.matching.message).toBe(`5 suppliers quoted for 20 containers of Household Bleach delivered to Durban, KwaZulu-Natal.`);
    // 20 containers of 5 litres are the same 100 litres: the same suppliers, at five times the price per litre.
    expect(containers.quotes.map((q) => q.supplier.id)).toEqual(litres.quotes.map((q) => q.supplier.id));
    containers.quotes.forEach((q, i) => {
      const perLitre = litres.quotes[i]!;
      expect(q.unit).toBe('containers');
      expect(q.unitPrice).toBeCloseTo(perLitre.unitPrice * 5, 2);
      expect(q.listUnitPrice).toBeCloseTo(perLitre.listUnitPrice * 5, 2);
      expect(q.totalPrice).toBeCloseTo(q.unitPrice * 20, 2);
      expect(q.totalPrice).toBe(perLitre.totalPrice);
      expect(q.notes).toContain('Priced in the unit you asked for: 1 container = 5 litres.');
    });

    const stored = rfqSchema.parse((await server.request('GET', `/api/rfq/${containers.rfqId}`)).json);
    expect(stored.unit).toBe('containers');
    expect(stored.quotes.map((q) => [q.unit, q.unitPrice, q.totalPrice])).toEqual(containers.quotes.map((q) => [q.unit, q.unitPrice, q.totalPrice]));

    const { db } = server.database;
    const row = await db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'buyer-quotes')
      .where('payload', 'like', `%${containers.rfqId}%`)
      .executeTakeFirstOrThrow();
    const mail = await new MessageRenderer(db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market).render(row);
    for (const q of containers.quotes) {
      expect(mail.text).toContain(`R${q.unitPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })} excl. VAT per container`);
    }
    expect(mail.text).not.toMatch(/per liter/);
  });

  it("takes both spellings of litres as the catalogue's own unit", async () => {
    const [a, b] = await Promise.all([bleach('litres', 40), bleach('Liters', 40)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.json.unit, b.json.unit]).toEqual(['litres', 'litres']);
    expect(a.json.quotes.map((q: { totalPrice: number }) => q.totalPrice)).toEqual(b.json.quotes.map((q: { totalPrice: number }) => q.totalPrice));
  });

  it("quotes pieces of a pack of known size, and needs at least the supplier's minimum in whole packs", async () => {
    const packs = rfqSubmitResponseSchema.parse(
      (await server.request('POST', '/api/rfq', { body: validRfq({ productName: 'Surgical Face Masks 3-Ply (50-pack)', quantity: 20, supplierCount: 3 }) }))
        .json,
    );
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'Surgical Face Masks 3-Ply (50-pack)', unit: 'masks', quantity: 1000, supplierCount: 3 }),
    });
    expect(res.status).toBe(201);
    const masks = rfqSubmitResponseSchema.parse(res.json);
    expect(masks.unit).toBe('masks');
    masks.quotes.forEach((q, i) => {
      expect(q.unitPrice).toBeCloseTo(Math.round((packs.quotes[i]!.unitPrice * 100) / 50) / 100, 2);
      expect(q.totalPrice).toBeCloseTo(q.unitPrice * 1000, 2);
      expect(q.minimumOrderQuantity % 50).toBe(0);
    });
  });

  it('answers 400 naming the units it can quote in, for a unit that does not convert', async () => {
    const res = await bleach('drums', 4);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'validation_error',
        message: 'Request validation failed',
        details: { fields: { unit: 'Household Bleach can be quoted in litres or containers (5 litres each), not drums' } },
      },
    });
    const ml = await bleach('ml', 5000);
    expect(ml.status).toBe(400);
    expect(ml.json.error.details.fields.unit).toBe(
      'Household Bleach can be quoted in litres or containers (5 litres each), not ml; a price per ml would be under R1, too small to quote to the cent',
    );
    expect(await server.database.db.selectFrom('rfqs').select('id').where('unit', 'in', ['drums', 'ml']).execute()).toEqual([]);
  });
});
