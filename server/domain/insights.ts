import type { CompetitivePosition } from '../../sdk/quote-status';
import type { Supplier } from './market';
import { responseScore } from './matching';
import { centsToRand, formatRand } from '../../sdk/format';
import { type LeadDays, formatLeadTime } from './pricing';
import { NEW_ON_PROCURA, onTimeInFullShare, ratingText, recordText } from './scorecard';

/**
 * Quality 0-100: the buyers' average rating carries 85 points (1 star = 0, 5 stars = 85),
 * verification 15. A new supplier's ratings are not yet an average: it earns the 15 alone, if verified.
 */
export function qualityScore(supplier: Supplier): number {
  const average = supplier.record.ratingAverage;
  return Math.round((average === null ? 0 : ((average - 1) / 4) * 85) + (supplier.verified ? 15 : 0));
}

/** The percent of counted receipts on time and in full; null while the supplier is new. */
function onTimePercent(supplier: Supplier): number | null {
  const share = onTimeInFullShare(supplier.record);
  return share === null ? null : share * 100;
}

/**
 * Reliability 0-100: the share of orders received on time and in full weighs 80 %, response speed
 * 20 %. A new supplier earns nothing for delivery: it is not credited with a record Procura has
 * not seen.
 */
export function reliabilityRating(supplier: Supplier): number {
  return Math.round(0.8 * (onTimePercent(supplier) ?? 0) + 20 * responseScore(supplier.responseTimeHours));
}

export type RiskLevel = 'low' | 'medium' | 'high';

/**
 * Risk bands, from the record of delivering what was ordered: high below 80 % on time and in full
 * or a buyers' average below 3.5; medium below 90 %, when the supplier is new on Procura, or when
 * it is not verified; low otherwise.
 */
export function riskLevel(supplier: Supplier): RiskLevel {
  const onTime = onTimePercent(supplier);
  const average = supplier.record.ratingAverage;
  if ((onTime !== null && onTime < 80) || (average !== null && average < 3.5)) return 'high';
  if (onTime === null || onTime < 90 || !supplier.verified) return 'medium';
  return 'low';
}

/** Percent above the set's average price from which a quote is a premium option. */
const PREMIUM_THRESHOLD = 5;

/** What insights need to know of each quote in a set. */
export interface InsightInput {
  supplier: Supplier;
  /** The quote's total excl. VAT, as the buyer sees it and the recommendation names it. */
  totalCents: number;
  /**
   * What the quote is compared at, where that is not its total: a basket quote that leaves lines
   * out counts them at the market's average, so that totals of different lines compare alike.
   */
  comparedCents?: number;
  /** A basket quote's lines priced, of the basket's: the recommendation says so when some are missing. */
  coverage?: { priced: number; of: number };
  leadDays: LeadDays;
}

/** What a quote is compared at: its total, or what stands in for it ({@link InsightInput.comparedCents}). */
const compared = (q: InsightInput) => q.comparedCents ?? q.totalCents;

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

/** Sooner is larger: the earliest first day, then the earliest last day. */
function speedKey(q: InsightInput): number {
  return -(q.leadDays.min * 1000 + q.leadDays.max);
}

/** How many other quotes of the set share a quote's value of `key`. */
function tiesOf(quotes: InsightInput[], index: number, key: (q: InsightInput, i: number) => number): number {
  const value = key(quotes[index]!, index);
  let ties = 0;
  for (let i = 0; i < quotes.length; i++) if (i !== index && key(quotes[i]!, i) === value) ties++;
  return ties;
}

/**
 * Positions, price differences, scores and a recommendation for each quote of the final set the
 * buyer is shown (given best fit first), with `requested` the number of quotes asked for.
 * The cheapest quote is 'lowest-price'; of the rest, the fastest is 'fastest-delivery' and the
 * best quality score 'highest-quality', but only when no quote of the whole set beats it on that
 * (the cheapest may also be the fastest: then no other quote is called fastest); any others are
 * 'premium-option' when more than PREMIUM_THRESHOLD % dearer than average, else 'best-balance':
 * a quote that much dearer is never called a balance, however well it fits. Ties go to the
 * better-fitting quote and are worded as ties.
 */
