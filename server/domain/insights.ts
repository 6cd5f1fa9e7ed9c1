import type { CompetitivePosition } from '../../sdk';
import type { Supplier } from './market';
import { responseScore } from './matching';
import { centsToRand, formatRand } from '../../sdk/format';
import { type LeadDays, formatLeadTime } from './pricing';

/** Quality 0-100: the rating carries 85 points (1 star = 0, 5 stars = 85), verification 15. */
export function qualityScore(supplier: Supplier): number {
  return Math.round(((supplier.rating - 1) / 4) * 85 + (supplier.verified ? 15 : 0));
}

/** Reliability 0-100: on-time delivery rate weighs 80 %, response speed 20 %. */
export function reliabilityRating(supplier: Supplier): number {
  return Math.round(0.8 * supplier.onTimeRate + 20 * responseScore(supplier.responseTimeHours));
}

export type RiskLevel = 'low' | 'medium' | 'high';

/**
 * Risk bands, from the record of delivering what was ordered: high below 80 % on time or 3.5
 * stars; medium below 90 % on time or when the supplier is not verified; low otherwise.
 */
export function riskLevel(supplier: Supplier): RiskLevel {
  if (supplier.onTimeRate < 80 || supplier.rating < 3.5) return 'high';
  if (supplier.onTimeRate < 90 || !supplier.verified) return 'medium';
  return 'low';
}

/** Percent above the set's average price from which a quote is a premium option. */
export const PREMIUM_THRESHOLD = 5;

/** What insights need to know of each quote in a set. */
export interface InsightInput {
  supplier: Supplier;
  totalCents: number;
  leadDays: LeadDays;
  fitScore: number;
}

export interface Insights {
  competitivePosition: CompetitivePosition;
  priceDifference: number;
  qualityScore: number;
  reliabilityRating: number;
  riskLevel: RiskLevel;
  recommendation: string;
}

function pickBest<T>(items: T[], taken: Set<number>, key: (t: T, i: number) => number): number {
  let best = -1;
  for (let i = 0; i < items.length; i++) {
    if (taken.has(i)) continue;
    if (best === -1 || key(items[i]!, i) > key(items[best]!, best)) best = i;
  }
  return best;
}

/**
 * Positions, price differences, scores and a recommendation for each quote of a set (given best
 * fit first). The cheapest quote is 'lowest-price'; of the rest, the fastest is
 * 'fastest-delivery', then the best quality score 'highest-quality', then the best fit
 * 'best-balance'; any others are 'premium-option' when more than PREMIUM_THRESHOLD % dearer
 * than average, else 'best-balance'.
 * Ties go to the better-fitting quote.
 */
export function deriveInsights(quotes: InsightInput[]): Insights[] {
  const n = quotes.length;
  if (n === 0) return [];
  const average = quotes.reduce((sum, q) => sum + q.totalCents, 0) / n;
  const quality = quotes.map((q) => qualityScore(q.supplier));
  const reliability = quotes.map((q) => reliabilityRating(q.supplier));
  const positions = new Array<CompetitivePosition | undefined>(n);
  const taken = new Set<number>();
  const assign = (index: number, position: CompetitivePosition) => {
    if (index < 0) return;
    positions[index] = position;
    taken.add(index);
  };
  assign(pickBest(quotes, taken, (q) => -q.totalCents), 'lowest-price');
  assign(pickBest(quotes, taken, (q) => -(q.leadDays.min * 100 + q.leadDays.max)), 'fastest-delivery');
  assign(pickBest(quotes, taken, (_, i) => quality[i]!), 'highest-quality');
  assign(pickBest(quotes, taken, (q) => q.fitScore), 'best-balance');

  return quotes.map((q, i) => {
    const priceDifference = average > 0 ? Math.round(((q.totalCents - average) / average) * 1000) / 10 : 0;
    const position = positions[i] ?? (priceDifference > PREMIUM_THRESHOLD ? 'premium-option' : 'best-balance');
    return {
      competitivePosition: position,
      priceDifference,
      qualityScore: quality[i]!,
      reliabilityRating: reliability[i]!,
      riskLevel: riskLevel(q.supplier),
      recommendation: recommend(q, position, priceDifference, quality[i]!, n),
    };
  });
}

function versusAverage(priceDifference: number): string {
  if (priceDifference === 0) return 'at the average price';
  const size = Math.abs(priceDifference);
  return `${size}% ${priceDifference < 0 ? 'below' : 'above'} the average price`;
}

function recommend(q: InsightInput, position: CompetitivePosition, diff: number, quality: number, n: number): string {
  const s = q.supplier;
  const who = `${s.verified ? 'verified supplier' : 'supplier'} rated ${s.rating.toFixed(1)}/5`;
  const lead = formatLeadTime(q.leadDays);
  const total = formatRand(centsToRand(q.totalCents));
  if (n === 1) {
    return `The only supplier that qualified: ${total} excl. VAT with delivery in ${lead}, from a ${who}.`;
  }
  switch (position) {
    case 'lowest-price':
      return `Lowest price of the ${n} quotes at ${total} excl. VAT, ${versusAverage(diff)}, with delivery in ${lead} from a ${who}.`;
    case 'fastest-delivery':
      return `Fastest delivery of the ${n} quotes (${lead}), ${versusAverage(diff)}, from a ${who}.`;
    case 'highest-quality':
      return `Highest quality score of the ${n} quotes (${quality}/100): a ${who} with ${s.onTimeRate}% of orders on time, ${versusAverage(diff)}.`;
    case 'best-balance':
      return `Good balance of price, delivery and track record: ${versusAverage(diff)}, delivery in ${lead}, from a ${who}.`;
    case 'premium-option':
      return `Dearer than most at ${versusAverage(diff)}; worth it if ${s.onTimeRate}% of orders on time and a ${s.rating.toFixed(1)}/5 rating matter more than price.`;
  }
}
