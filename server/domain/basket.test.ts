import { describe, expect, it } from 'vitest';
import { type BasketLineError, buildBasketQuotes, splitOf } from './basket';
import { buildQuotes } from './quote-engine';
import { UnknownPlaceError } from './interpret';
import { marketOf, supplierSeed } from '../test/market';
import { centsToRand, formatRand } from '../../sdk/format';

const now = new Date('2026-11-22T09:00:00Z');
const options = { now, vatRate: 0.15 };
const durban = [
  { scope: 'city' as const, area: 'durban', leadDays: 0 },
  { scope: 'province' as const, area: 'KwaZulu-Natal', leadDays: 1 },
];
/** A price-list line with no volume prices: the unit price in cents, from `minimumOrderQuantity` up. */
const offer = (itemId: string, unitPriceCents: number, minimumOrderQuantity = 1) => ({ itemId, unitPriceCents, minimumOrderQuantity, tiers: [] });
const sanitizers = { categoryId: 'sanitizers', capacityUnits: 5000, minimumOrderQuantity: 1, priceFactor: 1 };
const hygiene = { categoryId: 'hygiene-products', capacityUnits: 5000, minimumOrderQuantity: 1, priceFactor: 1 };

/** Three suppliers in Durban: A sells both products dearly, B only sanitizer cheaply, C only toilet paper cheaply. */
function smallMarket(minimumB = 0) {
  return marketOf([
    supplierSeed({
      id: 1,
      name: 'Alpha Hygiene',
      categories: [sanitizers, hygiene],
      coverage: durban,
      offers: [offer('hand-sanitizer-70', 9000), offer('toilet-paper-48', 30000)],
    }),
    supplierSeed({
      id: 2,
      name: 'Bravo Sanitisers',
      categories: [sanitizers],
      coverage: durban,
      minimumOrderCents: minimumB,
      offers: [{ itemId: 'hand-sanitizer-70', unitPriceCents: 8000, minimumOrderQuantity: 1, tiers: [{ minQuantity: 50, unitPriceCents: 7000 }] }],
    }),
    supplierSeed({
      id: 3,
      name: 'Charlie Paper',
      categories: [hygiene],
      coverage: durban,
      offers: [offer('toilet-paper-48', 25000, 10)],
    }),
  ]);
}

const basket = {
  lines: [
    { productName: 'Hand Sanitizer 70% Alcohol', quantity: 60 },
    { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 12 },
  ],
  supplierCount: 5,
  deliveryLocation: 'Durban',
};

