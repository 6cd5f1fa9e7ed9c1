// The buyer's acceptance of quotes: what an action does to a request in its stored state, and the
// orders an acceptance places, or holds for an approver when the request's owner is a requester
// whose spending limit the order is above.
import type { OrderDetails } from '../../../sdk/schemas/rfq';
import { vatCents } from '../../../sdk/format';
import { approvalNeeded, holdForApproval } from '../../buyer/spending-limit';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ACCEPTABLE, isPastValidity } from '../../domain/validity';
import type { ApiError } from '../../errors';
import { parseTrackingToken, trackingToken } from '../../lib/ids';
import type { Outbox } from '../../mail/outbox';
import { awardBasket, awardedSuppliers, buyerOrderCopy, notSelectedMessages, placeOrder, readBasketLines, refusals } from './orders';
import { awardRfq, markCourtesyMailed, moveQuote, moveRequestQuotes, type QuoteInRequest } from './quotes.repository';

/** What the buyer can do to a quote from its tracking page or e-mail. */
export const QUOTE_ACTIONS = ['accept', 'decline', 'close'] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

/** What an action does to a request in a given state: nothing (a repeat), a refusal, or its change. */
type Decision = { kind: 'repeat' } | { kind: 'refuse'; error: ApiError } | { kind: 'apply' };

/** Decides an action from the stored state alone; the writes then check that state still holds. */
export function decide(action: QuoteAction, state: QuoteInRequest, day: string): Decision {
  const { rfq } = state;
  const quote = state.quote.quote;
  const supplier = state.quote.supplier.s_name;
  const refuse = (error: ApiError): Decision => ({ kind: 'refuse', error });
  const requestEnded = (): Decision | null =>
    rfq.status === 'awarded' ? refuse(refusals.awarded(awardedSuppliers(state))) : rfq.status === 'closed' ? refuse(refusals.closed()) : null;
  // An open request's not-selected quote is one that was past its validity when the request reopened.
  const expired = quote.status === 'not_selected' || isPastValidity(quote.valid_until, day);

  switch (action) {
    case 'accept':
      if (quote.status === 'accepted' || quote.status === 'confirmed') return { kind: 'repeat' };
      if (quote.status === 'withdrawn') return refuse(refusals.withdrawn(supplier));
      if (rfq.demo === 1) return requestEnded() ?? refuse(refusals.demo());
      if (rfq.personal_data_deleted_at !== null) return requestEnded() ?? refuse(refusals.anonymised());
      return requestEnded() ?? (expired ? refuse(refusals.expired(quote.valid_until)) : { kind: 'apply' });
    case 'decline':
      if (quote.status === 'declined') return { kind: 'repeat' };
      if (quote.status === 'accepted' || quote.status === 'confirmed') return refuse(refusals.accepted());
      if (quote.status === 'withdrawn') return refuse(refusals.withdrawn(supplier));
      return requestEnded() ?? (expired ? refuse(refusals.expired(quote.valid_until)) : { kind: 'apply' });
    case 'close':
      if (rfq.status === 'closed') return { kind: 'repeat' };
      if (rfq.status === 'awarded') return refuse(refusals.awarded(awardedSuppliers(state)));
      return { kind: 'apply' };
  }
}

/** An acceptance as the buyer made it: one quote (a basket's, some of its lines) or a basket's split. */
export interface Acceptance {
  kind: 'accept' | 'split';
  /** Each quote and, of a basket, the line numbers it is ordered; null for one product. */
  awards: { quoteId: number; lineNos: number[] | null }[];
  details: OrderDetails;
  /** The tracking token the buyer acted with: each quote's own is made from its secret. */
  token: string;
}

/** An acceptance's order total incl. VAT, in cents: a basket's lines each at their quote's VAT rate. */
async function orderTotalCents(trx: Executor, state: QuoteInRequest, acceptance: Acceptance): Promise<number> {
  const lines = state.rfq.line_count > 0 ? (await readBasketLines(trx, state)).lines : [];
  let total = 0;
  for (const award of acceptance.awards) {
    const quote = state.quotes.find((q) => q.quote.id === award.quoteId)!.quote;
    if (award.lineNos === null) {
      total += quote.total_incl_vat_cents;
      continue;
    }
    const excl = lines.filter((l) => l.quote_id === award.quoteId && award.lineNos!.includes(l.line_no)).reduce((sum, l) => sum + l.total_cents, 0);
    total += excl + vatCents(excl, quote.vat_rate);
  }
  return total;
}

