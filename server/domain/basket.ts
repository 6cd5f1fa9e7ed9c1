import { interpretProduct, isUnknownPlace, resolveLocation, cityFullName, UnknownPlaceError, unknownPlaceText } from './interpret';
import type { LocationInterpretation, ProductInterpretation } from './interpret';
import type { MarketSnapshot, Supplier } from './market';
import { bestCandidates, priced, supplierEntry, type QuoteTarget } from './matching';
import { deriveInsights } from './insights';
import { quoteTarget, referencePriceCents, type EngineOptions, type QuoteTerms } from './quote-engine';
import { centsToRand, formatRand, possessive, vatCents, formatDate } from '../../sdk/format';
import { addDays, johannesburgDay } from './calendar';
import { formatLeadTime, leadTimeDays, type LeadDays } from './pricing';
import { chooseUnit } from './units';
import { cheapestSplit, MAX_LINE_TOTAL_CENTS, SPLIT_MAX_SUPPLIERS } from './basket-split';

export interface BasketLineRequest {
  productName: string;
  quantity: number;
  unit?: string | undefined;
}

export interface BasketRequest {
  lines: BasketLineRequest[];
  supplierCount: number;
  deliveryLocation: string;
}

/** A line of a basket as Procura reads it. */
export interface BasketLine {
  productName: string;
  quantity: number;
  /** The unit it is quoted in (the buyer's, or the catalogue's). */
  unit: string;
  product: ProductInterpretation;
  /** The market's average unit price in that unit, what prices are compared with. */
  referenceUnitCents: number;
}

/** One line of one supplier's basket quote. */
export interface BasketLineDraft {
  /** The line's place in the basket, from 0. */
  line: number;
  pricingBasis: 'price-list' | 'category-estimate';
  listUnitPriceCents: number;
  unitPriceCents: number;
  discountPercent: number;
  totalCents: number;
  minimumOrderQuantity: number;
  leadDays: LeadDays;
  leadTime: string;
}

/** A supplier's quote for the lines of a basket it can supply; its lead time is the longest of its lines'. */
export interface BasketQuoteDraft extends QuoteTerms {
  lines: BasketLineDraft[];
  /** Lines quoted, of the basket's lines. */
  covered: number;
  coverage: string;
  minimumOrderCents: number;
}

/** An option for the whole basket: some quotes' lines, with their totals. */
export interface BasketOption {
  /** Per line of the basket, the rank of the quote it goes to, or null when none does. */
  lines: (number | null)[];
  covered: number;
  totalCents: number;
  vatCents: number;
  totalInclVatCents: number;
  /** One delivery per supplier ordered from. */
  deliveries: number;
  /** The ranks of the quotes it orders from, with what it orders from each. */
  suppliers: { rank: number; lines: number[]; totalCents: number }[];
}

export interface BasketSplitDraft {
  /** The cheapest assignment of every line to the quoting suppliers, minimum orders respected. */
  split: BasketOption;
  /** The cheapest supplier quoting the whole basket alone, else the one quoting most of it. */
  single: BasketOption | null;
  /** What the split saves against the single supplier, when both cover the same lines; else null. */
  savingCents: number | null;
  /** Deliveries the split takes beyond the single supplier's one. */
  extraDeliveries: number;
  message: string;
}

export interface BasketSet {
  location: LocationInterpretation;
  where: string;
  lines: BasketLine[];
  requested: number;
  matched: number;
  message: string;
  quotes: BasketQuoteDraft[];
  split: BasketSplitDraft;
}

/** A line a basket cannot quote as asked: its place in the basket, the field and the message. */
export class BasketLineError extends Error {
  constructor(
    readonly line: number,
    readonly field: 'unit',
    message: string,
  ) {
    super(message);
    this.name = 'BasketLineError';
  }
}

/** How many of a line's best-fitting suppliers are asked about the rest of the basket. */
function scanDepth(supplierCount: number): number {
  return Math.max(10, supplierCount * 3);
}

interface LineContext extends BasketLine {
  target: QuoteTarget;
  /** The item's own unit per buyer's unit. */
  factor: number;
  baseQuantity: number;
  referenceBaseCents: number;
}

interface Candidate {
  supplier: Supplier;
  lines: (BasketLineDraft | null)[];
  covered: number;
  /** Its covered lines' total against those lines at the market's average price. */
  priceIndex: number;
}

