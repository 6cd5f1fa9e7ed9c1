import type { Transaction } from 'kysely';
import { formatDate } from '../../../sdk/format';
import type { OrderReceiptInput, TrackedQuoteResponse } from '../../../sdk/schemas/rfq';
import { RECEIPT_MESSAGES } from '../../../sdk/order-rules';
import type { DB } from '../../db/schema';
import { validityDay } from '../../domain/validity';
import { receiptRecorded } from '../../track-record/track-record.service';
import { ApiError, invalidFields } from '../../errors';
import { unseal } from '../../lib/seal';
import { mayEmailBuyer, organisationDomain } from '../../mail/guard';
import { promisedDay } from '../../domain/calendar';
import { findPurchaseOrders, findQuoteInRequest, type PurchaseOrderRow, type QuoteInRequest } from '../quotes/quotes.repository';
import { notFound } from '../quotes/orders';
import { openToken, runAction, StaleStateError, trackedAnswer, type QuoteDeps } from '../quotes/quotes.service';
import { findReceipts, insertReceipt, markOrderDelivered, supplierAddresses, type ReceiptRow } from './deliveries.repository';

const poNotFound = () => new ApiError(404, 'purchase_order_not_found', 'Purchase order not found');
const notConfirmed = () => new ApiError(409, 'order_not_confirmed', 'Only an order you confirmed can be marked delivered: confirm the order first.');

/** The day the buyer or supplier gave, checked against the order: not before it was placed, not after today. */
function checkDay(field: 'receivedOn' | 'deliveredOn', given: string, po: PurchaseOrderRow, today: string): void {
  const valid = !Number.isNaN(Date.parse(`${given}T00:00:00Z`)) && new Date(`${given}T00:00:00Z`).toISOString().slice(0, 10) === given;
  const received = field === 'receivedOn';
  if (!valid || given > today) throw invalidFields({ [field]: received ? RECEIPT_MESSAGES.receivedOn : RECEIPT_MESSAGES.deliveredOn });
  if (given < po.issued_on) {
    const before = received ? RECEIPT_MESSAGES.receivedBeforeOrder : RECEIPT_MESSAGES.deliveredBeforeOrder;
    throw invalidFields({ [field]: `${before} (${formatDate(po.issued_on)})` });
  }
}

/** The order a call names by number, or 404. */
function named(orders: readonly PurchaseOrderRow[], poNumber: string): PurchaseOrderRow {
  const po = orders.find((o) => o.po_number === poNumber);
  if (!po) throw poNotFound();
  return po;
}

/**
 * The supplier says it delivered a confirmed order of its quote `quoteId` (the newest not yet
 * marked, or the one numbered): the day is kept and the buyer e-mailed once, with the link to
 * confirm receipt. The same day again changes nothing; another day for a marked order is refused.
 * `secret` is the response link's, which opens the buyer's tracking link when the order kept none.
 */
export async function markDelivered(
  deps: QuoteDeps,
  quoteId: number,
  input: { deliveredOn: string; purchaseOrderNumber?: string | undefined },
  now: Date,
  secret: string | null,
  also?: (trx: Transaction<DB>) => Promise<void>,
): Promise<void> {
  const today = validityDay(now.getTime());
  let mailed = false;
  await runAction(deps.writes, async (trx) => {
    const state = await findQuoteInRequest(trx, quoteId);
    if (!state) throw notFound();
    const orders = (await findPurchaseOrders(trx, quoteId)).filter((o) => o.cancelled_on === null);
    const confirmed = orders.filter((o) => o.confirmed_on !== null);
    let po: PurchaseOrderRow | undefined;
    if (input.purchaseOrderNumber !== undefined) {
      po = named(orders, input.purchaseOrderNumber);
      if (po.confirmed_on === null) throw notConfirmed();
    } else {
      if (confirmed.some((o) => o.delivered_on === input.deliveredOn)) return;
      po = confirmed.filter((o) => o.delivered_on === null).at(-1);
      if (!po) {
        const last = confirmed.at(-1);
        if (!last?.delivered_on) throw notConfirmed();
        po = last;
      }
    }
    if (po.delivered_on === input.deliveredOn) return;
    if (po.delivered_on !== null) {
      throw new ApiError(409, 'delivery_recorded', `You already marked purchase order ${po.po_number} delivered on ${formatDate(po.delivered_on)}.`);
    }
    checkDay('deliveredOn', input.deliveredOn, po, today);
    if (!(await markOrderDelivered(trx, po.id, input.deliveredOn, today))) throw new StaleStateError();
    if (also) await also(trx);
    const buyer = state.rfq.primary_email;
    if (state.rfq.personal_data_deleted_at === null && buyer && (await mayEmailBuyer(trx, buyer))) {
      const sealed = state.own.buyer_link_sealed;
      const trackingToken = po.receipt_tracking_token ?? (sealed && secret ? (unseal(sealed, secret) ?? undefined) : undefined);
      await deps.outbox.enqueue(
        trx,
        [
          {
            kind: 'buyer-order-delivered',
            recipient: buyer,
            payload: { rfqId: state.rfq.id, quoteId, purchaseOrderId: po.id, ...(trackingToken ? { trackingToken } : {}) },
          },
        ],
        now,
      );
      mailed = true;
    }
  });
  if (mailed) deps.outbox.notify();
}