export function deriveInsights(quotes: InsightInput[], requested: number): Insights[] {
  const n = quotes.length;
  if (n === 0) return [];
  const sum = quotes.reduce((total, q) => total + compared(q), 0);
  const quality = quotes.map((q) => qualityScore(q.supplier));
  const reliability = quotes.map((q) => reliabilityRating(q.supplier));
  const fastest = Math.max(...quotes.map(speedKey));
  const bestQuality = Math.max(...quality);
  const positions = new Array<CompetitivePosition | undefined>(n);
  const taken = new Set<number>();
  const assign = (index: number, position: CompetitivePosition) => {
    if (index < 0) return;
    positions[index] = position;
    taken.add(index);
  };
  assign(
    pickBest(quotes, taken, (q) => -compared(q)),
    'lowest-price',
  );
  const quick = pickBest(quotes, taken, speedKey);
  if (quick >= 0 && speedKey(quotes[quick]!) === fastest) assign(quick, 'fastest-delivery');
  const good = pickBest(quotes, taken, (_, i) => quality[i]!);
  if (good >= 0 && quality[good] === bestQuality) assign(good, 'highest-quality');

  return quotes.map((q, i) => {
    const versus = versusAverage(compared(q), sum, n);
    const position = positions[i] ?? (versus.percent > PREMIUM_THRESHOLD ? 'premium-option' : 'best-balance');
    const ties =
      position === 'lowest-price'
        ? tiesOf(quotes, i, compared)
        : position === 'fastest-delivery'
          ? tiesOf(quotes, i, speedKey)
          : position === 'highest-quality'
            ? tiesOf(quotes, i, (_, j) => quality[j]!)
            : 0;
    const cheaperQuotes = quotes.filter((x) => compared(x) < compared(q));
    const cheaper = cheaperQuotes.length;
    const matched = cheaperQuotes.some((x) => asGoodOnRecord(x.supplier, q.supplier));
    return {
      competitivePosition: position,
      priceDifference: versus.percent,
      qualityScore: quality[i]!,
      reliabilityRating: reliability[i]!,
      riskLevel: riskLevel(q.supplier),
      recommendation: recommend({ q, position, versus: versus.text, quality: quality[i]!, n, requested, ties, cheaper, matched }),
    };
  });
}

/**
 * A quote's total against the set's average: the percent (one decimal) and how to say it. Only an
 * exact match is 'at' the average; a difference that rounds to 0.0 % is said to be within 0.1 %.
 */
function versusAverage(totalCents: number, sumCents: number, n: number): { percent: number; text: string } {
  // Compared in integers (total × n against the sum) so 'at the average' means exactly that.
  const scaled = totalCents * n;
  if (sumCents <= 0 || scaled === sumCents) return { percent: 0, text: 'at the average price' };
  const percent = Math.round(((scaled - sumCents) / sumCents) * 1000) / 10;
  if (percent === 0) return { percent: 0, text: 'within 0.1% of the average price' };
  return { percent, text: `${Math.abs(percent)}% ${percent < 0 ? 'below' : 'above'} the average price` };
}

function tied(others: number): string {
  return `tied with ${others} other ${others === 1 ? 'quote' : 'quotes'}`;
}

interface Sentence {
  q: InsightInput;
  position: CompetitivePosition;
  versus: string;
  quality: number;
  n: number;
  requested: number;
  /** Other quotes equal to this one on the figure its position names. */
  ties: number;
  /** Quotes of the set cheaper than this one. */
  cheaper: number;
  /** Whether a cheaper quote of the set is as good on rating and delivery record ({@link asGoodOnRecord}). */
  matched: boolean;
}

