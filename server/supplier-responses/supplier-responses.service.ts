import { centsToRand } from '../../sdk/format';
import type { CompanySize } from '../../sdk/rules';
import type { SupplierResponse } from '../../sdk/schemas/supplier-responses';
import type { Executor } from '../db/executor';
import { formatLeadTime } from '../domain/pricing';
import { validityDay } from '../domain/validity';
import { ApiError } from '../errors';
import { parseResponseToken, quoteReference, secretMatches } from '../lib/ids';
import { unseal } from '../lib/seal';
import { mayEmailBuyer } from '../mail/guard';
import { qualifyPendingCredit } from '../partners/partner-credit';
import type { OutboxMessage } from '../mail/messages';
import { cancelPurchaseOrder, findQuoteInRequest, moveQuote, moveRequestQuotes, reopenRfq, type QuoteInRequest } from '../quotes/quotes.repository';
import { runAction, StaleStateError, type QuoteDeps } from '../quotes/quotes.service';
import { purchaseOrderDocument, type PaperDocument } from '../quotes/paperwork';

const notFound = () => new ApiError(404, 'response_not_found', 'Response link not found');

/** The accepted quote a response token opens, with its request, and the token's secret. */
async function openToken(db: Executor, token: string): Promise<{ state: QuoteInRequest; secret: string }> {
  const parsed = parseResponseToken(token);
  if (!parsed) throw notFound();
  const state = await findQuoteInRequest(db, parsed.quoteId);
  const hash = state?.own.response_secret_hash;
  if (!state || !hash || !secretMatches(parsed.secret, hash)) throw notFound();
  return { state, secret: parsed.secret };
}

/** The order as its supplier's response page shows it; the buyer's contact only while it is kept. */
function responseAnswer({ rfq, quote: { quote, supplier } }: QuoteInRequest): SupplierResponse {
  const kept = rfq.personal_data_deleted_at === null;
  const answered = quote.status === 'confirmed' || quote.status === 'withdrawn';
  return {
    status: quote.status,
    quoteReference: quoteReference(quote.id),
    supplierName: supplier.s_name,
    acceptedAt: quote.accepted_at!,
    respondedAt: answered ? quote.status_changed_at : null,
    withdrawalReason: quote.withdrawal_reason,
    buyer: {
      email: kept ? rfq.primary_email : null,
      contactName: kept ? rfq.contact_name : null,
      companyName: kept ? rfq.company_name : null,
      companySize: rfq.company_size as CompanySize | null,
      deliveryAddress: kept ? rfq.delivery_address : null,
      phone: kept ? rfq.phone : null,
      purchaseOrderReference: kept ? rfq.purchase_order_reference : null,
      vatNumber: kept ? rfq.vat_number : null,
    },
    order: {
      productName: rfq.product_name,
      productDescription: rfq.product_description,
      quantity: rfq.quantity,
      unit: rfq.unit,
      deliveryLocation: rfq.delivery_location,
      currency: 'ZAR',
      unitPrice: centsToRand(quote.unit_price_cents),
      totalPrice: centsToRand(quote.total_cents),
      vatAmount: centsToRand(quote.vat_cents),
      totalPriceInclVat: centsToRand(quote.total_incl_vat_cents),
      leadTime: formatLeadTime({ min: quote.lead_min_days, max: quote.lead_max_days }),
      paymentTerms: quote.payment_terms,
      validUntil: quote.valid_until,
    },
  };
}

/** The accepted order behind a supplier's response link. */
export async function getSupplierResponse(deps: Pick<QuoteDeps, 'database'>, token: string): Promise<SupplierResponse> {
  return responseAnswer((await openToken(deps.database.db, token)).state);
}

/** `GET /api/supplier-responses/:token/purchase-order.pdf`: the order's purchase order (or its cancellation); 404 otherwise. */
export async function supplierPurchaseOrder(deps: Pick<QuoteDeps, 'database'>, token: string): Promise<PaperDocument> {
  const { state } = await openToken(deps.database.db, token);
  return purchaseOrderDocument(deps.database.db, state);
}