describe('a basket', () => {
  it('does not quote a line that comes to more than R10 billion, so every sum of the basket stays exact', () => {
    const bulk = { categoryId: 'sanitizers', capacityUnits: 2_000_000, minimumOrderQuantity: 1, priceFactor: 1 };
    const market = marketOf([
      supplierSeed({
        id: 1,
        name: 'Alpha Hygiene',
        categories: [bulk, hygiene],
        coverage: durban,
        offers: [
          // R10 million a litre: a million litres is R10 trillion.
          offer('hand-sanitizer-70', 1_000_000_000),
          offer('toilet-paper-48', 30000),
        ],
      }),
    ]);
    const set = buildBasketQuotes(
      market,
      { ...basket, lines: [{ productName: 'Hand Sanitizer 70% Alcohol', quantity: 1_000_000 }, basket.lines[1]!] },
      options,
    );
    const alpha = set.quotes[0]!;
    expect(alpha.lines.map((l) => [l.line, l.totalCents])).toEqual([[1, 30000 * 12]]);
    expect(alpha.coverage).toBe('1 of 2 lines');
    expect(set.split.split.lines).toEqual([null, alpha.rank]);
  });

  it('quotes each supplier on the lines it can supply, with per-line tiers, totals, VAT and coverage', () => {
    const set = buildBasketQuotes(smallMarket(), basket, options);
    expect(set.quotes.map((q) => [q.supplier.name, q.coverage])).toEqual([
      ['Alpha Hygiene', '2 of 2 lines'],
      ['Bravo Sanitisers', '1 of 2 lines'],
      ['Charlie Paper', '1 of 2 lines'],
    ]);
    const alpha = set.quotes[0]!;
    expect(alpha.lines.map((l) => [l.line, l.unitPriceCents, l.totalCents])).toEqual([
      [0, 9000, 9000 * 60],
      [1, 30000, 30000 * 12],
    ]);
    expect(alpha.totalCents).toBe(9000 * 60 + 30000 * 12);
    expect(alpha.vatCents).toBe(Math.round(alpha.totalCents * 0.15));
    expect(alpha.totalInclVatCents).toBe(alpha.totalCents + alpha.vatCents);
    // Bravo's own tier from 50 units beats the 5 % schedule... which starts at 100 units.
    const bravo = set.quotes[1]!;
    expect(bravo.lines).toEqual([
      expect.objectContaining({ line: 0, listUnitPriceCents: 8000, unitPriceCents: 7000, discountPercent: 12.5, totalCents: 7000 * 60 }),
    ]);
    expect(set.lines.map((l) => l.unit)).toEqual(['litres', 'packs']);
  });

  it("takes the longest line's lead time as the supplier's", () => {
    const market = marketOf([
      supplierSeed({
        id: 1,
        categories: [sanitizers, hygiene],
        coverage: [{ scope: 'city', area: 'durban', leadDays: 0 }],
        offers: [offer('hand-sanitizer-70', 9000), offer('toilet-paper-48', 30000)],
      }),
    ]);
    const set = buildBasketQuotes(market, basket, options);
    const q = set.quotes[0]!;
    expect(q.leadTime).toBe(
      q.lines
        .map((l) => l.leadTime)
        .sort()
        .at(-1),
    );
    expect(q.leadDays.max).toBe(Math.max(...q.lines.map((l) => l.leadDays.max)));
  });

  it('prices a one-line basket as the single request prices it', () => {
    const market = marketOf();
    const single = buildQuotes(market, { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200, supplierCount: 5, deliveryLocation: 'Durban' }, options);
    const set = buildBasketQuotes(
      market,
      { lines: [{ productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 }], supplierCount: 5, deliveryLocation: 'Durban' },
      options,
    );
    const cheapest = Math.min(...single.quotes.map((q) => q.totalCents));
    expect(Math.min(...set.quotes.map((q) => q.totalCents))).toBeLessThanOrEqual(cheapest);
    for (const q of set.quotes) expect(q.coverage).toBe('1 of 1 line');
  });

  it("leaves out a line below a supplier's minimum quantity for that product", () => {
    const set = buildBasketQuotes(
      smallMarket(),
      { ...basket, lines: [basket.lines[0]!, { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 5 }] },
      options,
    );
    expect(set.quotes.find((q) => q.supplier.name === 'Charlie Paper')).toBeUndefined();
  });

  it('splits across the cheapest suppliers and shows the saving and the extra delivery', () => {
    const set = buildBasketQuotes(smallMarket(), basket, options);
    const { split, single, savingCents, extraDeliveries } = set.split;
    expect(split.lines).toEqual([2, 3]);
    expect(split.totalCents).toBe(7000 * 60 + 25000 * 12);
    expect(split.deliveries).toBe(2);
    expect(single?.lines).toEqual([1, 1]);
    expect(savingCents).toBe(9000 * 60 + 30000 * 12 - (7000 * 60 + 25000 * 12));
    expect(extraDeliveries).toBe(1);
    expect(set.split.message).toBe('Splitting across 2 suppliers saves R1,800.00 excl. VAT against the cheapest single supplier, for 1 more delivery.');
  });

  it("respects a supplier's minimum order in the split", () => {
    // Bravo's R5,000 minimum is more than its R4,200 line: the sanitizer goes to Alpha instead.
    const set = buildBasketQuotes(smallMarket(500_000), basket, options);
    expect(set.split.split.lines).toEqual([1, 3]);
    expect(set.quotes[1]!.notes).toContain('Their minimum order is R5,000.00 excl. VAT.');
  });

  it('shows missing lines as such and the best partial single supplier', () => {
    const set = buildBasketQuotes(smallMarket(), { ...basket, lines: [...basket.lines, { productName: 'Electric Geyser 150L', quantity: 1 }] }, options);
    expect(set.split.split.lines).toEqual([2, 3, null]);
    expect(set.split.single?.covered).toBe(2);
    expect(set.quotes[0]!.coverage).toBe('2 of 3 lines');
    expect(set.split.message).toContain('1 of 3 lines have no supplier yet.');
  });

  it("names each quote's own total in its recommendation, and the lines it covers when it leaves some out", () => {
    const set = buildBasketQuotes(smallMarket(), basket, options);
    const [alpha, bravo] = ['Alpha Hygiene', 'Bravo Sanitisers'].map((name) => set.quotes.find((q) => q.supplier.name === name)!);
    // Bravo's total covers its sanitiser line only; the paper line it leaves out counts at the market's average when compared.
    expect(bravo!.insights.recommendation).toMatch(
      new RegExp(`${formatRand(centsToRand(bravo!.totalCents)).replace(/[.$]/g, '\\$&')} excl\\. VAT for 1 of the 2 products`),
    );
    expect(alpha!.insights.recommendation).not.toMatch(/of the 2 products/);
    // Its place against the average says how it was compared, so it cannot read as a contradiction of the total beside it.
    expect(bravo!.insights.recommendation).toMatch(/average price \(the products it leaves out counted at the market price\)/);
    expect(alpha!.insights.recommendation).not.toMatch(/leaves out/);
  });

  it('chooses suppliers by how much of the basket they cover, then by price', () => {
    const set = buildBasketQuotes(smallMarket(), { ...basket, supplierCount: 2 }, options);
    expect(set.quotes.map((q) => q.supplier.name)).toEqual(['Alpha Hygiene', 'Bravo Sanitisers']);
    expect(set.message).toBe(
      'You asked for 2 quotes; 2 suppliers can supply part or all of your basket of 2 products to Durban, KwaZulu-Natal; 1 covers every line.'
        .replace('You asked for 2 quotes; 2 suppliers can supply part or all of', '2 suppliers quoted for')
        .replace(' to Durban', ' delivered to Durban'),
    );
  });

  it('names the line whose unit cannot be quoted, and refuses an unknown place', () => {
    expect(() =>
      buildBasketQuotes(
        smallMarket(),
        { ...basket, lines: [basket.lines[0]!, { productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 2, unit: 'kg' }] },
        options,
      ),
    ).toThrow(expect.objectContaining({ line: 1, field: 'unit' }) as unknown as BasketLineError);
    expect(() => buildBasketQuotes(smallMarket(), { ...basket, deliveryLocation: 'Atlantis' }, options)).toThrow(UnknownPlaceError);
  });

  it('gives the same answer for the same basket, market and day', () => {
    const market = marketOf();
    const lines = [
      { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
      { productName: 'Household Bleach', quantity: 40 },
      { productName: 'Nitrile gloves', quantity: 30 },
      { productName: 'Liquid Hand Soap', quantity: 25 },
    ];
    const a = buildBasketQuotes(market, { lines, supplierCount: 5, deliveryLocation: 'Johannesburg' }, options);
    const b = buildBasketQuotes(marketOf(), { lines, supplierCount: 5, deliveryLocation: 'Johannesburg' }, options);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.quotes.length).toBeGreaterThan(0);
    for (let i = 1; i < a.quotes.length; i++) expect(a.quotes[i - 1]!.covered).toBeGreaterThanOrEqual(a.quotes[i]!.covered);
  });
});

describe('the VAT of a split', () => {
  it('is the sum of its purchase orders’ VAT, each rounded on its own, to the cent', () => {
    // Two suppliers, each R0.03 of one line: 0.45 cents of VAT each rounds to 0, where 15 % of
    // the R0.06 together would round to 1 cent that no purchase order charges.
    const quote = (rank: number, line: number) => ({ rank, minimumOrderCents: 0, totalCents: 3, covered: 1, lines: [{ line, totalCents: 3 }] });
    const { split } = splitOf([quote(1, 0), quote(2, 1)], 2, 0.15);
    expect(split.suppliers.map((s) => s.totalCents)).toEqual([3, 3]);
    expect([split.totalCents, split.vatCents, split.totalInclVatCents]).toEqual([6, 0, 6]);
  });
});