/**
 * Quotes for a basket. Each line is read as a single request is (catalogue match, units); the
 * suppliers that rank among the best for any line are priced on every line they can supply, with
 * the tier and volume discount of that line's quantity; the `supplierCount` suppliers covering
 * the most lines, then cheapest against the market's average for those lines, quote. Their split
 * and the best single supplier are computed exactly. The same basket against the same snapshot on
 * the same day always gives the same answer.
 */
export function buildBasketQuotes(market: MarketSnapshot, request: BasketRequest, options: EngineOptions): BasketSet {
  const location = resolveLocation(market, request.deliveryLocation);
  if (isUnknownPlace(location)) throw new UnknownPlaceError(unknownPlaceText(market, request.deliveryLocation));
  const lines: LineContext[] = request.lines.map((asked, n) => {
    const product = interpretProduct(market, asked.productName);
    const target = quoteTarget(product, asked.productName);
    const reference = referencePriceCents(market, target);
    const choice = chooseUnit(product.item, asked.unit, reference);
    if (!choice.ok) throw new BasketLineError(n, 'unit', choice.message);
    return {
      productName: asked.productName,
      quantity: asked.quantity,
      unit: choice.unit,
      product,
      referenceUnitCents: Math.round(reference * choice.factor),
      target,
      factor: choice.factor,
      baseQuantity: asked.quantity * choice.factor,
      referenceBaseCents: reference,
    };
  });

  // Who could quote: every supplier among the best few of any line.
  const depth = scanDepth(request.supplierCount);
  const seen = new Map<number, Supplier>();
  for (const line of lines) {
    for (const c of bestCandidates(market, line.target, location, line.baseQuantity, line.referenceBaseCents, depth)) {
      seen.set(c.entry.supplier.id, c.entry.supplier);
    }
  }
  const candidates: Candidate[] = [];
  for (const supplier of seen.values()) {
    const priced = lines.map((line, n) => priceLine(market, location, supplier, line, n));
    let covered = 0;
    let spent = 0;
    let reference = 0;
    for (let n = 0; n < lines.length; n++) {
      const p = priced[n];
      if (!p) continue;
      covered++;
      spent += p.totalCents;
      reference += lines[n]!.referenceUnitCents * lines[n]!.quantity;
    }
    if (covered === 0) continue;
    candidates.push({ supplier, lines: priced, covered, priceIndex: reference > 0 ? spent / reference : 1 });
  }
  candidates.sort((a, b) => b.covered - a.covered || a.priceIndex - b.priceIndex || a.supplier.id - b.supplier.id);
  const chosen = candidates.slice(0, Math.min(request.supplierCount, SPLIT_MAX_SUPPLIERS));

  const drafts = chosen.map((c, i) => supplierQuote(c, i + 1, lines, options));
  // Insights compare like with like: a line a supplier cannot supply counts at the market's average.
  const insights = deriveInsights(
    drafts.map((d, i) => ({
      supplier: d.supplier,
      totalCents: d.totalCents,
      comparedCents: d.totalCents + lines.reduce((sum, line, n) => sum + (chosen[i]!.lines[n] ? 0 : line.referenceUnitCents * line.quantity), 0),
      coverage: { priced: chosen[i]!.covered, of: lines.length },
      leadDays: d.leadDays,
    })),
    request.supplierCount,
  );
  const quotes: BasketQuoteDraft[] = drafts.map((d, i) => ({ ...d, insights: insights[i]! }));
  const where = location.city ? cityFullName(location.city) : request.deliveryLocation;
  return {
    location,
    where,
    lines: lines.map(({ productName, quantity, unit, product, referenceUnitCents }) => ({ productName, quantity, unit, product, referenceUnitCents })),
    requested: request.supplierCount,
    matched: quotes.length,
    message: basketMessage(request, lines.length, where, quotes),
    quotes,
    split: splitOf(quotes, lines.length, options.vatRate),
  };
}