/** The supplier's answer to an accepted quote. */
export type SupplierAnswer = { kind: 'confirm' } | { kind: 'withdraw'; reason: string };

const answeredAlready = (status: 'confirmed' | 'withdrawn') =>
  new ApiError(409, 'order_answered', `You already ${status === 'confirmed' ? 'confirmed' : 'withdrew'} this order.`);

/**
 * The supplier confirms the accepted order, or withdraws with a reason: the request then opens
 * again, and its quotes not selected but still valid can be accepted. The buyer is e-mailed either
 * way, with a link back to their quotes. Repeating the answer given changes nothing; the other
 * answer after one was given is refused.
 */
export async function answerOrder(deps: QuoteDeps, token: string, answer: SupplierAnswer, now: Date): Promise<SupplierResponse> {
  const { state: opened, secret } = await openToken(deps.database.db, token);
  return responseAnswer(await answerOrderOfQuote(deps, opened.quote.quote.id, answer, now, secret));
}

/**
 * The supplier's answer to its accepted quote `quoteId`, from its response link (whose `secret`
 * opens the buyer's tracking link for the e-mail) or its workspace (no secret: the e-mail links
 * to the request's results page). Refuses (409) a quote that is not accepted. Answers the state after.
 */
export async function answerOrderOfQuote(deps: QuoteDeps, quoteId: number, answer: SupplierAnswer, now: Date, secret: string | null): Promise<QuoteInRequest> {
  const at = now.toISOString();
  const target = answer.kind === 'confirm' ? 'confirmed' : 'withdrawn';
  let mailed = false;
  const state = await runAction(deps.writes, async (trx) => {
    const current = await findQuoteInRequest(trx, quoteId);
    if (!current) throw notFound();
    const status = current.quote.quote.status;
    if (status === target) return current;
    if (status === 'confirmed' || status === 'withdrawn') throw answeredAlready(status);
    if (status !== 'accepted') throw new ApiError(409, 'not_accepted', 'The buyer has not accepted this quote.');
    if (answer.kind === 'confirm') {
      if (!(await moveQuote(trx, quoteId, ['accepted'], 'confirmed', at))) throw new StaleStateError();
      // A supplier that dealt with the buyer and confirmed is evidence of a real buyer: a partner's pending credit settles.
      await qualifyPendingCredit(trx, current.rfq.id, now);
    } else {
      if (!(await moveQuote(trx, quoteId, ['accepted'], 'withdrawn', at, { withdrawal_reason: answer.reason }))) throw new StaleStateError();
      if (!(await reopenRfq(trx, current.rfq.id, quoteId, at))) throw new StaleStateError();
      // The order issued stays as it was; its cancellation is a document of its own.
      await cancelPurchaseOrder(trx, quoteId, validityDay(now.getTime()), answer.reason);
      await moveRequestQuotes(trx, current.rfq.id, ['not_selected'], 'offered', at, { validOn: validityDay(now.getTime()) });
    }
    const buyer = current.rfq.primary_email;
    if (current.rfq.personal_data_deleted_at === null && buyer && (await mayEmailBuyer(trx, buyer))) {
      const sealed = current.own.buyer_link_sealed;
      const trackingToken = sealed && secret ? (unseal(sealed, secret) ?? undefined) : undefined;
      const message: OutboxMessage = {
        kind: answer.kind === 'confirm' ? 'buyer-order-confirmed' : 'buyer-order-withdrawn',
        recipient: buyer,
        payload: { rfqId: current.rfq.id, quoteId, ...(trackingToken ? { trackingToken } : {}) },
      };
      await deps.outbox.enqueue(trx, [message], now);
      mailed = true;
    }
    const changed = await findQuoteInRequest(trx, quoteId);
    if (!changed) throw notFound();
    return changed;
  });
  if (mailed) deps.outbox.notify();
  return state;
}
