import { describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { OFFER_MESSAGES, offerImportResultSchema, supplierOfferSchema, supplierOffersSchema, type SupplierOffer } from '../../contract/schemas/supplier-offers';
import { validityDay } from '../domain/validity';
import { validRfq, startTestServerForFile } from '../test/harness';
import { signInSupplier, lastSupplierAudit } from '../test/suppliers';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', TRUST_PROXY: '1' });

const db = () => server.database.db;
let people = 0;

/** The supplier of the best quote for hand sanitizer in Durban, signed in, with its offer of the quoted product. */
async function quotingSupplier() {
  const rfq = await submit();
  const quote = rfq.quotes.find((q) => q.pricingBasis === 'price-list')!;
  const supplier = await db().selectFrom('suppliers').select('id').where('email', '=', quote.supplier.email).executeTakeFirstOrThrow();
  const session = await signInSupplier(server, supplier.id, `prices${++people}@supplier.example`);
  const list = supplierOffersSchema.parse((await server.request('GET', '/api/supplier/offers', { headers: session.headers })).json);
  const item = (await db().selectFrom('rfqs').select('catalogue_item_id').where('id', '=', rfq.rfqId).executeTakeFirstOrThrow()).catalogue_item_id;
  const offer = list.offers.find((o) => o.catalogueItemId === item)!;
  expect(offer).toBeTruthy();
  return { supplierId: supplier.id, name: quote.supplier.name, session, offer, list };
}

async function submit(): Promise<RfqSubmitResponse> {
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ quantity: 10 }) });
  expect(res.status).toBe(201);
  return rfqSubmitResponseSchema.parse(res.json);
}

const change = (headers: Record<string, string>, offerId: number, body: unknown) =>
  server.request('PATCH', `/api/supplier/offers/${offerId}`, { body, headers });
const quoteOf = (rfq: RfqSubmitResponse, supplier: string) => rfq.quotes.find((q) => q.supplier.name === supplier);
const day = (offset: number) => validityDay(Date.now() + offset * 86_400_000);

