import { estimateUnitPriceCents, interpretProduct, resolveLocation, cityFullName } from './interpret';
import type { LocationInterpretation, ProductInterpretation } from './interpret';
import type { MarketSnapshot, Supplier } from './market';
import { candidatePool, rankCandidates, type QuoteTarget } from './matching';
import { deriveInsights, type Insights } from './insights';
import { formatQuantity } from '../../sdk/rules';
import { addDays, formatLeadTime, leadTimeDays, vatCents, type LeadDays } from './pricing';

export interface QuoteRequest {
  productName: string;
  quantity: number;
  unit?: string | undefined;
  supplierCount: number;
  deliveryLocation: string;
}

export interface QuoteDraft {
  rank: number;
  supplier: Supplier;
  pricingBasis: 'price-list' | 'category-estimate';
  listUnitPriceCents: number;
  unitPriceCents: number;
  discountPercent: number;
  totalCents: number;
  vatRate: number;
  vatCents: number;
  totalInclVatCents: number;
  minimumOrderQuantity: number;
  leadDays: LeadDays;
  leadTime: string;
  paymentTerms: string;
  validityDays: number;
  validUntil: string;
  priceListDate: string;
  notes: string;
  insights: Insights;
}

export interface QuoteSet {
  product: ProductInterpretation;
  location: LocationInterpretation;
  unit: string;
  requested: number;
  matched: number;
  message: string;
  quotes: QuoteDraft[];
}

export interface EngineOptions {
  now: Date;
  vatRate: number;
}

/** What to quote for a product: its catalogue item, or its category at the estimated price. */
export function quoteTarget(market: MarketSnapshot, product: ProductInterpretation, productName: string): QuoteTarget {
  return product.item
    ? { kind: 'item', item: product.item, category: product.category }
    : { kind: 'category', category: product.category, estimateCents: estimateUnitPriceCents(productName) };
}

/** The price ranking compares against: the market's average list price, or the estimate. */
export function referencePriceCents(market: MarketSnapshot, target: QuoteTarget): number {
  return target.kind === 'item'
    ? (market.averagePriceCents.get(target.item.id) ?? target.item.referencePriceCents)
    : target.estimateCents;
}

/**
 * Quotes for a request, computed from the suppliers' price lists, coverage and track record.
 * The same request against the same snapshot on the same day always gives the same quotes.
 */
export function buildQuotes(market: MarketSnapshot, request: QuoteRequest, options: EngineOptions): QuoteSet {
  const product = interpretProduct(market, request.productName);
  const location = resolveLocation(market, request.deliveryLocation);
  const target = quoteTarget(market, product, request.productName);
  const unit = product.item?.unit ?? request.unit ?? 'units';
  const pool = candidatePool(market, target, location);
  const ranked = rankCandidates(pool, request.quantity, referencePriceCents(market, target), request.supplierCount);

  const priced = ranked.map((c, i) => {
    const s = c.entry.supplier;
    const totalCents = c.unitPriceCents * request.quantity;
    const vat = vatCents(totalCents, options.vatRate);
    const leadDays = leadTimeDays(s.dispatchDays, c.entry.coverageLeadDays, c.entry.distanceKm);
    const basis = c.entry.offer ? ('price-list' as const) : ('category-estimate' as const);
    return {
      rank: i + 1,
      supplier: s,
      pricingBasis: basis,
      listUnitPriceCents: c.entry.listUnitPriceCents,
      unitPriceCents: c.unitPriceCents,
      discountPercent: c.discountPercent,
      totalCents,
      vatRate: options.vatRate,
      vatCents: vat,
      totalInclVatCents: totalCents + vat,
      minimumOrderQuantity: c.entry.minimumOrderQuantity,
      leadDays,
      leadTime: formatLeadTime(leadDays),
      paymentTerms: s.paymentTerms,
      validityDays: s.validityDays,
      validUntil: addDays(options.now, s.validityDays),
      priceListDate: s.priceListDate,
      notes: quoteNote(s, basis, product.category.name),
      fitScore: c.fitScore,
    };
  });
  const insights = deriveInsights(priced);
  const quotes: QuoteDraft[] = priced.map(({ fitScore: _fit, ...q }, i) => ({ ...q, insights: insights[i]! }));
  const where = location.city ? cityFullName(location.city) : request.deliveryLocation;
  return {
    product,
    location,
    unit,
    requested: request.supplierCount,
    matched: quotes.length,
    message: matchingMessage(request, unit, where, quotes.length),
    quotes,
  };
}

function quoteNote(s: Supplier, basis: 'price-list' | 'category-estimate', categoryName: string): string {
  return basis === 'price-list'
    ? `Indicative price from ${s.name}'s price list dated ${s.priceListDate}. Confirm the final price, stock and delivery with the supplier before ordering.`
    : `Indicative price estimated from ${s.name}'s ${categoryName.toLowerCase()} pricing (price list dated ${s.priceListDate}); this exact product is not on their list, so confirm the price with the supplier.`;
}

function matchingMessage(request: QuoteRequest, unit: string, where: string, matched: number): string {
  const what = `${formatQuantity(request.quantity, unit)} of ${request.productName}`;
  if (matched === 0) {
    return `No supplier Procura works with can quote ${what} for delivery to ${where} yet. Try a nearby city or a different quantity.`;
  }
  if (matched < request.supplierCount) {
    return `You asked for ${request.supplierCount} quotes; ${matched} of our suppliers can supply ${what} to ${where}, so you have ${matched} ${matched === 1 ? 'quote' : 'quotes'}.`;
  }
  return `${matched} suppliers quoted for ${what} delivered to ${where}.`;
}
