import type { Kysely } from 'kysely';
import type { TrackedQuoteResponse } from '../../sdk/index';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { parseTrackingToken, secretMatches } from '../lib/ids';
import { toApiQuote, toApiSupplier } from './quote.mapper';
import { findTrackingSecretHash, recordQuoteView } from './quotes.repository';

/** Opens a quote by its tracking token, counting the view. */
export async function trackQuote(db: Kysely<DB>, token: string, now: Date): Promise<TrackedQuoteResponse> {
  const notFound = new ApiError(404, 'quote_not_found', 'Quote not found');
  const parsed = parseTrackingToken(token);
  if (!parsed) throw notFound;
  const storedHash = await findTrackingSecretHash(db, parsed.quoteId);
  if (storedHash === undefined || !secretMatches(parsed.secret, storedHash)) throw notFound;
  const found = await recordQuoteView(db, parsed.quoteId, now.toISOString());
  const quote = toApiQuote(found.quote, toApiSupplier(found.supplier), { productName: found.rfq.product_name, quantity: found.rfq.quantity, unit: found.rfq.unit });
  return {
    success: true,
    quote: {
      trackingToken: token,
      quoteReference: quote.id,
      viewCount: found.view_count,
      firstViewedAt: found.first_viewed_at,
      lastViewedAt: found.last_viewed_at,
      quoteData: {
        productName: quote.productName,
        quantity: quote.quantity,
        unit: quote.unit,
        supplier: quote.supplier,
        currency: quote.currency,
        unitPrice: quote.unitPrice,
        totalPrice: quote.totalPrice,
        vatAmount: quote.vatAmount,
        totalPriceInclVat: quote.totalPriceInclVat,
        leadTime: quote.leadTime,
        minimumOrderQuantity: quote.minimumOrderQuantity,
        validityPeriod: quote.validityPeriod,
        validUntil: quote.validUntil,
        paymentTerms: quote.paymentTerms,
        priceListDate: quote.priceListDate,
        notes: quote.notes,
        aiInsights: quote.aiInsights,
      },
    },
    viewCount: found.view_count,
  };
}
