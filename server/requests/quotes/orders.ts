import type { OrderDetails } from '../../../sdk/schemas/rfq';
import { joinWords, formatDate } from '../../../sdk/format';
import type { Executor } from '../../db/executor';
import type { StoredQuoteStatus } from '../../db/schema';
import { ACCEPTABLE, isPastValidity } from '../../domain/validity';
import { ApiError } from '../../errors';
import { hashSecret, newTrackingSecret, responseToken } from '../../lib/ids';
import { seal } from '../../lib/seal';
import { mayEmailBuyer } from '../../mail/guard';
import type { OutboxMessage } from '../../mail/messages';
import { findQuoteLines, findRfqLines } from '../rfq/rfq.repository';
import type { StoredQuoteLine } from '../rfq/basket.mapper';
import { issuePurchaseOrder } from '../paperwork/paperwork';
import {
  awardLines,
  findQuoteInRequest,
  finishBasket,
  markCourtesyMailed,
  moveQuote,
  moveRequestQuotes,
  recordOrderDetails,
  type QuoteInRequest,
} from './quotes.repository';

export const notFound = () => new ApiError(404, 'quote_not_found', 'Quote not found');

/** The 409 refusals of the buyer's and the supplier's actions, with the messages people read. */
export const refusals = {
  expired: (validUntil: string) =>
    new ApiError(409, 'quote_expired', `This quote expired on ${formatDate(validUntil)}. Accept another quote or send a new request.`),
  awarded: (supplier: string) => new ApiError(409, 'rfq_awarded', `This request was already awarded to ${supplier}.`),
  closed: () => new ApiError(409, 'rfq_closed', 'This request was closed without a winner.'),
  withdrawn: (supplier: string) => new ApiError(409, 'quote_withdrawn', `${supplier} withdrew this quote.`),
  accepted: () => new ApiError(409, 'quote_accepted', 'You accepted this quote; it cannot be declined.'),
  demo: () =>
    new ApiError(
      409,
      'demo_request',
      'This request came from the widget demo: no supplier was told of it, so its quotes cannot be accepted. Send a real request to order.',
    ),
  anonymised: () =>
    new ApiError(
      409,
      'rfq_anonymised',
      'Your contact details were deleted from this request, so no supplier could reach you about an order. Send a new request.',
    ),
  lineAwarded: (product: string, supplier: string) => new ApiError(409, 'line_awarded', `${product} was already awarded to ${supplier}.`),
  notBasket: () => new ApiError(409, 'not_a_basket', 'This request is for one product: accept its quote instead.'),
  awaitingApproval: (suppliers: string[]) =>
    new ApiError(
      409,
      'awaiting_approval',
      `Your order from ${joinWords(suppliers)} waits for your company’s approval: nothing else of this request can be ordered until an approver decides.`,
    ),
  nothingToSplit: () => new ApiError(409, 'nothing_to_split', 'No line of this basket is left to order: every line was awarded or its quotes expired.'),
};

/** The names of the suppliers a request was awarded to, for its refusals. */
export function awardedSuppliers(state: QuoteInRequest): string {
  const names = state.quotes.filter((q) => isOrdered(q.quote.status)).map((q) => q.supplier.s_name);
  if (names.length === 0) return state.quotes.find((q) => q.quote.id === state.rfq.awarded_quote_id)?.supplier.s_name ?? 'another supplier';
  return joinWords(names);
}

/** A request's courtesy notes: one per quote whose supplier is told it was not selected. */
export function notSelectedMessages(state: QuoteInRequest, quoteIds: number[], outcome: 'awarded' | 'closed'): OutboxMessage[] {
  const told = new Set(quoteIds);
  return state.quotes
    .filter((q) => told.has(q.quote.id))
    .map((q) => ({ kind: 'supplier-not-selected' as const, recipient: q.supplier.s_email, payload: { rfqId: state.rfq.id, quoteId: q.quote.id, outcome } }));
}

const ORDERED: readonly StoredQuoteStatus[] = ['accepted', 'confirmed'];

/** Whether the buyer has ordered from a quote (the supplier may not have confirmed yet). */
function isOrdered(status: StoredQuoteStatus): boolean {
  return ORDERED.includes(status);
}

/**
 * Accepts one quote of `state` (`quoteId`, opened by the buyer's tracking token `buyerToken`), for
 * a basket its lines `lineNos`: its purchase order issued with the buyer's order `details` and a
 * response link made for it. A basket's supplier already ordered from gets a second order (and a
 * new link, which answers it). Answers the supplier's order e-mail; null when the quote was no
 * longer acceptable.
 */