function priceLine(market: MarketSnapshot, location: LocationInterpretation, supplier: Supplier, line: LineContext, n: number): BasketLineDraft | null {
  const entry = supplierEntry(market, line.target, location, supplier);
  if (!entry || line.baseQuantity > entry.terms.capacityUnits || line.baseQuantity < entry.minimumOrderQuantity) return null;
  const c = priced(entry, line.baseQuantity, line.referenceBaseCents);
  const unitPriceCents = Math.round(c.unitPriceCents * line.factor);
  // A line this dear is no line a basket can carry: its sums would pass what a number holds exactly.
  if (unitPriceCents * line.quantity > MAX_LINE_TOTAL_CENTS) return null;
  const leadDays = leadTimeDays(supplier.dispatchDays, entry.coverageLeadDays, entry.distanceKm);
  return {
    line: n,
    pricingBasis: entry.offer ? 'price-list' : 'category-estimate',
    listUnitPriceCents: Math.round(entry.listUnitPriceCents * line.factor),
    unitPriceCents,
    discountPercent: c.discountPercent,
    totalCents: unitPriceCents * line.quantity,
    minimumOrderQuantity: Math.ceil(entry.minimumOrderQuantity / line.factor - 1e-9),
    leadDays,
    leadTime: formatLeadTime(leadDays),
  };
}

function supplierQuote(c: Candidate, rank: number, lines: LineContext[], options: EngineOptions): Omit<BasketQuoteDraft, 'insights'> {
  const s = c.supplier;
  const quoted = c.lines.filter((l): l is BasketLineDraft => l !== null);
  const totalCents = quoted.reduce((sum, l) => sum + l.totalCents, 0);
  const vat = vatCents(totalCents, options.vatRate);
  const leadDays = quoted.reduce(
    (longest, l) => (l.leadDays.max > longest.max || (l.leadDays.max === longest.max && l.leadDays.min > longest.min) ? l.leadDays : longest),
    quoted[0]!.leadDays,
  );
  const estimated = quoted.filter((l) => l.pricingBasis === 'category-estimate').length;
  const listed = `Indicative prices from ${possessive(s.name)} price list dated ${formatDate(s.priceListDate)}.`;
  const guessed =
    estimated === 0
      ? ''
      : ` ${estimated === 1 ? 'One line is' : `${estimated} lines are`} not on their list and ${estimated === 1 ? 'is' : 'are'} estimated from their category pricing.`;
  const minimum = s.minimumOrderCents > 0 ? ` Their minimum order is ${rand(s.minimumOrderCents)} excl. VAT.` : '';
  return {
    rank,
    supplier: s,
    lines: quoted,
    covered: c.covered,
    coverage: `${c.covered} of ${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`,
    totalCents,
    vatRate: options.vatRate,
    vatCents: vat,
    totalInclVatCents: totalCents + vat,
    leadDays,
    leadTime: formatLeadTime(leadDays),
    minimumOrderCents: s.minimumOrderCents,
    paymentTerms: s.paymentTerms,
    validityDays: s.validityDays,
    validUntil: addDays(johannesburgDay(options.now.getTime()), s.validityDays),
    priceListDate: s.priceListDate,
    notes: `${listed}${guessed}${minimum} Confirm the final prices, stock and delivery with the supplier before ordering.`,
  };
}

/** What the split reads of a quote: stored or just made. */
export type SplitQuote = Pick<BasketQuoteDraft, 'rank' | 'minimumOrderCents' | 'totalCents' | 'covered'> & {
  lines: readonly { line: number; totalCents: number }[];
};

function option(quotes: readonly SplitQuote[], assignment: (number | null)[], vatRate: number): BasketOption {
  const bySupplier = new Map<number, { rank: number; lines: number[]; totalCents: number }>();
  let totalCents = 0;
  assignment.forEach((k, line) => {
    if (k === null) return;
    const q = quotes[k]!;
    const cents = q.lines.find((l) => l.line === line)!.totalCents;
    totalCents += cents;
    const entry = bySupplier.get(k) ?? { rank: q.rank, lines: [], totalCents: 0 };
    entry.lines.push(line);
    entry.totalCents += cents;
    bySupplier.set(k, entry);
  });
  // Each supplier's order is its own purchase order with its own VAT, rounded on it: the split's
  // VAT is their sum, so it matches the purchase orders to the cent.
  let vat = 0;
  for (const entry of bySupplier.values()) vat += vatCents(entry.totalCents, vatRate);
  return {
    lines: assignment.map((k) => (k === null ? null : quotes[k]!.rank)),
    covered: assignment.filter((k) => k !== null).length,
    totalCents,
    vatCents: vat,
    totalInclVatCents: totalCents + vat,
    deliveries: bySupplier.size,
    suppliers: [...bySupplier.keys()].sort((a, b) => a - b).map((k) => bySupplier.get(k)!),
  };
}