describe('the price list', () => {
  it("lists the supplier's own offers, quoted today, and its price list's date", async () => {
    const { list, supplierId } = await quotingSupplier();
    const count = await db()
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('supplier_id', '=', supplierId)
      .executeTakeFirstOrThrow();
    expect(list.offers).toHaveLength(Number(count.n));
    expect(list.offers.map((o) => o.productName)).toEqual([...list.offers.map((o) => o.productName)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const o of list.offers) expect(o).toMatchObject({ inStock: true, validFrom: null, validUntil: null, quoted: true });
    expect(list.priceListDate).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('quotes the next request at the price the supplier typed, and records who changed it', async () => {
    const { session, offer, name, supplierId } = await quotingSupplier();
    const price = Math.round((offer.unitPrice - 1.23) * 100) / 100;
    const res = await change(session.headers, offer.offerId, { unitPrice: price, tiers: [] });
    expect(res.status).toBe(200);
    expect(supplierOfferSchema.parse(res.json)).toMatchObject({ offerId: offer.offerId, unitPrice: price, tiers: [], quoted: true });
    const quote = quoteOf(await submit(), name)!;
    expect(quote.listUnitPrice).toBe(price);
    const audit = await lastSupplierAudit(server, supplierId);
    expect(audit).toEqual({ action: 'offers.update', detail: `${offer.productName}: unitPrice, tiers` });
    const date = await db().selectFrom('suppliers').select('price_list_date').where('id', '=', supplierId).executeTakeFirstOrThrow();
    expect(date.price_list_date).toBe(day(0));
  });

  it('quotes no offer out of stock or outside its dates, and quotes it again once back', async () => {
    const { session, offer, name } = await quotingSupplier();
    const priced = (rfq: RfqSubmitResponse) => quoteOf(rfq, name)?.pricingBasis === 'price-list';
    expect(priced(await submit())).toBe(true);

    const out = await change(session.headers, offer.offerId, { inStock: false });
    expect(supplierOfferSchema.parse(out.json)).toMatchObject({ inStock: false, quoted: false });
    expect(priced(await submit())).toBe(false);

    const ended = await change(session.headers, offer.offerId, { inStock: true, validUntil: day(-1) });
    expect(supplierOfferSchema.parse(ended.json)).toMatchObject({ inStock: true, validUntil: day(-1), quoted: false });
    expect(priced(await submit())).toBe(false);

    const later = await change(session.headers, offer.offerId, { validFrom: day(1), validUntil: null });
    expect(supplierOfferSchema.parse(later.json)).toMatchObject({ validFrom: day(1), validUntil: null, quoted: false });
    expect(priced(await submit())).toBe(false);

    expect((await change(session.headers, offer.offerId, { validFrom: day(0) })).status).toBe(200);
    expect(priced(await submit())).toBe(true);
  });

  it('names each broken rule by its field, and changes nothing', async () => {
    const { session, offer } = await quotingSupplier();
    const fields = async (body: unknown) => {
      const res = await change(session.headers, offer.offerId, body);
      expect(res.status).toBe(400);
      return res.json.error.details.fields;
    };
    expect(await fields({ unitPrice: 0 })).toEqual({ unitPrice: OFFER_MESSAGES.unitPrice });
    expect(await fields({ minimumOrderQuantity: 10, tiers: [{ minQuantity: 5, unitPrice: 1 }] })).toEqual({
      'tiers.0.minQuantity': OFFER_MESSAGES.tierQuantity,
    });
    expect(
      await fields({
        unitPrice: 10,
        tiers: [
          { minQuantity: 100, unitPrice: 9 },
          { minQuantity: 50, unitPrice: 12 },
        ],
      }),
    ).toEqual({ 'tiers.1.minQuantity': OFFER_MESSAGES.tierOrder, 'tiers.1.unitPrice': OFFER_MESSAGES.tierPrice });
    expect(await fields({ validFrom: '2026-12-10', validUntil: '2026-12-01' })).toEqual({ validUntil: OFFER_MESSAGES.dateOrder });
    expect(await fields({ validUntil: '10 December' })).toEqual({ validUntil: OFFER_MESSAGES.date });
    expect(await fields({ validFrom: '2026-02-30' })).toEqual({ validFrom: OFFER_MESSAGES.date });
    expect(await fields({ validFrom: '2026-13-45' })).toEqual({ validFrom: OFFER_MESSAGES.date });
    expect(await fields({})).toEqual({ body: OFFER_MESSAGES.noChange });
    const [row] = supplierOffersSchema
      .parse((await server.request('GET', '/api/supplier/offers', { headers: session.headers })).json)
      .offers.filter((o) => o.offerId === offer.offerId);
    expect(row).toEqual(offer);
  });

  it("answers 404 for another supplier's offer, 401 signed out and 403 from another origin", async () => {
    const a = await quotingSupplier();
    const other = await db().selectFrom('offers').select('id').where('supplier_id', '!=', a.supplierId).executeTakeFirstOrThrow();
    expect((await change(a.session.headers, other.id, { unitPrice: 1 })).status).toBe(404);
    expect((await server.request('DELETE', `/api/supplier/offers/${other.id}`, { headers: a.session.headers })).status).toBe(404);
    expect((await server.request('GET', '/api/supplier/offers')).status).toBe(401);
    expect((await change({ cookie: a.session.cookie, origin: 'https://evil.example' }, a.offer.offerId, { unitPrice: 1 })).status).toBe(403);
  });

  it('adds a catalogue product, refuses one already listed, and removes one', async () => {
    const { session, list, supplierId } = await quotingSupplier();
    const listed = new Set(list.offers.map((o) => o.catalogueItemId));
    const item = (await db().selectFrom('catalogue_items').select(['id', 'name']).orderBy('id').execute()).find((i) => !listed.has(i.id))!;
    const added = await server.request('POST', '/api/supplier/offers', {
      body: { catalogueItemId: item.id, unitPrice: 42.5, minimumOrderQuantity: 5, tiers: [{ minQuantity: 50, unitPrice: 40 }] },
      headers: session.headers,
    });
    expect(added.status).toBe(201);
    const offer: SupplierOffer = supplierOfferSchema.parse(added.json);
    expect(offer).toMatchObject({
      productName: item.name,
      unitPrice: 42.5,
      minimumOrderQuantity: 5,
      tiers: [{ minQuantity: 50, unitPrice: 40 }],
      quoted: true,
    });
    const again = await server.request('POST', '/api/supplier/offers', { body: { catalogueItemId: item.id, unitPrice: 1 }, headers: session.headers });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({ code: 'offer_exists', message: OFFER_MESSAGES.offerExists });
    const unknown = await server.request('POST', '/api/supplier/offers', {
      body: { catalogueItemId: 'no-such-product', unitPrice: 1 },
      headers: session.headers,
    });
    expect(unknown.status).toBe(400);

    expect((await server.request('DELETE', `/api/supplier/offers/${offer.offerId}`, { headers: session.headers })).status).toBe(204);
    expect(await db().selectFrom('offers').select('id').where('id', '=', offer.offerId).executeTakeFirst()).toBeUndefined();
    const actions = await db().selectFrom('supplier_audit').select('action').where('supplier_id', '=', supplierId).orderBy('id').execute();
    expect(actions.map((a) => a.action).slice(-2)).toEqual(['offers.add', 'offers.remove']);
  });
});

describe('replacing the price list from pasted text', () => {
  it('previews each line and what goes, names every bad line, and replaces all or none', async () => {
    const { session, list, supplierId } = await quotingSupplier();
    const [keep, reprice] = list.offers;
    const category = async (o: SupplierOffer) =>
      (await db().selectFrom('catalogue_items').select('category_id').where('id', '=', o.catalogueItemId).executeTakeFirstOrThrow()).category_id;
    const good = [
      'name,description,price,unit,category',
      `"${keep!.productName}",,${keep!.unitPrice.toFixed(2)},${keep!.unit},${await category(keep!)}`,
      `"${reprice!.productName}",,${(reprice!.unitPrice + 1).toFixed(2)},${reprice!.unit},${await category(reprice!)}`,
    ];
    const importList = (data: string, dryRun: boolean) =>
      server.request('POST', '/api/supplier/offers/import', { body: { data, dryRun }, headers: session.headers });

    const bad = await importList([...good, `Unobtainium Polish,,12.00,litres,${await category(keep!)}`, 'Bleach,,free,litres,nowhere'].join('\n'), true);
    expect(bad.status).toBe(200);
    const preview = offerImportResultSchema.parse(bad.json);
    expect(preview).toMatchObject({ dryRun: true, added: 0, updated: 2, removed: list.offers.length - 2 });
    expect(preview.lines!.map((l) => [l.line, l.productName, l.action])).toEqual([
      [2, keep!.productName, 'update'],
      [3, reprice!.productName, 'update'],
    ]);
    expect(preview.removedProducts).toHaveLength(list.offers.length - 2);
    expect(preview.invalidLines!.map((l) => l.line)).toEqual([4, 5]);
    expect(preview.invalidLines![0]!.reason).toMatch(/^No product named "Unobtainium Polish" in .+ is in Procura's catalogue/);

    const refused = await importList([...good, `Unobtainium Polish,,12.00,litres,${await category(keep!)}`].join('\n'), false);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('invalid_lines');
    expect(await db().selectFrom('offers').select('id').where('supplier_id', '=', supplierId).execute()).toHaveLength(list.offers.length);

    const done = await importList(good.join('\n'), false);
    expect(offerImportResultSchema.parse(done.json)).toEqual({ dryRun: false, added: 0, updated: 2, removed: list.offers.length - 2 });
    const after = supplierOffersSchema.parse((await server.request('GET', '/api/supplier/offers', { headers: session.headers })).json).offers;
    expect(after.map((o) => [o.productName, o.unitPrice])).toEqual(
      [
        [keep!.productName, keep!.unitPrice],
        [reprice!.productName, Math.round((reprice!.unitPrice + 1) * 100) / 100],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const audit = await lastSupplierAudit(server, supplierId);
    expect(audit).toEqual({ action: 'offers.import', detail: `0 added, 2 updated, ${list.offers.length - 2} removed` });
  });

  it('reads pipe-separated lines of five fields, and says so of a line with another count', async () => {
    const { session, list } = await quotingSupplier();
    const o = list.offers[0]!;
    const item = await db().selectFrom('catalogue_items').select('category_id').where('id', '=', o.catalogueItemId).executeTakeFirstOrThrow();
    const res = await server.request('POST', '/api/supplier/offers/import', {
      body: { data: `${o.productName} | | ${o.unitPrice.toFixed(2)} | ${o.unit} | ${item.category_id}\nOnly | three | fields`, dryRun: true },
      headers: session.headers,
    });
    const preview = offerImportResultSchema.parse(res.json);
    expect(preview.lines!.map((l) => l.productName)).toEqual([o.productName]);
    expect(preview.invalidLines).toEqual([{ line: 2, reason: 'Expected 5 fields (name | description | price | unit | category), found 3' }]);
  });
});