export async function placeOrder(
  trx: Executor,
  state: QuoteInRequest,
  quoteId: number,
  buyerToken: string,
  details: OrderDetails,
  at: string,
  day: string,
  lineNos: readonly number[] | null = null,
): Promise<OutboxMessage | null> {
  const quote = state.quotes.find((q) => q.quote.id === quoteId)!;
  const again = isOrdered(quote.quote.status);
  const responseSecret = newTrackingSecret();
  const link = { response_secret_hash: hashSecret(responseSecret), buyer_link_sealed: seal(buyerToken, responseSecret) };
  const moved = again
    ? await moveQuote(trx, quoteId, ORDERED, 'accepted', at, link)
    : await moveQuote(trx, quoteId, ACCEPTABLE, 'accepted', at, { ...link, accepted_at: at, withdrawal_reason: null });
  if (!moved) return null;
  const purchaseOrderId = await issuePurchaseOrder(trx, { ...state, quote }, details, day, at, lineNos, buyerToken);
  return {
    kind: 'supplier-order',
    recipient: quote.supplier.s_email,
    payload: { rfqId: state.rfq.id, quoteId, purchaseOrderId, token: responseToken(quoteId, responseSecret) },
  };
}

/**
 * The buyer's copy of the orders an acceptance placed (`placed`: their supplier e-mails), linking
 * back through the tracking token the buyer acted with; none once the address may not be written to.
 */
export async function buyerOrderCopy(trx: Executor, state: QuoteInRequest, placed: readonly OutboxMessage[], trackingToken: string): Promise<OutboxMessage[]> {
  const orders = placed.flatMap((m) =>
    m.kind === 'supplier-order' && m.payload.purchaseOrderId !== undefined ? [{ quoteId: m.payload.quoteId, purchaseOrderId: m.payload.purchaseOrderId }] : [],
  );
  const buyer = state.rfq.primary_email;
  if (orders.length === 0 || state.rfq.personal_data_deleted_at !== null || !buyer || !(await mayEmailBuyer(trx, buyer))) return [];
  return [{ kind: 'buyer-order-placed', recipient: buyer, payload: { rfqId: state.rfq.id, orders, trackingToken } }];
}

/** A basket's lines as its quotes stand: which quote each awarded line went to, and every quote's lines. */
export interface BasketLines {
  /** Every quote's priced lines, with their status (what the split is computed from). */
  lines: StoredQuoteLine[];
  products: Map<number, string>;
  /** Each awarded line's quote: accepted by the buyer, its supplier not withdrawn. */
  awardedTo: Map<number, number>;
}

export async function readBasketLines(db: Executor, state: QuoteInRequest): Promise<BasketLines> {
  const [quoteLines, rfqLines] = await Promise.all([findQuoteLines(db, state.rfq.id), findRfqLines(db, state.rfq.id)]);
  const lines = quoteLines as StoredQuoteLine[];
  const ordered = new Set(state.quotes.filter((q) => isOrdered(q.quote.status)).map((q) => q.quote.id));
  const awardedTo = new Map<number, number>();
  for (const l of lines) if (l.status === 'accepted' && ordered.has(l.quote_id)) awardedTo.set(l.line_no, l.quote_id);
  return { lines, products: new Map(rfqLines.map((l) => [l.line_no, l.product_name])), awardedTo };
}

type BasketDecision = { kind: 'repeat' } | { kind: 'refuse'; error: ApiError } | { kind: 'apply'; lineNos: number[] };

/**
 * What accepting lines `asked` of quote `quoteId` (every line it can still win when null) does to
 * a basket in its stored state: a repeat, a refusal, or the lines to award. A line is awarded to
 * one supplier; an order, once placed, does not grow, but lines its supplier still offers (one
 * reopened after another supplier withdrew) can be ordered from it again when named: a second order.
 */
