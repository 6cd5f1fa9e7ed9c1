import type { Insertable } from 'kysely';
import type { RfqBasketSubmission, RfqSubmitResponse } from '../../sdk/index';
import type { QuoteLinesTable, QuotesTable, RfqLinesTable, RfqsTable } from '../db/schema';
import { BasketLineError, buildBasketQuotes, type BasketQuoteDraft, type BasketSet } from '../domain/basket';
import { intentScore } from '../domain/intent';
import { cityFullName, UnknownPlaceError } from '../domain/interpret';
import { rfqStatus, validityDay } from '../domain/validity';
import { ApiError } from '../errors';
import { hashSecret, newRfqId, newTrackingSecret, quoteReference, trackingToken } from '../lib/ids';
import { decideRfqMail } from '../mail/guard';
import { rfqMessages } from '../mail/messages';
import { partnerCredit } from '../partners/partner-credit';
import { toApiQuote, withTracking, type RfqContext } from '../quotes/quote.mapper';
import type { FirmColumns, QuoteRow } from '../quotes/quotes.repository';
import { insertBasketLines, insertRfq } from './rfq.repository';
import { toApiLine, toApiSplit, withLines, type StoredQuoteLine } from './basket.mapper';
import { basketName } from '../../sdk/format';
import { answerOnce, type RememberAnswer, type SubmitResult } from './idempotency';
import { requestOrigin, senderColumns, supplierView, writeHeldLeads, type RfqDeps } from './rfq.service';

/** A basket as the service stores it: the main form's shared fields with its lines. */
export type BasketRequest = RfqBasketSubmission;

type NewQuoteRow = Omit<QuoteRow, 'id' | FirmColumns> & { tracking_secret_hash: string; minimum_order_cents: number };

function quoteRow(rfqId: string, q: BasketQuoteDraft, secretHash: string, createdAt: string): NewQuoteRow {
  return {
    rfq_id: rfqId,
    supplier_id: q.supplier.id,
    rank: q.rank,
    pricing_basis: q.lines.every((l) => l.pricingBasis === 'price-list') ? 'price-list' : 'category-estimate',
    // A basket's quote has no one unit price: its lines have theirs.
    list_unit_price_cents: 0,
    unit_price_cents: 0,
    discount_percent: 0,
    total_cents: q.totalCents,
    vat_rate: q.vatRate,
    vat_cents: q.vatCents,
    total_incl_vat_cents: q.totalInclVatCents,
    minimum_order_quantity: 0,
    lead_min_days: q.leadDays.min,
    lead_max_days: q.leadDays.max,
    payment_terms: q.paymentTerms,
    validity_days: q.validityDays,
    valid_until: q.validUntil,
    price_list_date: q.priceListDate,
    notes: q.notes,
    competitive_position: q.insights.competitivePosition,
    price_difference: q.insights.priceDifference,
    quality_score: q.insights.qualityScore,
    reliability_rating: q.insights.reliabilityRating,
    risk_level: q.insights.riskLevel,
    recommendation: q.insights.recommendation,
    tracking_secret_hash: secretHash,
    first_viewed_at: null,
    last_viewed_at: null,
    created_at: createdAt,
    status: 'offered',
    status_changed_at: null,
    accepted_at: null,
    withdrawal_reason: null,
    courtesy_mailed_at: null,
    minimum_order_cents: q.minimumOrderCents,
  };
}

function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, 'validation_error', 'Request validation failed', { fields: { [field]: message } });
}

/**
 * Stores a basket, its lines and the quotes computed for it, in one transaction, and answers as
 * a single request does, with the lines, each quote's lines and the split. It counts as one
 * request everywhere a request counts (rate limit, e-mail caps, partner credit).
 */
export function submitBasket(deps: RfqDeps, input: BasketRequest, idempotencyKey: string | undefined, now: Date): Promise<SubmitResult> {
  return answerOnce(deps.database.db, idempotencyKey, input, (remember) => submitNewBasket(deps, input, now, remember));
}