/**
 * Whether `other` is at least as good as `supplier` on what a dearer quote is worth paying for:
 * where `supplier` has a record, a buyers' average as high and as large a share on time and in full.
 * A new supplier has nothing a cheaper quote must match.
 */
function asGoodOnRecord(other: Supplier, supplier: Supplier): boolean {
  if (supplier.record.new) return true;
  if (other.record.new) return false;
  return other.record.ratingAverage! >= supplier.record.ratingAverage! && onTimeInFullShare(other.record)! >= onTimeInFullShare(supplier.record)!;
}

/**
 * A quote's recommendation: one sentence naming the figures behind its position, then the
 * supplier's record in words ("Delivered on time and in full for 9 of 10 orders on Procura in the
 * last 12 months."), or, before 3 receipts count, that it is new.
 */
function recommend(sentence: Sentence): string {
  const { record } = sentence.q.supplier;
  const cited = record.new ? `${NEW_ON_PROCURA}: no record or rating yet.` : `${recordText(record)}.`;
  return `${positionSentence(sentence)} ${cited}`;
}

function positionSentence({ q, position, versus: against, quality, n, requested, ties, cheaper, matched }: Sentence): string {
  const s = q.supplier;
  const unproven = s.record.new;
  const who = `${s.verified ? 'verified supplier' : 'supplier'}${unproven ? '' : ` rated ${ratingText(s.record)}`}`;
  const lead = formatLeadTime(q.leadDays);
  // A basket quote that leaves lines out says so beside its total, which covers only its own.
  const partial = q.coverage && q.coverage.priced < q.coverage.of ? ` for ${q.coverage.priced} of the ${q.coverage.of} products` : '';
  // Such a quote is compared like with like: the products it leaves out count at the market price.
  const versus = partial ? `${against} (the products it leaves out counted at the market price)` : against;
  const total = `${formatRand(centsToRand(q.totalCents))} excl. VAT${partial}`;
  if (n === 1) {
    return requested > 1
      ? `The only supplier that qualified: ${total} with delivery in ${lead}, from a ${who}.`
      : `The quote you asked for: ${total} with delivery in ${lead}, from a ${who}.`;
  }
  const tie = ties > 0 ? `, ${tied(ties)}` : '';
  switch (position) {
    case 'lowest-price': {
      // A basket's whole total is for its products, which the sentence counts (one of fewer says so beside its total).
      const products = q.coverage && !partial ? ` for ${q.coverage.of === 1 ? 'this product' : `these ${q.coverage.of} products`}` : '';
      return `Lowest price${products} of the ${n} quotes${tie ? `${tie},` : ''} at ${total}, ${versus}, with delivery in ${lead} from a ${who}.`;
    }
    case 'fastest-delivery':
      return `Fastest delivery of the ${n} quotes (${lead}${tie}), ${versus}, from a ${who}.`;
    case 'highest-quality':
      return `Highest quality score of the ${n} quotes (${quality}/100${tie}): a ${who}, ${versus}.`;
    case 'best-balance':
      return unproven
        ? `Good balance of price and delivery: ${versus}, delivery in ${lead}, from a ${who}.`
        : `Good balance of price, delivery and track record: ${versus}, delivery in ${lead}, from a ${who}.`;
    case 'premium-option': {
      const others = n - 1;
      const than = cheaper === others ? (others === 1 ? 'the other quote' : `the other ${others} quotes`) : `${cheaper} of the ${others} other quotes`;
      if (unproven) return `Dearer than ${than} at ${versus}, from a ${who} with no record yet to set against the price.`;
      return matched
        ? `Dearer than ${than} at ${versus}, from a ${who}; a cheaper quote here matches its rating and record.`
        : `Dearer than ${than} at ${versus}, from a ${who}; worth it if its rating and record matter more than price.`;
    }
  }
}