export function decideBasketAccept(state: QuoteInRequest, basket: BasketLines, quoteId: number, asked: readonly number[] | null, day: string): BasketDecision {
  const { rfq } = state;
  const quote = state.quotes.find((q) => q.quote.id === quoteId)!;
  const supplier = quote.supplier.s_name;
  const refuse = (error: ApiError): BasketDecision => ({ kind: 'refuse', error });
  const own = basket.lines.filter((l) => l.quote_id === quoteId);
  const stray = asked?.find((n) => !own.some((l) => l.line_no === n));
  if (stray !== undefined) {
    return refuse(
      new ApiError(400, 'validation_error', 'Request validation failed', {
        fields: { lineIds: `L${stray + 1} is not a line of ${supplier}’s quote` },
      }),
    );
  }
  const status = quote.quote.status;
  const mine = (n: number) => basket.awardedTo.get(n) === quoteId;
  if (isOrdered(status) && (asked === null || asked.every(mine))) return { kind: 'repeat' };
  if (status === 'withdrawn') return refuse(refusals.withdrawn(supplier));
  if (rfq.status === 'awarded') return refuse(refusals.awarded(awardedSuppliers(state)));
  if (rfq.status === 'closed') return refuse(refusals.closed());
  if (rfq.demo === 1) return refuse(refusals.demo());
  if (rfq.personal_data_deleted_at !== null) return refuse(refusals.anonymised());
  if (isPastValidity(quote.quote.valid_until, day)) return refuse(refusals.expired(quote.quote.valid_until));
  const offered = (n: number) => !basket.awardedTo.has(n) && own.some((l) => l.line_no === n && l.status === 'offered');
  const lineNos = asked ? [...new Set(asked.filter((n) => !mine(n)))].sort((a, b) => a - b) : own.map((l) => l.line_no).filter(offered);
  const blocked = asked
    ? lineNos.find((n) => !offered(n))
    : lineNos.length === 0
      ? (own.find((l) => basket.awardedTo.has(l.line_no)) ?? own[0])?.line_no
      : undefined;
  if (blocked !== undefined) {
    const winner = state.quotes.find((q) => q.quote.id === basket.awardedTo.get(blocked));
    // A line neither offered nor awarded was passed over while another supplier held it, and that quote expired since.
    return refuse(
      winner ? refusals.lineAwarded(basket.products.get(blocked) ?? `L${blocked + 1}`, winner.supplier.s_name) : refusals.expired(quote.quote.valid_until),
    );
  }
  return { kind: 'apply', lineNos };
}

/**
 * Awards lines of a basket: each quote's lines accepted (the other quotes' offers of them not
 * selected), each quote's order placed once, the buyer's order details kept on the request. Then
 * settles the basket: when no line is left that a valid quote still offers, the request is
 * awarded; a quote with nothing left to win is not selected, and its supplier told. Throws
 * `stale` when the state changed under it. Answers the e-mails to send.
 */
export async function awardBasket(
  trx: Executor,
  state: QuoteInRequest,
  awards: readonly { quoteId: number; lineNos: number[]; buyerToken: string }[],
  details: OrderDetails,
  at: string,
  day: string,
  stale: () => Error,
): Promise<OutboxMessage[]> {
  const rfqId = state.rfq.id;
  if (!(await recordOrderDetails(trx, rfqId, details))) throw stale();
  const messages: OutboxMessage[] = [];
  for (const award of awards) {
    if (!(await awardLines(trx, rfqId, award.quoteId, award.lineNos))) throw stale();
    const order = await placeOrder(trx, state, award.quoteId, award.buyerToken, details, at, day, award.lineNos);
    if (!order) throw stale();
    messages.push(order);
  }
  const after = await findQuoteInRequest(trx, awards[0]!.quoteId);
  if (!after) throw stale();
  messages.push(...(await settleBasket(trx, after, at, day, stale)));
  return messages;
}

/**
 * Settles a basket some of whose lines were ordered, in its state `after` an award or a
 * supplier's withdrawal of lines: when no line is left that a valid quote still offers, the
 * request is awarded; a quote with nothing left to win is not selected, and its supplier told.
 * Answers the courtesy e-mails to send.
 */
export async function settleBasket(trx: Executor, after: QuoteInRequest, at: string, day: string, stale: () => Error): Promise<OutboxMessage[]> {
  const rfqId = after.rfq.id;
  const basket = await readBasketLines(trx, after);
  const open = after.quotes.filter((q) => ACCEPTABLE.includes(q.quote.status));
  const offering = (quoteId: number) => basket.lines.some((l) => l.quote_id === quoteId && l.status === 'offered');
  // A supplier already ordered from may still offer a line reopened after another withdrew.
  const left = after.quotes.some(
    (q) => (ACCEPTABLE.includes(q.quote.status) || isOrdered(q.quote.status)) && offering(q.quote.id) && !isPastValidity(q.quote.valid_until, day),
  );
  let passedOver: number[];
  if (left) {
    passedOver = [];
    for (const q of open.filter((q) => !offering(q.quote.id))) {
      if (await moveQuote(trx, q.quote.id, ACCEPTABLE, 'not_selected', at)) passedOver.push(q.quote.id);
    }
  } else {
    const first = after.quotes.find((q) => isOrdered(q.quote.status))!;
    if (!(await finishBasket(trx, rfqId, first.quote.id, at))) throw stale();
    passedOver = await moveRequestQuotes(trx, rfqId, ACCEPTABLE, 'not_selected', at);
  }
  return notSelectedMessages(after, await markCourtesyMailed(trx, passedOver, at), 'awarded');
}