/**
 * The split and the single supplier beside it. The single supplier is the one whose quote covers
 * the most lines and meets its own minimum, cheapest first, ties by rank. `toOrder` is how many of
 * the `lineCount` lines are still to order, which its message counts (all of them before any award).
 */
export function splitOf(quotes: readonly SplitQuote[], lineCount: number, vatRate: number, toOrder = lineCount): BasketSplitDraft {
  const lineTotals = quotes.map((q) => {
    const totals = new Array<number | null>(lineCount).fill(null);
    for (const l of q.lines) totals[l.line] = l.totalCents;
    return totals;
  });
  const computed = cheapestSplit(
    lineCount,
    quotes.map((q, k) => ({ minimumOrderCents: q.minimumOrderCents, lineTotals: lineTotals[k]! })),
  );
  const split = option(quotes, computed.assignment, vatRate);
  let singleIndex = -1;
  quotes.forEach((q, k) => {
    if (q.totalCents < q.minimumOrderCents) return;
    const best = quotes[singleIndex];
    if (!best || q.covered > best.covered || (q.covered === best.covered && q.totalCents < best.totalCents)) singleIndex = k;
  });
  const single =
    singleIndex < 0
      ? null
      : option(
          quotes,
          lineTotals[singleIndex]!.map((t) => (t === null ? null : singleIndex)),
          vatRate,
        );
  const savingCents = single && single.covered === split.covered ? single.totalCents - split.totalCents : null;
  const extraDeliveries = single ? split.deliveries - 1 : split.deliveries;
  return { split, single, savingCents, extraDeliveries, message: splitMessage(split, single, savingCents, toOrder) };
}

function rand(cents: number): string {
  return formatRand(centsToRand(cents));
}

function splitMessage(split: BasketOption, single: BasketOption | null, saving: number | null, lineCount: number): string {
  if (split.covered === 0) return 'No supplier can supply any line of this basket yet.';
  const missing = lineCount - split.covered;
  const gap = missing === 0 ? '' : ` ${missing} of ${lineCount} ${lineCount === 1 ? 'line has' : 'lines have'} no supplier yet.`;
  if (!single) return `Split across ${split.deliveries} ${split.deliveries === 1 ? 'supplier' : 'suppliers'}: ${rand(split.totalCents)} excl. VAT.${gap}`;
  if (saving === null) {
    return `The split covers ${split.covered} of ${lineCount} lines for ${rand(split.totalCents)} excl. VAT across ${split.deliveries} ${split.deliveries === 1 ? 'delivery' : 'deliveries'}; no single supplier covers as many (the best covers ${single.covered}).${gap}`;
  }
  if (saving === 0 || split.deliveries === 1)
    return `One supplier is the cheapest for all ${split.covered === lineCount ? 'lines' : 'lines it can supply'}: ${rand(single.totalCents)} excl. VAT, one delivery.${gap}`;
  return `Splitting across ${split.deliveries} suppliers saves ${rand(saving)} excl. VAT against the cheapest single supplier, for ${split.deliveries - 1} more ${split.deliveries - 1 === 1 ? 'delivery' : 'deliveries'}.${gap}`;
}

function basketMessage(request: BasketRequest, lineCount: number, where: string, quotes: BasketQuoteDraft[]): string {
  const what = `your basket of ${lineCount} ${lineCount === 1 ? 'product' : 'products'}`;
  const matched = quotes.length;
  if (matched === 0) return `No supplier Procura works with can quote any line of ${what} for delivery to ${where} yet.`;
  const full = quotes.filter((q) => q.covered === lineCount).length;
  const whole = full === 0 ? 'none covers every line' : full === matched ? 'each covers every line' : `${full} ${full === 1 ? 'covers' : 'cover'} every line`;
  const count =
    matched < request.supplierCount
      ? `You asked for ${request.supplierCount} quotes; ${matched} ${matched === 1 ? 'supplier' : 'suppliers'} can supply part or all of ${what} to ${where}`
      : `${matched} suppliers quoted for ${what} delivered to ${where}`;
  return `${count}; ${whole}.`;
}
