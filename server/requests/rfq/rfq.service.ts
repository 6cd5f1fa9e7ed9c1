import type { CompanySize } from '../../../sdk/rules';
import type { Rfq, RfqSubmission } from '../../../sdk/schemas/rfq';
import { buildQuotes, type QuoteSet } from '../../domain/quote-engine';
import { UnitNotQuotableError } from '../../domain/units';
import { intentScore } from '../../domain/intent';
import type { MarketSnapshot } from '../../domain/market';
import { ApiError, invalidFields } from '../../errors';
import { maskEmail, quoteReference } from '../../lib/ids';
import { rfqStatus, validityDay } from '../../domain/validity';
import { toApiQuote, toApiSupplier, withOrders } from '../quotes/quote.mapper';
import { NO_RECORD } from '../../domain/scorecard';
import { findQuotesForRfq } from '../quotes/quotes.repository';
import { findRfqRow } from './rfq.repository';
import type { RememberAnswer, SubmitResult } from './idempotency';
import { quoteOnce, type Quoted, type RequestPath } from './quote-once';
import { basketParts, withOfferedLines } from './basket.mapper';
import { commitRequest, type RfqDeps } from './new-request';

/**
 * A request as the service stores it: the main form's fields, or the embed form's mapped onto
 * them (its budget bands are its own, so the band is kept as text).
 */
export type RfqRequest = Omit<RfqSubmission, 'budgetRange'> & { budgetRange?: string | undefined };

/**
 * Stores a quote request and the quotes computed for it, in one transaction. With an
 * idempotency key, a repeat of the same request answers with the first answer instead. A
 * location Procura does not know is refused as bad input of `deliveryLocation`; a caller whose
 * form names that field otherwise renames it in the error.
 */
export function submitRfq(deps: RfqDeps, input: RfqRequest, idempotencyKey: string | undefined, now: Date): Promise<SubmitResult> {
  return quoteOnce(SINGLE_PRODUCT, deps, input, idempotencyKey, now);
}

/** A single product's quotes; a unit it cannot be quoted in is refused as bad input of `unit`. */
function quoteRfq(market: MarketSnapshot, input: RfqRequest, vatRate: number, now: Date): QuoteSet {
  try {
    return buildQuotes(market, input, { now, vatRate });
  } catch (err) {
    if (err instanceof UnitNotQuotableError) throw invalidFields({ unit: err.message });
    throw err;
  }
}

function storeRfq(deps: RfqDeps, input: RfqRequest, { market, origin, set }: Quoted<QuoteSet>, now: Date, remember: RememberAnswer): Promise<SubmitResult> {
  return commitRequest(
    deps,
    input,
    {
      market,
      origin,
      set,
      columns: {
        product_name: input.productName,
        product_description: input.productDescription,
        quantity: input.quantity,
        unit: set.unit,
        catalogue_item_id: set.product.item?.id ?? null,
        category_id: set.product.category.id,
        intent_score: intentScore(input),
      },
      prices: (q) => ({
        pricing_basis: q.pricingBasis,
        list_unit_price_cents: q.listUnitPriceCents,
        unit_price_cents: q.unitPriceCents,
        discount_percent: q.discountPercent,
        minimum_order_quantity: q.minimumOrderQuantity,
      }),
    },
    now,
    remember,
  );
}

const SINGLE_PRODUCT: RequestPath<RfqRequest, QuoteSet> = { quote: quoteRfq, store: storeRfq };

/** A stored request with its quotes and statuses, the e-mail masked, no tracking tokens. */
export async function getRfq(deps: Pick<RfqDeps, 'database' | 'config' | 'market'>, rfqId: string, now: Date): Promise<Rfq> {
  const { db } = deps.database;
  const row = await findRfqRow(db, rfqId);
  if (!row) throw new ApiError(404, 'rfq_not_found', 'RFQ not found');
  const today = validityDay(now.getTime());
  const rfqContext = { productName: row.product_name, quantity: row.quantity, unit: row.unit, today };
  const [rows, market] = await Promise.all([findQuotesForRfq(db, rfqId), deps.market.current()]);
  // The suppliers' VAT numbers, B-BBEE standing and records come from the market snapshot in memory.
  const quotes = rows.map(({ quote, supplier }) =>
    toApiQuote(
      quote,
      toApiSupplier(supplier, market.suppliersById.get(supplier.s_id)?.compliance, today, market.suppliersById.get(supplier.s_id)?.record ?? NO_RECORD),
      rfqContext,
    ),
  );
  // A basket reads its lines and its quotes' lines too: a single request reads nothing more.
  const basket = row.line_count > 0 ? await basketParts(deps, rfqId, rows, quotes, today) : null;
  return {
    rfqId: row.id,
    productName: row.product_name,
    deliveryLocation: row.delivery_location,
    quantity: row.quantity,
    unit: row.unit,
    supplierCount: row.supplier_count,
    primaryEmail: row.personal_data_deleted_at ? null : maskEmail(row.primary_email),
    companySize: row.company_size as CompanySize | null,
    status: rfqStatus(row.status, withOfferedLines(rows, basket?.quotes), today),
    awardedQuoteId: row.awarded_quote_id === null ? null : quoteReference(row.awarded_quote_id),
    matching: { requested: row.supplier_count, matched: row.matched_count, message: row.matching_message },
    quotes: await withOrders(db, rfqId, rows, basket ? basket.quotes : quotes),
    demo: row.demo === 1,
    createdAt: row.created_at,
    ...(basket ? { lines: basket.lines, split: basket.split } : {}),
  };
}
