import { describe, expect, it } from 'vitest';
import { deriveInsights, qualityScore, reliabilityRating, riskLevel, type InsightInput } from './insights';
import type { Supplier } from './market';
import { pastOrdersOf, supplierSeed, toSupplier } from '../test/market';
import type { SupplierSeed } from '../db/seed/suppliers';

/** A supplier whose 100 received orders were `onTime` on time and in full and rated `rating` on average; `onTime: null` for one new on Procura. */
function supplier({ rating = 4.5, onTime = 95, ...overrides }: Partial<SupplierSeed> & { onTime?: number | null; rating?: number } = {}): Supplier {
  const history = onTime === null ? [] : pastOrdersOf(100, onTime, rating);
  return toSupplier(supplierSeed({ id: 1, verified: true, responseTimeHours: 4, history, ...overrides }));
}

const RECORD = 'Delivered on time and in full for 95 of 100 orders on Procura in the last 12 months.';

describe('supplier scores', () => {
  it("scores quality from the buyers' average rating and verification", () => {
    expect(qualityScore(supplier({ rating: 5, verified: true }))).toBe(100);
    expect(qualityScore(supplier({ rating: 1, verified: false }))).toBe(0);
    expect(qualityScore(supplier({ rating: 4.5, verified: false }))).toBe(74);
  });

  it('credits a new supplier with no rating: only its verification counts', () => {
    expect(qualityScore(supplier({ onTime: null, verified: true }))).toBe(15);
    // Two receipts are not yet a record, however well rated.
    expect(qualityScore(supplier({ history: pastOrdersOf(2, 2, 5), verified: false }))).toBe(0);
  });

  it('scores reliability from the share on time and in full and response time', () => {
    expect(reliabilityRating(supplier({ onTime: 100, responseTimeHours: 0 }))).toBe(100);
    expect(reliabilityRating(supplier({ onTime: 95, responseTimeHours: 36 }))).toBe(86);
    expect(reliabilityRating(supplier({ history: pastOrdersOf(10, 9), responseTimeHours: 36 }))).toBe(82);
  });

  it('credits no delivery to a supplier new on Procura', () => {
    expect(reliabilityRating(supplier({ onTime: null, responseTimeHours: 0 }))).toBe(20);
    expect(reliabilityRating(supplier({ history: pastOrdersOf(2, 2), responseTimeHours: 36 }))).toBe(10);
  });

  it('bands risk on the earned record and verification', () => {
    expect(riskLevel(supplier({ onTime: 95, verified: true, rating: 4.5 }))).toBe('low');
    expect(riskLevel(supplier({ onTime: 95, verified: false }))).toBe('medium');
    expect(riskLevel(supplier({ onTime: 85 }))).toBe('medium');
    expect(riskLevel(supplier({ onTime: 79 }))).toBe('high');
    expect(riskLevel(supplier({ rating: 3.4 }))).toBe('high');
    // New on Procura: never low, however verified, and never high on ratings it does not have.
    expect(riskLevel(supplier({ onTime: null, verified: true }))).toBe('medium');
    expect(riskLevel(supplier({ history: pastOrdersOf(2, 0, 1) }))).toBe('medium');
  });
});

