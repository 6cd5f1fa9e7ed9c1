import type { Insertable } from 'kysely';
import type { RfqBasketSubmission } from '../../../sdk/schemas/rfq';
import { basketName } from '../../../sdk/format';
import type { QuoteLinesTable, RfqLinesTable } from '../../db/schema';
import { BasketLineError, buildBasketQuotes, type BasketQuoteDraft, type BasketSet } from '../../domain/basket';
import { intentScore } from '../../domain/intent';
import type { MarketSnapshot } from '../../domain/market';
import { invalidFields } from '../../errors';
import { quoteReference } from '../../lib/ids';
import { insertBasketLines } from './rfq.repository';
import { toApiLine, toApiSplit, withLines, type StoredQuoteLine } from './basket.mapper';
import type { RememberAnswer, SubmitResult } from './idempotency';
import { quoteOnce, type Quoted, type RequestPath } from './quote-once';
import { commitRequest, type RfqDeps } from './new-request';

/** A basket as the service stores it: the main form's shared fields with its lines. */
export type BasketRequest = RfqBasketSubmission;

/**
 * Stores a basket, its lines and the quotes computed for it, in one transaction, and answers as
 * a single request does, with the lines, each quote's lines and the split. It counts as one
 * request everywhere a request counts (rate limit, e-mail caps, partner credit).
 */
export function submitBasket(deps: RfqDeps, input: BasketRequest, idempotencyKey: string | undefined, now: Date): Promise<SubmitResult> {
  return quoteOnce(BASKET, deps, input, idempotencyKey, now);
}

/** A basket's quotes; a line that cannot be quoted is refused as bad input of its field. */
function quoteBasket(market: MarketSnapshot, input: BasketRequest, vatRate: number, now: Date): BasketSet {
  try {
    return buildBasketQuotes(market, { lines: input.lines, supplierCount: input.supplierCount, deliveryLocation: input.deliveryLocation }, { now, vatRate });
  } catch (err) {
    if (err instanceof BasketLineError) throw invalidFields({ [`lines.${err.line}.${err.field}`]: err.message });
    throw err;
  }
}

async function storeBasket(
  deps: RfqDeps,
  input: BasketRequest,
  { market, origin, set }: Quoted<BasketSet>,
  now: Date,
  remember: RememberAnswer,
): Promise<SubmitResult> {
  const productName = basketName(input.lines.map((l) => l.productName));
  const lineCount = input.lines.length;
  const columns = {
    product_name: productName,
    product_description: '',
    quantity: lineCount,
    unit: lineCount === 1 ? 'product' : 'products',
    catalogue_item_id: null,
    category_id: set.lines[0]!.product.category.id,
    // A basket reads as large as its largest line.
    intent_score: intentScore({ ...input, quantity: Math.max(...input.lines.map((l) => l.quantity)) }),
    line_count: lineCount,
  };
  // A basket's quote has no one unit price: its lines have theirs.
  const prices = (q: BasketQuoteDraft) => ({
    pricing_basis: q.lines.every((l) => l.pricingBasis === 'price-list') ? ('price-list' as const) : ('category-estimate' as const),
    list_unit_price_cents: 0,
    unit_price_cents: 0,
    discount_percent: 0,
    minimum_order_quantity: 0,
    minimum_order_cents: q.minimumOrderCents,
  });
  return commitRequest(deps, input, { market, origin, set, columns, prices }, now, remember, async (trx, ids, answer) => {
    const rfqId = answer.rfqId;
    const rfqLines: Insertable<RfqLinesTable>[] = set.lines.map((l, n) => ({
      rfq_id: rfqId,
      line_no: n,
      product_name: l.productName,
      product_description: input.lines[n]!.productDescription ?? '',
      quantity: l.quantity,
      unit: l.unit,
      catalogue_item_id: l.product.item?.id ?? null,
      category_id: l.product.category.id,
    }));
    const quoteLines: (Insertable<QuoteLinesTable> & StoredQuoteLine)[] = set.quotes.flatMap((q, i) =>
      q.lines.map((l) => ({
        quote_id: ids[i]!,
        line_no: l.line,
        rfq_id: rfqId,
        pricing_basis: l.pricingBasis,
        list_unit_price_cents: l.listUnitPriceCents,
        unit_price_cents: l.unitPriceCents,
        discount_percent: l.discountPercent,
        total_cents: l.totalCents,
        minimum_order_quantity: l.minimumOrderQuantity,
        lead_min_days: l.leadDays.min,
        lead_max_days: l.leadDays.max,
        status: 'offered' as const,
        firmed_at: null,
        indicative_unit_price_cents: null,
        withdrawn_at: null,
        withdrawal_reason: null,
        minimum_order_cents: q.minimumOrderCents,
      })),
    );
    await insertBasketLines(
      trx,
      rfqLines,
      quoteLines.map(({ minimum_order_cents: _m, ...l }) => l),
    );
    const stored = rfqLines.map((l) => ({ line_no: l.line_no, product_name: l.product_name, quantity: l.quantity, unit: l.unit }));
    return {
      ...answer,
      quotes: answer.quotes.map((quote, i) =>
        withLines(
          quote,
          quoteLines.filter((l) => l.quote_id === ids[i]),
          stored,
        ),
      ),
      lines: stored.map(toApiLine),
      split: toApiSplit(set.split, (rank) => quoteReference(ids[rank - 1]!)),
    };
  });
}

const BASKET: RequestPath<BasketRequest, BasketSet> = { quote: quoteBasket, store: storeBasket };
