import { describe, expect, it } from 'vitest';
import { popularProductsSchema, productSuggestionsSchema, quotePreviewSchema, locationSuggestionsSchema } from '../../sdk/schemas/catalogue';
import { SUPPLIER_COUNT_CHOICES } from '../../sdk/rules';
import { CATALOGUE, CITIES } from '../db/seed/data';
import { validRfq, startTestServerForFile } from '../test/harness';
import { signInStaff } from '../test/staff';
import { goodStandingIds } from '../test/suppliers';

const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

describe('product suggestions', () => {
  it('suggests four products before two characters are typed', async () => {
    const res = await server.request('GET', '/api/catalogue/products?q=s');
    expect(res.status).toBe(200);
    expect(productSuggestionsSchema.parse(res.json).suggestions).toHaveLength(4);
  });

  it('matches typed text, names first, at most six', async () => {
    const res = await server.request('GET', '/api/catalogue/products?q=sani');
    const { suggestions } = productSuggestionsSchema.parse(res.json);
    expect(suggestions.slice(0, 2).map((s) => s.name)).toEqual(['Hand Sanitizer 70% Alcohol', 'Hand Sanitizer Gel 500ml Pump']);
    expect(suggestions.length).toBeLessThanOrEqual(6);
    const toilet = productSuggestionsSchema.parse((await server.request('GET', '/api/catalogue/products?q=toilet')).json);
    expect(toilet.suggestions[0]).toMatchObject({
      id: 'toilet-paper-48',
      unit: 'packs',
      category: 'hygiene-products',
      avgDelivery: '2-3 days',
      unitDescription: 'per pack of 48 rolls',
    });
  });

  it("gives the average of the suppliers' list prices", async () => {
    const offers = await server.database.db.selectFrom('offers').select('unit_price_cents').where('catalogue_item_id', '=', 'bleach-5l').execute();
    const average = Math.round(offers.reduce((s, o) => s + o.unit_price_cents, 0) / offers.length) / 100;
    const { suggestions } = productSuggestionsSchema.parse((await server.request('GET', '/api/catalogue/products?q=bleach')).json);
    expect(suggestions[0]!.avgPrice).toBe(average);
  });

  it('refuses over-long search text', async () => {
    const res = await server.request('GET', `/api/catalogue/products?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields.q).toBe('Search text must be at most 100 characters');
  });
});

describe('location suggestions', () => {
  it('needs two characters and gives full names', async () => {
    expect((await server.request('GET', '/api/catalogue/locations?q=d')).json).toEqual({ suggestions: [] });
    const { suggestions } = locationSuggestionsSchema.parse((await server.request('GET', '/api/catalogue/locations?q=du')).json);
    expect(suggestions).toEqual([
      { id: 'durban', name: 'Durban', province: 'KwaZulu-Natal', fullName: 'Durban, KwaZulu-Natal', note: null },
      { id: 'cape-town', name: 'Cape Town', province: 'Western Cape', fullName: 'Cape Town, Western Cape', note: 'Includes Durbanville' },
    ]);
    const gauteng = locationSuggestionsSchema.parse((await server.request('GET', '/api/catalogue/locations?q=gauteng')).json);
    expect(gauteng.suggestions.map((s) => s.name)).toEqual(['Johannesburg', 'Pretoria', 'Centurion', 'Benoni', 'Vereeniging']);
  });

  const suggest = async (q: string) =>
    locationSuggestionsSchema
      .parse((await server.request('GET', `/api/catalogue/locations?q=${encodeURIComponent(q)}`)).json)
      .suggestions.map((s) => [s.fullName, s.note]);

  it('suggests the city a name stands for, saying how the text named it', async () => {
    expect(await suggest('Jozi')).toEqual([['Johannesburg, Gauteng', 'Also called Jozi']]);
    expect(await suggest('port eliz')).toEqual([['Gqeberha, Eastern Cape', 'Formerly Port Elizabeth']]);
    expect(await suggest('Tshwane')).toEqual([['Pretoria, Gauteng', 'Tshwane municipality']]);
    expect(await suggest('sandt')).toEqual([['Johannesburg, Gauteng', 'Includes Sandton']]);
    expect(await suggest('PE')).toEqual([['Gqeberha, Eastern Cape', 'Also called PE']]);
  });

  it('gives a name typed in full its city alone', async () => {
    expect(await suggest('Durban')).toEqual([['Durban, KwaZulu-Natal', null]]);
  });

  it('suggests what a misspelling comes close to when nothing starts with it', async () => {
    expect(await suggest('Johanesburg')).toEqual([['Johannesburg, Gauteng', null]]);
    expect(await suggest('Atlantis')).toEqual([]);
  });
});

describe('popular products', () => {
  it("counts this month's requests per product", async () => {
    for (let i = 0; i < 3; i++) {
      await server.request('POST', '/api/rfq', { body: validRfq({ productName: 'Household Bleach', supplierCount: 3 }) });
    }
    await server.request('POST', '/api/rfq', { body: validRfq({ productName: 'Glass and Window Cleaner', supplierCount: 3 }) });
    const { products } = popularProductsSchema.parse((await server.request('GET', '/api/catalogue/popular?limit=4')).json);
    expect(products).toHaveLength(4);
    expect(products[0]).toMatchObject({ id: 'bleach-5l', rfqCount: 3 });
    expect(products.find((p) => p.id === 'glass-cleaner')?.rfqCount).toBe(1);
    expect((await server.request('GET', '/api/catalogue/popular?limit=0')).status).toBe(400);
  });
});

describe('cost preview and supplier matching', () => {
  it('prices from the catalogue average with the volume discount', async () => {
    const res = await server.request('GET', '/api/catalogue/preview?productName=Household%20Bleach&quantity=500&deliveryLocation=Durban&supplierCount=5');
    expect(res.status).toBe(200);
    const { costPreview, supplierMatch } = quotePreviewSchema.parse(res.json);
    const unit = costPreview.unitPrice;
    expect(costPreview.discount).toBe(10);
    expect(costPreview.totalCost).toBeCloseTo(unit * 500 * 0.9, 2);
    expect(costPreview.savings).toBeCloseTo(unit * 500 * 0.1, 2);
    expect(costPreview.priceRange.min).toBeCloseTo(unit * 0.85, 2);
    expect(costPreview.unitInfo).toEqual({ unit: 'litres', unitDescription: 'per litre, 5 L containers' });
    expect(supplierMatch.categoryName).toBe('Cleaning Supplies');
    expect(supplierMatch.volumeCategory).toBe('medium');
    expect(supplierMatch.expectedQuotes).toBe(5);
    expect(supplierMatch.totalSuppliers).toBeGreaterThanOrEqual(5);
    expect(supplierMatch.locationAdvantage).toBe(true);
    expect(supplierMatch.locationMatch).toBe('city');
    expect(supplierMatch.cityData).toMatchObject({ name: 'Durban', province: 'KwaZulu-Natal' });
    expect(supplierMatch.marketInsights.availability).toBe(`${supplierMatch.totalSuppliers} suppliers can deliver this cleaning supplies order to Durban.`);
  });

  it("uses the spec's estimate for unknown products", async () => {
    const { costPreview } = quotePreviewSchema.parse((await server.request('GET', '/api/catalogue/preview?productName=Premium%20widget&quantity=10')).json);
    expect(costPreview).toMatchObject({ unitPrice: 85, totalCost: 850, discount: 0, basis: 'estimate' });
  });

  it('counts the same suppliers a submission would quote', async () => {
    const { supplierMatch } = quotePreviewSchema.parse(
      (await server.request('GET', '/api/catalogue/preview?productName=Toilet%20Paper&quantity=40&deliveryLocation=Upington&supplierCount=10')).json,
    );
    const submitted = await server.request('POST', '/api/rfq', {
      body: validRfq({ productName: 'Toilet Paper', quantity: 40, deliveryLocation: 'Upington', supplierCount: 10 }),
    });
    expect(supplierMatch.totalSuppliers).toBe(submitted.json.matching.matched);
    expect(supplierMatch.cityData?.coverage).toBe('good');
  });

  it('advises only supplier counts the form offers', async () => {
    const advised = new Set<number>();
    for (const item of CATALOGUE) {
      for (const city of CITIES.slice(0, 8)) {
        const query = new URLSearchParams({ productName: item.name, quantity: '20', deliveryLocation: city.name, supplierCount: '3' });
        const { supplierMatch } = quotePreviewSchema.parse((await server.request('GET', `/api/catalogue/preview?${query}`)).json);
        const ask = /Ask for (\d+) quotes/.exec(supplierMatch.marketInsights.recommendation);
        if (ask) advised.add(Number(ask[1]));
        if (ask) expect(Number(ask[1])).toBeLessThanOrEqual(supplierMatch.totalSuppliers);
      }
    }
    expect(advised.size).toBeGreaterThan(0);
    expect([...advised].filter((n) => !(SUPPLIER_COUNT_CHOICES as readonly number[]).includes(n))).toEqual([]);
  });

  it('says when the figures are the default estimate for a product not in the catalogue', async () => {
    const query = new URLSearchParams({ productName: 'Mop heads', quantity: '10', deliveryLocation: 'Durban', supplierCount: '3' });
    const { costPreview, supplierMatch } = quotePreviewSchema.parse((await server.request('GET', `/api/catalogue/preview?${query}`)).json);
    expect(costPreview).toMatchObject({ unitPrice: 50, totalCost: 500, vatRate: 0.15, totalCostInclVat: 575, basis: 'estimate' });
    expect(costPreview.note).toBe('Not in our catalogue, so this is the default estimate of R50.00 per unit; suppliers quote from their own category pricing.');
    expect(supplierMatch.marketInsights.availability).toBe(
      `${supplierMatch.totalSuppliers} cleaning supplies suppliers deliver to Durban and can quote this from their category pricing; it is not on their price lists.`,
    );
    const premium = quotePreviewSchema.parse(
      (await server.request('GET', '/api/catalogue/preview?productName=Industrial%20floor%20stripper&quantity=10')).json,
    );
    expect(premium.costPreview.note).toBe(
      'Not in our catalogue, so this is the estimate of R85.00 per unit for disinfectant, sanitizer, industrial, hospital or premium products; suppliers quote from their own category pricing.',
    );
    const catalogued = quotePreviewSchema.parse((await server.request('GET', '/api/catalogue/preview?productName=Household%20Bleach&quantity=10')).json);
    expect(catalogued.costPreview.note).toBe('The average of suppliers’ current price lists.');
  });

  it('counts only verified suppliers as verified local suppliers', async () => {
    const preview = async () =>
      quotePreviewSchema.parse(
        (await server.request('GET', '/api/catalogue/preview?productName=Household%20Bleach&quantity=10&deliveryLocation=Johannesburg')).json,
      ).supplierMatch.cityData!;
    const before = await preview();
    expect(before.coverage).toBe('verified');
    const { headers } = await signInStaff(server, { role: 'admin' });
    const imported = await server.request('POST', '/api/admin/suppliers', {
      body: { suppliers: ['Reef Hygiene Newcomer | orders@reef-newcomer.example | cleaning-supplies | Johannesburg | 4.8 | bleach | 24h'] },
      headers,
    });
    expect(imported.status).toBe(200);
    const after = await preview();
    expect(after.suppliers).toBe(before.suppliers + 1);
    expect(after.verifiedSuppliers).toBe(before.verifiedSuppliers);
    const good = await goodStandingIds(server);
    const verifiedThere = (
      await server.database.db.selectFrom('suppliers').select('id').where('home_city_id', '=', 'johannesburg').where('verified', '=', 1).execute()
    ).filter((s) => good.has(s.id));
    expect(after.verifiedSuppliers).toBe(verifiedThere.length);
  });

  it('prices a name still being typed as the first product the list suggests, at the price the list shows', async () => {
    for (const typed of ['Hand San', 'blea', 'toilet pa']) {
      const [first] = productSuggestionsSchema.parse((await server.request('GET', `/api/catalogue/products?q=${encodeURIComponent(typed)}`)).json).suggestions;
      const query = new URLSearchParams({ productName: typed, quantity: '1', deliveryLocation: 'Durban', supplierCount: '3' });
      const { costPreview, supplierMatch } = quotePreviewSchema.parse((await server.request('GET', `/api/catalogue/preview?${query}`)).json);
      expect(costPreview).toMatchObject({
        unitPrice: first!.avgPrice,
        totalCost: first!.avgPrice,
        basis: 'catalogue-average',
        unitInfo: { unit: first!.unit },
      });
      expect(costPreview.note).toBe(
        `Priced as ${first!.name}, the first product in the list: the average of suppliers’ current price lists. Choose it there, or keep typing to name another product.`,
      );
      expect(supplierMatch.categoryName).toBe(first!.categoryName);
    }
  });

  it('reads a city by the name South Africans call it, and says so of a place it does not know', async () => {
    const preview = async (deliveryLocation: string) =>
      quotePreviewSchema.parse(
        (
          await server.request(
            'GET',
            `/api/catalogue/preview?${new URLSearchParams({ productName: 'Household Bleach', quantity: '20', deliveryLocation, supplierCount: '3' })}`,
          )
        ).json,
      ).supplierMatch;
    expect(await preview('Jozi')).toEqual(await preview('Johannesburg'));
    const unknown = await preview('Johanesburg');
    expect(unknown.cityData).toBeNull();
    expect(unknown.locationMatch).toBe('unknown');
    expect((await preview('Knysna, Western Cape')).locationMatch).toBe('province');
    expect(unknown.marketInsights.availability).toBe(
      'Please enter a delivery location we know: did you mean Johannesburg, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape).',
    );
  });

  it('says nothing about coverage before a delivery location is given', async () => {
    for (const quantity of ['40', '900000']) {
      const query = new URLSearchParams({ productName: 'Toilet Paper 2-Ply (48-pack)', quantity, supplierCount: '3' });
      const { supplierMatch } = quotePreviewSchema.parse((await server.request('GET', `/api/catalogue/preview?${query}`)).json);
      expect(supplierMatch.cityData).toBeNull();
      expect(supplierMatch.locationAdvantage).toBe(false);
      expect(supplierMatch.marketInsights.availability).toBe('Give a delivery location to see which suppliers deliver there.');
      expect(supplierMatch.marketInsights.recommendation).toBe(
        quantity === '40' ? '' : "No supplier takes an order of this size: change the quantity to meet suppliers' minimum orders and capacity.",
      );
    }
  });
});