/**
 * What places (or holds) an acceptance on a request in state `current`, within `trx`, its e-mails
 * queued in `outbox`; `at` and `day` date its changes. Throws `stale()` when the state changed.
 */
type Placement = (
  trx: Transaction<DB>,
  outbox: Outbox,
  current: QuoteInRequest,
  acceptance: Acceptance,
  at: string,
  day: string,
  now: Date,
  stale: () => Error,
) => Promise<void>;

/**
 * Places an acceptance's orders on a request in state `current`, decided acceptable: a basket's
 * lines awarded (the basket settled), one product's request awarded and its other suppliers told;
 * the suppliers' orders and the buyer's copy e-mailed. Throws `stale` when the state changed.
 */
export const placeAcceptance: Placement = async (trx, outbox, current, acceptance, at, day, now, stale) => {
  const { token, details } = acceptance;
  const secret = parseTrackingToken(token)?.secret;
  const tokenOf = (quoteId: number) => (secret === undefined ? token : trackingToken(quoteId, secret));
  if (current.rfq.line_count > 0) {
    const awards = acceptance.awards.map((a) => ({ quoteId: a.quoteId, lineNos: a.lineNos ?? [], buyerToken: tokenOf(a.quoteId) }));
    const messages = await awardBasket(trx, current, awards, details, at, day, stale);
    await outbox.enqueue(trx, [...messages, ...(await buyerOrderCopy(trx, current, messages, token))], now);
    return;
  }
  const { quoteId } = acceptance.awards[0]!;
  const rfqId = current.rfq.id;
  if (!(await awardRfq(trx, rfqId, quoteId, at, details))) throw stale();
  const order = await placeOrder(trx, current, quoteId, tokenOf(quoteId), details, at, day);
  if (!order) throw stale();
  const others = await moveRequestQuotes(trx, rfqId, ACCEPTABLE, 'not_selected', at, { except: quoteId });
  const tell = await markCourtesyMailed(trx, others, at);
  await outbox.enqueue(trx, [order, ...(await buyerOrderCopy(trx, current, [order], token)), ...notSelectedMessages(current, tell, 'awarded')], now);
};

/**
 * Places an acceptance's orders, or, when the request's owner is a company's requester whose
 * spending limit the order total is above, holds its quotes `awaiting_approval` and e-mails the
 * company's approvers instead: the suppliers hear nothing until an approver approves.
 */
export const placeOrHold: Placement = async (trx, outbox, current, acceptance, at, day, now, stale) => {
  const totalCents = await orderTotalCents(trx, current, acceptance);
  const requester = await approvalNeeded(trx, current.rfq.primary_email, totalCents);
  if (!requester) return placeAcceptance(trx, outbox, current, acceptance, at, day, now, stale);
  for (const award of acceptance.awards) {
    if (!(await moveQuote(trx, award.quoteId, ACCEPTABLE, 'awaiting_approval', at))) throw stale();
  }
  const messages = await holdForApproval(trx, requester, { rfqId: current.rfq.id, ...acceptance, totalCents, at });
  await outbox.enqueue(trx, messages, now);
};

/**
 * The refusal of any other order (or the close) of a request while one of its acceptances waits
 * for approval; null when nothing waits, or the action is the held quote's accept again (a repeat).
 */
export function heldRefusal(current: QuoteInRequest, quoteId: number, action: QuoteAction | 'split'): ApiError | 'repeat' | null {
  const waiting = current.quotes.filter((q) => q.quote.status === 'awaiting_approval');
  if (waiting.length === 0) return null;
  if (action === 'decline' && !waiting.some((q) => q.quote.id === quoteId)) return null;
  if (action === 'accept' && waiting.some((q) => q.quote.id === quoteId)) return 'repeat';
  return refusals.awaitingApproval(waiting.map((q) => q.supplier.s_name));
}
