import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { centsToRand } from '../../../sdk/format';
import type { CompanySize } from '../../../sdk/rules';
import type { SupplierResponse } from '../../../sdk/schemas/supplier-responses';
import type { Executor } from '../../db/executor';
import { formatLeadTime } from '../../domain/pricing';
import { validityDay } from '../../domain/validity';
import { ApiError } from '../../errors';
import { parseResponseToken, quoteReference, secretMatches } from '../../lib/ids';
import { unseal } from '../../lib/seal';
import { mayEmailBuyer } from '../../mail/guard';
import { qualifyPendingCredit } from '../../partners/partner-credit';
import { chargeSuccessFees } from '../../billing/billing.service';
import type { OutboxMessage } from '../../mail/messages';
import {
  cancelPurchaseOrders,
  confirmPurchaseOrders,
  findPurchaseOrders,
  findQuoteInRequest,
  orderedLines,
  withdrawQuoteLines,
  moveQuote,
  moveRequestQuotes,
  reofferLines,
  reopenBasket,
  reopenRfq,
  orderDetailsOf,
  type PurchaseOrderRow,
  type QuoteInRequest,
} from '../quotes/quotes.repository';
import { readBasketLines } from '../quotes/orders';
import { runAction, StaleStateError, type QuoteDeps } from '../quotes/quotes.service';
import { choosePurchaseOrder, paperLines, paperTotals, purchaseOrderDocument, type PaperDocument } from '../paperwork/paperwork';
import { markDelivered } from '../deliveries/deliveries.service';
import type { MarkDeliveredInput } from '../../../sdk/schemas/supplier-responses';

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

/**
 * Where the supplier's answer stands for the order its response link was sent with (the quote's
 * latest purchase order): `accepted` until answered. A quote ordered from before purchase orders
 * were kept has none, and its status says.
 */
function orderStatus(quote: QuoteInRequest['quote']['quote'], po: PurchaseOrderRow | undefined): 'accepted' | 'confirmed' | 'withdrawn' | null {
  if (!po) return quote.status === 'accepted' || quote.status === 'confirmed' || quote.status === 'withdrawn' ? quote.status : null;
  return po.cancelled_on !== null ? 'withdrawn' : po.confirmed_on !== null ? 'confirmed' : 'accepted';
}

/**
 * The order as its supplier's response link shows it: the quote's latest purchase order, for a
 * basket the lines it orders, with their totals; the buyer's contact only while it is kept.
 */
async function responseAnswer(db: Executor, state: QuoteInRequest): Promise<SupplierResponse> {
  const {
    rfq,
    quote: { quote, supplier },
  } = state;
  const po = await choosePurchaseOrder(db, quote.id);
  const lines = rfq.line_count > 0 && po ? await paperLines(db, state, { order: po }) : null;
  const totals = paperTotals(state, lines ?? undefined);
  const kept = rfq.personal_data_deleted_at === null;
  const status = orderStatus(quote, po) ?? quote.status;
  return {
    status,
    quoteReference: quoteReference(quote.id),
    purchaseOrderNumber: po?.po_number ?? null,
    supplierName: supplier.s_name,
    acceptedAt: po?.created_at ?? quote.accepted_at!,
    respondedAt: status === 'confirmed' || status === 'withdrawn' ? quote.status_changed_at : null,
    withdrawalReason: po ? po.cancel_reason : quote.withdrawal_reason,
    deliveredOn: po?.delivered_on ?? null,
    buyer: {
      email: kept ? rfq.primary_email : null,
      contactName: kept ? rfq.contact_name : null,
      companyName: kept ? rfq.company_name : null,
      companySize: rfq.company_size as CompanySize | null,
      ...orderDetailsOf(kept ? po : undefined),
    },
    order: {
      productName: rfq.product_name,
      productDescription: rfq.product_description,
      quantity: rfq.quantity,
      unit: rfq.unit,
      deliveryLocation: rfq.delivery_location,
      currency: 'ZAR',
      unitPrice: centsToRand(quote.unit_price_cents),
      totalPrice: centsToRand(totals.totalCents),
      vatAmount: centsToRand(totals.vatCents),
      totalPriceInclVat: centsToRand(totals.totalInclVatCents),
      leadTime: formatLeadTime({ min: quote.lead_min_days, max: quote.lead_max_days }),
      paymentTerms: quote.payment_terms,
      validUntil: quote.valid_until,
      ...(lines
        ? {
            lines: lines.map((l) => ({
              productName: l.productName,
              quantity: l.quantity,
              unit: l.unit,
              unitPrice: centsToRand(l.unitPriceCents),
              totalPrice: centsToRand(l.totalCents),
            })),
          }
        : {}),
    },
  };
}

/** The accepted order behind a supplier's response link. */
export async function getSupplierResponse(deps: Pick<QuoteDeps, 'database'>, token: string): Promise<SupplierResponse> {
  return responseAnswer(deps.database.db, (await openToken(deps.database.db, token)).state);
}

/** `GET /api/supplier-responses/:token/purchase-order.pdf`: the order's purchase order (or its cancellation); 404 otherwise. */
export async function supplierPurchaseOrder(deps: Pick<QuoteDeps, 'database'>, token: string): Promise<PaperDocument> {
  const { state } = await openToken(deps.database.db, token);
  return purchaseOrderDocument(deps.database.db, state);
}

