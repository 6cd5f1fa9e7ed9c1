import { estimateUnitPriceCents, interpretProduct, isUnknownPlace, resolveLocation, cityFullName, UnknownPlaceError, unknownPlaceText } from './interpret';
import type { LocationInterpretation, ProductInterpretation } from './interpret';
import type { MarketSnapshot, Supplier } from './market';
import { bestCandidates, type QuoteTarget } from './matching';
import { deriveInsights, type Insights } from './insights';
import { possessive, vatCents, formatDate } from '../../sdk/format';
import { formatQuantity } from '../../sdk/rules';
import { addDays, johannesburgDay } from './calendar';
import { formatLeadTime, leadTimeDays, type LeadDays } from './pricing';
import { chooseUnit, conversionText, UnitNotQuotableError } from './units';

export interface QuoteRequest {
  productName: string;
  quantity: number;
  unit?: string | undefined;
  supplierCount: number;
  deliveryLocation: string;
}

/** What every quote draft has, a single product's or a basket's: its supplier, totals, terms and insights. */
export interface QuoteTerms {
  rank: number;
  supplier: Supplier;
  totalCents: number;
  vatRate: number;
  vatCents: number;
  totalInclVatCents: number;
  leadDays: LeadDays;
  leadTime: string;
  paymentTerms: string;
  validityDays: number;
  validUntil: string;
  priceListDate: string;
  notes: string;
  insights: Insights;
}

export interface QuoteDraft extends QuoteTerms {
  pricingBasis: 'price-list' | 'category-estimate';
  listUnitPriceCents: number;
  unitPriceCents: number;
  discountPercent: number;
  minimumOrderQuantity: number;
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
export function quoteTarget(product: ProductInterpretation, productName: string): QuoteTarget {
  return product.item
    ? { kind: 'item', item: product.item, category: product.category }
    : { kind: 'category', category: product.category, estimateCents: estimateUnitPriceCents(productName) };
}

/** The price ranking compares against: the market's average list price, or the estimate. */
export function referencePriceCents(market: MarketSnapshot, target: QuoteTarget): number {
  return target.kind === 'item' ? (market.averagePriceCents.get(target.item.id) ?? target.item.referencePriceCents) : target.estimateCents;
}

/**
 * Quotes for a request, computed from the suppliers' price lists, coverage and track record.
 * The same request against the same snapshot on the same day always gives the same quotes.
 * Quotes are in the unit the buyer asked for when the item converts to it (every figure per that
 * unit); a unit it does not convert to throws UnitNotQuotableError naming the ones it does. A
 * location that names no city or province Procura knows throws UnknownPlaceError: quoting it from
 * wherever suppliers happen to deliver would look like an answer for the buyer's place.
 */
export function buildQuotes(market: MarketSnapshot, request: QuoteRequest, options: EngineOptions): QuoteSet {
  const product = interpretProduct(market, request.productName);
  const location = resolveLocation(market, request.deliveryLocation);
  if (isUnknownPlace(location)) throw new UnknownPlaceError(unknownPlaceText(market, request.deliveryLocation));
  const target = quoteTarget(product, request.productName);
  const reference = referencePriceCents(market, target);
  const choice = chooseUnit(product.item, request.unit, reference);
  if (!choice.ok) throw new UnitNotQuotableError(choice.message);
  const { unit, factor } = choice;
  // Matching, minimum orders, capacity and the volume discount work in the item's own unit, so
  // the same order costs the same in whichever unit it is asked for.
  const baseQuantity = request.quantity * factor;
  const ranked = bestCandidates(market, target, location, baseQuantity, reference, request.supplierCount);
  const converted = factor === 1 || !product.item ? null : conversionText(unit, factor, product.item.unit);

  const priced = ranked.map((c, i) => {
    const s = c.entry.supplier;
    const unitPriceCents = Math.round(c.unitPriceCents * factor);
    const totalCents = unitPriceCents * request.quantity;
    const vat = vatCents(totalCents, options.vatRate);
    const leadDays = leadTimeDays(s.dispatchDays, c.entry.coverageLeadDays, c.entry.distanceKm);
    const basis = c.entry.offer ? ('price-list' as const) : ('category-estimate' as const);
    return {
      rank: i + 1,
      supplier: s,
      pricingBasis: basis,
      listUnitPriceCents: Math.round(c.entry.listUnitPriceCents * factor),
      unitPriceCents,
      discountPercent: c.discountPercent,
      totalCents,
      vatRate: options.vatRate,
      vatCents: vat,
      totalInclVatCents: totalCents + vat,
      // The least whole number of the buyer's units that meets the supplier's minimum.
      minimumOrderQuantity: Math.ceil(c.entry.minimumOrderQuantity / factor - 1e-9),
      leadDays,
      leadTime: formatLeadTime(leadDays),
      paymentTerms: s.paymentTerms,
      validityDays: s.validityDays,
      // Validity is judged on Johannesburg days, so it is counted from today there.
      validUntil: addDays(johannesburgDay(options.now.getTime()), s.validityDays),
      priceListDate: s.priceListDate,
      notes: quoteNote(s, basis, product.category.name, converted),
    };
  });
  // Computed on the final set, so every comparison is with the quotes the buyer is shown.
  const insights = deriveInsights(priced, request.supplierCount);
  const quotes: QuoteDraft[] = priced.map((q, i) => ({ ...q, insights: insights[i]! }));
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

function quoteNote(s: Supplier, basis: 'price-list' | 'category-estimate', categoryName: string, converted: string | null): string {
  const note =
    basis === 'price-list'
      ? `Indicative price from ${possessive(s.name)} price list dated ${formatDate(s.priceListDate)}. Confirm the final price, stock and delivery with the supplier before ordering.`
      : `Indicative price estimated from ${possessive(s.name)} ${categoryName.toLowerCase()} pricing (price list dated ${formatDate(s.priceListDate)}); this exact product is not on their list, so confirm the price with the supplier.`;
  return converted ? `${note} Priced in the unit you asked for: ${converted}.` : note;
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