describe('positions across a set', () => {
  const set: InsightInput[] = [
    { supplier: supplier({ id: 1, rating: 4.2 }), totalCents: 100_000, leadDays: { min: 2, max: 3 } },
    { supplier: supplier({ id: 2, rating: 4.0 }), totalCents: 90_000, leadDays: { min: 3, max: 5 } },
    { supplier: supplier({ id: 3, rating: 4.1 }), totalCents: 110_000, leadDays: { min: 1, max: 2 } },
    { supplier: supplier({ id: 4, rating: 4.9 }), totalCents: 120_000, leadDays: { min: 2, max: 4 } },
    { supplier: supplier({ id: 5, rating: 4.3 }), totalCents: 130_000, leadDays: { min: 3, max: 4 } },
  ];

  it('names the cheapest, fastest, best quality and best balance, then premium options', () => {
    const insights = deriveInsights(set, 5);
    expect(insights.map((i) => i.competitivePosition)).toEqual(['best-balance', 'lowest-price', 'fastest-delivery', 'highest-quality', 'premium-option']);
    expect(insights.map((i) => i.priceDifference)).toEqual([-9.1, -18.2, 0, 9.1, 18.2]);
  });

  it('says for how many products a basket quote is the lowest price', () => {
    const basket = set.map((q) => ({ ...q, coverage: { priced: 5, of: 5 } }));
    expect(deriveInsights(basket, 5)[1]!.recommendation).toBe(
      `Lowest price for these 5 products of the 5 quotes at R900.00 excl. VAT, 18.2% below the average price, with delivery in 3-5 days from a verified supplier rated 4.0 from 100 buyers. ${RECORD}`,
    );
  });

  it('explains each recommendation with its figures', () => {
    const insights = deriveInsights(set, 5);
    expect(insights[1]!.recommendation).toBe(
      `Lowest price of the 5 quotes at R900.00 excl. VAT, 18.2% below the average price, with delivery in 3-5 days from a verified supplier rated 4.0 from 100 buyers. ${RECORD}`,
    );
    expect(insights[2]!.recommendation).toBe(
      `Fastest delivery of the 5 quotes (1-2 days), at the average price, from a verified supplier rated 4.1 from 100 buyers. ${RECORD}`,
    );
    // The 4.9-rated quote is cheaper and on time as often: nothing here is worth paying more for.
    expect(insights[4]!.recommendation).toBe(
      `Dearer than the other 4 quotes at 18.2% above the average price, from a verified supplier rated 4.3 from 100 buyers; a cheaper quote here matches its rating and record. ${RECORD}`,
    );
  });

  it('says a premium option is worth its price only when no cheaper quote matches its rating and record', () => {
    // As well rated as the cheaper 4.9 (which takes Premium Quality, being the better fit) and on time more often.
    const better = set.map((q, i) => (i === 4 ? { ...q, supplier: supplier({ id: 5, rating: 4.9, onTime: 99 }) } : q));
    expect(deriveInsights(better, 5)[4]!.recommendation).toBe(
      'Dearer than the other 4 quotes at 18.2% above the average price, from a verified supplier rated 4.9 from 100 buyers; worth it if its rating and record matter more than price. Delivered on time and in full for 99 of 100 orders on Procura in the last 12 months.',
    );
    // New on Procura: nothing to set against the price, and said so.
    const unproven = set.map((q, i) => (i === 4 ? { ...q, supplier: supplier({ id: 5, onTime: null }) } : q));
    expect(deriveInsights(unproven, 5)[4]!.recommendation).toBe(
      'Dearer than the other 4 quotes at 18.2% above the average price, from a verified supplier with no record yet to set against the price. New on Procura: no record or rating yet.',
    );
  });

  it('never calls a quote more than 5 % dearer than average a balance, however well it fits', () => {
    const q = (id: number, totalCents: number, min: number, rating = 4): InsightInput => ({
      supplier: supplier({ id, rating }),
      totalCents,
      leadDays: { min, max: min + 1 },
    });
    // The best fit, 12.5 % above the average of R1,066.67, beaten on price, speed and quality.
    const dearFit = [q(1, 120_000, 3), q(2, 90_000, 2, 4.5), q(3, 110_000, 1)];
    expect(deriveInsights(dearFit, 3).map((i) => i.competitivePosition)).toEqual(['premium-option', 'lowest-price', 'fastest-delivery']);
  });

  it('calls a quote a premium option only when it is more than 5 % dearer than average', () => {
    const close = set.map((q, i) => (i === 4 ? { ...q, totalCents: 112_000 } : q));
    // Average 106,400: the last quote is 5.3 % above it.
    expect(deriveInsights(close, 5)[4]!.competitivePosition).toBe('premium-option');
    const closer = set.map((q, i) => (i === 4 ? { ...q, totalCents: 111_000 } : q));
    // Average 106,200: 4.5 % above is a balanced quote, not a premium one.
    expect(deriveInsights(closer, 5)[4]!.competitivePosition).toBe('best-balance');
  });

  it('calls no quote the fastest or best quality when the cheapest beats it on that too', () => {
    const cheapestIsFastest = set.map((q, i) => (i === 1 ? { ...q, leadDays: { min: 1, max: 1 }, supplier: supplier({ id: 2, rating: 5 }) } : q));
    const insights = deriveInsights(cheapestIsFastest, 5);
    expect(insights.map((i) => i.competitivePosition)).toEqual(['best-balance', 'lowest-price', 'best-balance', 'premium-option', 'premium-option']);
    expect(insights.some((i) => /Fastest|Highest/.test(i.recommendation))).toBe(false);
  });

  it('words ties as ties', () => {
    const tiedSet = set.map((q, i) => (i === 0 ? { ...q, totalCents: 90_000, leadDays: { min: 1, max: 2 } } : q));
    const insights = deriveInsights(tiedSet, 5);
    expect(insights[0]!.recommendation).toBe(
      `Lowest price of the 5 quotes, tied with 1 other quote, at R900.00 excl. VAT, 16.7% below the average price, with delivery in 1-2 days from a verified supplier rated 4.2 from 100 buyers. ${RECORD}`,
    );
    expect(insights[2]!.recommendation).toBe(
      `Fastest delivery of the 5 quotes (1-2 days, tied with 1 other quote), 1.9% above the average price, from a verified supplier rated 4.1 from 100 buyers. ${RECORD}`,
    );
  });

  it('says "at the average" only of an exact match', () => {
    const near = [set[0]!, { ...set[1]!, totalCents: 100_001 }, { ...set[2]!, totalCents: 99_999 }];
    expect(deriveInsights(near, 3).map((i) => i.recommendation.match(/(at|within 0\.1% of) the average price/)?.[0])).toEqual([
      'at the average price',
      'within 0.1% of the average price',
      'within 0.1% of the average price',
    ]);
  });

  it('counts the quotes a premium option is dearer than', () => {
    expect(deriveInsights(set, 5)[4]!.recommendation).toMatch(/^Dearer than the other 4 quotes at 18\.2% above/);
    const q = (id: number, rating: number, totalCents: number, min: number, max: number): InsightInput => ({
      supplier: supplier({ id, rating }),
      totalCents,
      leadDays: { min, max },
    });
    const two = [
      q(1, 4.2, 100_000, 2, 3),
      q(2, 4.0, 90_000, 3, 5),
      q(3, 4.1, 110_000, 1, 2),
      q(4, 4.0, 105_000, 3, 4),
      q(5, 4.0, 130_000, 3, 4),
      q(6, 4.0, 130_000, 3, 5),
    ];
    const insights = deriveInsights(two, 7);
    expect(insights.map((i) => i.competitivePosition)).toEqual([
      'highest-quality',
      'lowest-price',
      'fastest-delivery',
      'best-balance',
      'premium-option',
      'premium-option',
    ]);
    // Average R1,108.33: both dear quotes are 17.3 % above it and dearer than four of the other five.
    expect(insights[4]!.recommendation).toBe(
      `Dearer than 4 of the 5 other quotes at 17.3% above the average price, from a verified supplier rated 4.0 from 100 buyers; a cheaper quote here matches its rating and record. ${RECORD}`,
    );
  });

  it('says when a quote is the only one', () => {
    expect(deriveInsights([set[0]!], 1)[0]!.recommendation).toBe(
      `The quote you asked for: R1,000.00 excl. VAT with delivery in 2-3 days, from a verified supplier rated 4.2 from 100 buyers. ${RECORD}`,
    );
    const [only] = deriveInsights([set[0]!], 3);
    expect(only!.competitivePosition).toBe('lowest-price');
    expect(only!.priceDifference).toBe(0);
    expect(only!.recommendation).toBe(
      `The only supplier that qualified: R1,000.00 excl. VAT with delivery in 2-3 days, from a verified supplier rated 4.2 from 100 buyers. ${RECORD}`,
    );
  });
});