async function submitNewBasket(deps: RfqDeps, input: BasketRequest, now: Date, remember: RememberAnswer): Promise<SubmitResult> {
  const market = await deps.market.current();
  const { partnerId, demo } = await requestOrigin(deps.database.db, input);
  let set: BasketSet;
  try {
    set = buildBasketQuotes(
      market,
      { lines: input.lines, supplierCount: input.supplierCount, deliveryLocation: input.deliveryLocation },
      { now, vatRate: deps.config.vatRate },
    );
  } catch (err) {
    if (err instanceof BasketLineError) throw fieldError(`lines.${err.line}.${err.field}`, err.message);
    if (err instanceof UnknownPlaceError) throw fieldError('deliveryLocation', err.message);
    throw err;
  }
  const rfqId = newRfqId();
  const createdAt = now.toISOString();
  const deliveryLocation = set.location.city ? cityFullName(set.location.city) : input.deliveryLocation;
  const secret = newTrackingSecret();
  const secretHash = hashSecret(secret);
  const rows = set.quotes.map((q) => quoteRow(rfqId, q, secretHash, createdAt));
  const today = validityDay(now.getTime());
  const productName = basketName(input.lines.map((l) => l.productName));
  const lineCount = input.lines.length;
  const unit = lineCount === 1 ? 'product' : 'products';
  const rfqContext: RfqContext = { productName, quantity: lineCount, unit, today };
  const suppliers = set.quotes.map((q) => {
    const home = market.citiesById.get(q.supplier.homeCityId);
    return supplierView(q.supplier, home?.name ?? '', home?.province ?? '', today);
  });
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

  const rfq: Insertable<RfqsTable> = {
    ...senderColumns(input, {
      rfqId,
      createdAt,
      partnerId,
      demo,
      deliveryLocation,
      cityId: set.location.city?.id ?? null,
      matched: set.matched,
      message: set.message,
    }),
    product_name: productName,
    product_description: '',
    quantity: lineCount,
    unit,
    catalogue_item_id: null,
    category_id: set.lines[0]!.product.category.id,
    // A basket reads as large as its largest line.
    intent_score: intentScore({ ...input, quantity: Math.max(...input.lines.map((l) => l.quantity)) }),
    line_count: lineCount,
  };

  const body = await deps.writes.run(async (trx) => {
    if (partnerId !== null) {
      rfq.partner_credit = await partnerCredit(trx, { partnerId, host: rfq.referrer_host ?? null, quoted: set.matched > 0 });
    }
    const mail = await decideRfqMail(trx, { primaryEmail: input.primaryEmail, additionalEmails: input.additionalEmails, now });
    const sendLeads = mail.sendLeads && rows.length > 0 && !demo;
    const messages = rfqMessages({ rfqId, buyers: mail.buyers, secret, sendLeads });
    const ids = await insertRfq(trx, rfq, rows as Insertable<QuotesTable>[], { links: mail.links, outbox: deps.outbox.rowsOf(messages, now) });
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
        minimum_order_cents: q.minimumOrderCents,
      })),
    );
    await insertBasketLines(
      trx,
      rfqLines,
      quoteLines.map(({ minimum_order_cents: _m, ...l }) => l),
    );
    const tokens = ids.map((id) => trackingToken(id, secret));
    if (sendLeads)
      await writeHeldLeads(
        deps,
        trx,
        rfqId,
        ids,
        set.quotes.map((q) => q.supplier),
        now,
      );
    const stored = rfqLines.map((l) => ({ line_no: l.line_no, product_name: l.product_name, quantity: l.quantity, unit: l.unit }));
    const body: RfqSubmitResponse = {
      rfqId,
      productName,
      quantity: lineCount,
      unit,
      deliveryLocation,
      supplierCount: input.supplierCount,
      primaryEmail: input.primaryEmail,
      companySize: input.companySize ?? null,
      status: rfqStatus('open', rows, today),
      matching: { requested: set.requested, matched: set.matched, message: set.message },
      quotes: ids.map((id, i) => {
        const quote = toApiQuote({ ...rows[i]!, id }, suppliers[i]!, rfqContext);
        return withLines(
          withTracking(quote, tokens[i]!, deps.config.publicUrl),
          quoteLines.filter((l) => l.quote_id === id),
          stored,
        );
      }),
      emailDelivery: { notSent: mail.notSent },
      demo,
      createdAt,
      lines: stored.map(toApiLine),
      split: toApiSplit(set.split, (rank) => quoteReference(ids[rank - 1]!)),
    };
    await remember(trx, body, rfqId, createdAt);
    return body;
  });
  deps.outbox.notify();
  return { status: 201, body, replayed: false };
}