/** `POST /api/supplier-responses/:token/delivered`: the supplier says it delivered the confirmed order. */
export async function deliveredByLink(deps: QuoteDeps, token: string, input: MarkDeliveredInput, now: Date): Promise<SupplierResponse> {
  const { state, secret } = await openToken(deps.database.db, token);
  await markDelivered(deps, state.quote.quote.id, input, now, secret);
  return getSupplierResponse(deps, token);
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
  return responseAnswer(deps.database.db, await answerOrderOfQuote(deps, opened.quote.quote.id, answer, now, secret));
}

/**
 * The supplier's answer to its accepted quote `quoteId`, from its response link (whose `secret`
 * opens the buyer's tracking link for the e-mail) or its workspace (no secret: the e-mail links
 * to the request's results page). Refuses (409) a quote that is not accepted. Answers the state after.
 */
export async function answerOrderOfQuote(
  deps: QuoteDeps,
  quoteId: number,
  answer: SupplierAnswer,
  now: Date,
  secret: string | null,
  /** More to write in the answer's transaction when it takes effect (the workspace's audit row). */
  also?: (trx: Transaction<DB>) => Promise<void>,
): Promise<QuoteInRequest> {
  const at = now.toISOString();
  const target = answer.kind === 'confirm' ? 'confirmed' : 'withdrawn';
  let mailed = false;
  const state = await runAction(deps.writes, async (trx) => {
    const current = await findQuoteInRequest(trx, quoteId);
    if (!current) throw notFound();
    const po = await choosePurchaseOrder(trx, quoteId);
    const status = orderStatus(current.quote.quote, po);
    if (status === target) return current;
    if (status === 'confirmed' || status === 'withdrawn') throw answeredAlready(status);
    if (status !== 'accepted' || current.quote.quote.status !== 'accepted') throw new ApiError(409, 'not_accepted', 'The buyer has not accepted this quote.');
    const day = validityDay(now.getTime());
    if (answer.kind === 'confirm') {
      if (!(await moveQuote(trx, quoteId, ['accepted'], 'confirmed', at))) throw new StaleStateError();
      const confirmed = await confirmPurchaseOrders(trx, quoteId, day);
      // Each order confirmed owes its success fee, written with the confirmation.
      const orders = [];
      for (const order of confirmed) {
        const { totalCents } = paperTotals(current, await paperLines(trx, current, { order }));
        orders.push({
          purchaseOrderId: order.id,
          poNumber: order.po_number,
          rfqId: order.rfq_id,
          supplierId: current.quote.supplier.s_id,
          valueCents: totalCents,
        });
      }
      await chargeSuccessFees(trx, orders, deps.config, now);
      // A supplier that dealt with the buyer and confirmed is evidence of a real buyer: a partner's pending credit settles.
      await qualifyPendingCredit(trx, current.rfq.id, deps.config.revenue, now);
    } else {
      // The orders issued stay as they were; a cancellation is a document of its own. An earlier
      // order of the same basket the supplier confirmed stands, and the quote with it.
      const cancelled = await cancelPurchaseOrders(trx, quoteId, day, answer.reason);
      const stands = (await findPurchaseOrders(trx, quoteId)).some((o) => o.cancelled_on === null);
      const moved = stands
        ? await moveQuote(trx, quoteId, ['accepted'], 'confirmed', at)
        : await moveQuote(trx, quoteId, ['accepted'], 'withdrawn', at, { withdrawal_reason: answer.reason });
      if (!moved) throw new StaleStateError();
      if (current.rfq.line_count > 0) {
        // A basket's other orders stand: only these lines are open again, from the quotes that still can.
        const { lines } = await readBasketLines(trx, current);
        const given =
          cancelled.length > 0
            ? cancelled.flatMap((o) => orderedLines(o) ?? [])
            : lines.filter((l) => l.quote_id === quoteId && l.status === 'accepted').map((l) => l.line_no);
        await withdrawQuoteLines(trx, quoteId, given);
        await reopenBasket(trx, current.rfq.id, at);
        await reofferLines(trx, current.rfq.id, given, day, at);
      } else {
        if (!(await reopenRfq(trx, current.rfq.id, quoteId, at))) throw new StaleStateError();
        await moveRequestQuotes(trx, current.rfq.id, ['not_selected'], 'offered', at, { validOn: day });
      }
    }
    if (also) await also(trx);
    const buyer = current.rfq.primary_email;
    if (current.rfq.personal_data_deleted_at === null && buyer && (await mayEmailBuyer(trx, buyer))) {
      const sealed = current.own.buyer_link_sealed;
      const trackingToken = sealed && secret ? (unseal(sealed, secret) ?? undefined) : undefined;
      const message: OutboxMessage = {
        kind: answer.kind === 'confirm' ? 'buyer-order-confirmed' : 'buyer-order-withdrawn',
        recipient: buyer,
        payload: { rfqId: current.rfq.id, quoteId, ...(po ? { purchaseOrderId: po.id } : {}), ...(trackingToken ? { trackingToken } : {}) },
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