/** Whether a stored receipt is what a call sends again. */
function sameReceipt(r: ReceiptRow, input: OrderReceiptBody): boolean {
  return r.received_on === input.receivedOn && Boolean(r.in_full) === input.inFull && r.rating === input.rating && r.comment === input.comment;
}

/** The receipt as the schema parses it: the comment null when not given. */
type OrderReceiptBody = Omit<OrderReceiptInput, 'comment'> & { comment: string | null };

/**
 * Whether the buyer's address is of the supplier's own organisation (not a public mail
 * provider's): such a receipt is kept but never counted in the supplier's track record.
 */
async function fromSupplierItself(trx: Transaction<DB>, state: QuoteInRequest): Promise<boolean> {
  const buyer = organisationDomain(state.rfq.primary_email);
  if (buyer === null) return false;
  const own = await supplierAddresses(trx, state.quote.supplier.s_id);
  return own.some((email) => organisationDomain(email) === buyer);
}

/**
 * The buyer's receipt of an order of the quote its tracking token opens (the newest without one,
 * a confirmed one first, or the one numbered), once: on time when on or before the order's
 * promised day, counted only for an order its supplier confirmed and a buyer not of the supplier's
 * own organisation. The same receipt again answers the same; another is refused (409).
 */
export async function recordReceipt(deps: QuoteDeps, token: string, input: OrderReceiptBody, now: Date): Promise<TrackedQuoteResponse> {
  const { db } = deps.database;
  const { quoteId, secret } = await openToken(db, token);
  const at = now.toISOString();
  const today = validityDay(now.getTime());
  const state = await runAction(deps.writes, async (trx) => {
    const current = await findQuoteInRequest(trx, quoteId);
    if (!current) throw notFound();
    const status = current.quote.quote.status;
    const orders = (await findPurchaseOrders(trx, quoteId)).filter((o) => o.cancelled_on === null);
    if ((status !== 'accepted' && status !== 'confirmed') || orders.length === 0) {
      throw new ApiError(409, 'not_ordered', 'You have not ordered from this quote, so there is no delivery to confirm.');
    }
    const receipts = await findReceipts(
      trx,
      orders.map((o) => o.id),
    );
    // Once the request's personal data is deleted, a receipt keeps no comment: the buyer's words would outlive the rest.
    const receipt = current.rfq.personal_data_deleted_at === null ? input : { ...input, comment: null };
    let po: PurchaseOrderRow | undefined;
    if (input.purchaseOrderNumber !== undefined) po = named(orders, input.purchaseOrderNumber);
    else {
      if (orders.some((o) => receipts.has(o.id) && sameReceipt(receipts.get(o.id)!, receipt))) return current;
      const open = orders.filter((o) => !receipts.has(o.id));
      po = open.filter((o) => o.confirmed_on !== null).at(-1) ?? open.at(-1) ?? orders.at(-1)!;
    }
    const recorded = receipts.get(po.id);
    if (recorded) {
      if (sameReceipt(recorded, receipt)) return current;
      throw new ApiError(409, 'receipt_recorded', `You already confirmed receipt of purchase order ${po.po_number} on ${formatDate(recorded.received_on)}.`);
    }
    checkDay('receivedOn', input.receivedOn, po, today);
    const promised = po.promised_on ?? promisedDay(po.issued_on, current.quote.quote.lead_max_days);
    const notCounted = po.confirmed_on === null ? 'not_confirmed' : (await fromSupplierItself(trx, current)) ? 'own_domain' : null;
    const counted = notCounted === null;
    const written = await insertReceipt(trx, {
      purchase_order_id: po.id,
      supplier_id: current.quote.supplier.s_id,
      received_on: input.receivedOn,
      on_time: input.receivedOn <= promised ? 1 : 0,
      in_full: input.inFull ? 1 : 0,
      rating: input.rating,
      comment: receipt.comment,
      counted: counted ? 1 : 0,
      not_counted_reason: notCounted,
      created_at: at,
    });
    if (!written) throw new StaleStateError();
    // The supplier's earned record changed: the market the engine quotes from is read again.
    if (counted) await receiptRecorded(trx);
    return current;
  });
  // This process reads the market again at once: the answer cites the record with this receipt.
  deps.market.invalidate();
  return trackedAnswer(db, deps.market, state, token, secret, deps.config.publicUrl, now);
}
