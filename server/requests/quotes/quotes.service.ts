import type { Transaction } from 'kysely';
import type { OrderDetails, Quote, TrackedQuoteResponse } from '../../../sdk/schemas/rfq';
import type { CompanySize } from '../../../sdk/rules';
import type { Database } from '../../db/database';
import type { GroupCommit } from '../../db/group-commit';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ACCEPTABLE, rfqStatus, validityDay } from '../../domain/validity';
import { ApiError } from '../../errors';
import { parseTrackingToken, quoteReference, secretMatches, trackingToken } from '../../lib/ids';
import type { Outbox } from '../../mail/outbox';
import { toApiQuote, toApiSupplier, withOrders, withTracking } from './quote.mapper';
import type { MarketStore } from '../../catalogue/market-store';
import type { Config } from '../../config';
import { NO_RECORD } from '../../domain/scorecard';
import { renderPaperwork } from '../paperwork/paperwork-render';
import { paperLines, paperSupplier, paperTotals, purchaseOrderDocument, type PaperDocument } from '../paperwork/paperwork';
import { decideBasketAccept, notFound, notSelectedMessages, readBasketLines, refusals } from './orders';
import { decide, heldRefusal, placeOrHold } from './accept';
import { lineNoOf, openSplit, quotesWithLines, withOfferedLines } from '../rfq/basket.mapper';
import { recognisedCents } from '../../../sdk/bbee';
import { formatLeadTime } from '../../domain/pricing';
import {
  closeRfq,
  findQuoteInRequest,
  finishBasket,
  lockRequestOfQuote,
  findTrackingSecretHash,
  markCourtesyMailed,
  moveQuote,
  moveRequestQuotes,
  recordQuoteView,
  type QuoteInRequest,
} from './quotes.repository';

/** The quote a tracking token opens, and the secret it carries; 404 for any token that opens none. */
export async function openToken(db: Executor, token: string): Promise<{ quoteId: number; secret: string }> {
  const parsed = parseTrackingToken(token);
  if (!parsed) throw notFound();
  const storedHash = await findTrackingSecretHash(db, parsed.quoteId);
  if (storedHash === undefined || !secretMatches(parsed.secret, storedHash)) throw notFound();
  return parsed;
}

/**
 * What a stored quote and its request look like to the buyer holding `secret`, on `day`: a basket's quotes with their
 * lines, each priced and marked ordered or not, as the results page has them.
 */
export async function trackedAnswer(
  db: Executor,
  market: MarketStore,
  state: QuoteInRequest,
  token: string,
  secret: string,
  publicUrl: string,
  now: Date,
): Promise<TrackedQuoteResponse> {
  const { own, rfq, quote: found } = state;
  const day = validityDay(now.getTime());
  // The suppliers' earned records come from the market snapshot in memory, as the results page's do.
  const { suppliersById } = await market.current();
  const context = { productName: rfq.product_name, quantity: rfq.quantity, unit: rfq.unit, today: day };
  const single: Quote[] = state.quotes.map(({ quote, supplier, trackingSecretHash }) => {
    const record = suppliersById.get(supplier.s_id)?.record ?? NO_RECORD;
    const api = toApiQuote(quote, toApiSupplier(supplier, state.compliance.get(supplier.s_id), day, record), context);
    // Quotes made before one request's quotes shared a secret have tokens of their own: those
    // the buyer opens from their e-mail, and the page offers them without a token.
    return secretMatches(secret, trackingSecretHash) ? withTracking(api, trackingToken(quote.id, secret), publicUrl) : api;
  });
  const quotes = await withOrders(db, rfq.id, state.quotes, rfq.line_count > 0 ? await quotesWithLines(db, rfq.id, state.quotes, single) : single);
  const quote = quotes.find((q) => q.id === quoteReference(found.quote.id))!;
  return {
    success: true,
    quote: {
      trackingToken: token,
      quoteReference: quote.id,
      viewCount: own.view_count,
      // A quote acted on through the API before it was ever opened (a view count of 0) answers
      // the moment it was made, so that a repeated action answers exactly the same.
      firstViewedAt: own.first_viewed_at ?? found.quote.created_at,
      lastViewedAt: own.last_viewed_at ?? found.quote.created_at,
      status: quote.status,
      statusChangedAt: found.quote.status_changed_at,
      withdrawalReason: found.quote.withdrawal_reason,
      rfq: {
        rfqId: rfq.id,
        status: rfqStatus(rfq.status, withOfferedLines(state.quotes, rfq.line_count > 0 ? quotes : undefined), day),
        awardedQuoteId: rfq.awarded_quote_id === null ? null : quoteReference(rfq.awarded_quote_id),
        companySize: rfq.company_size as CompanySize | null,
        quotes,
        demo: rfq.demo === 1,
      },
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
        ...(quote.firmedAt
          ? {
              firmedAt: quote.firmedAt,
              indicativeUnitPrice: quote.indicativeUnitPrice,
              indicativeTotalPrice: quote.indicativeTotalPrice,
              ...(quote.supplierNote ? { supplierNote: quote.supplierNote } : {}),
            }
          : {}),
      },
    },
    viewCount: own.view_count,
  };
}

export interface QuoteDeps {
  database: Database;
  /** Where the buyer's actions write; tests may give plain transactions to race them. */
  writes: Pick<GroupCommit, 'run'>;
  outbox: Outbox;
  /** Links in answers and e-mails, and the terms a confirmed order's fee and a partner's credit are written by. */
  config: Pick<Config, 'publicUrl' | 'successFeePercent' | 'vatRate' | 'revenue'>;
  /** The market in memory, whose suppliers' earned records the answers cite. */
  market: MarketStore;
}

/**
 * Opens a quote by its tracking token, counting the view, with its request and sibling quotes.
 * The buyer's own view (`own`: the page says so) is counted apart; the answer's count is of the others.
 */
export async function trackQuote(
  deps: Pick<QuoteDeps, 'database' | 'config' | 'market'>,
  token: string,
  now: Date,
  own = false,
): Promise<TrackedQuoteResponse> {
  const { db } = deps.database;
  const { quoteId, secret } = await openToken(db, token);
  await recordQuoteView(db, quoteId, now.toISOString(), own);
  const state = await findQuoteInRequest(db, quoteId);
  if (!state) throw notFound();
  return trackedAnswer(db, deps.market, state, token, secret, deps.config.publicUrl, now);
}

/** An action as the buyer asks it: accepting gives the supplier what it needs to deliver. */
export type BuyerAction = { kind: 'accept'; details: OrderDetails; lineIds?: string[] | undefined } | { kind: 'decline' } | { kind: 'close' };

/** The state changed between reading and writing: the whole action runs again on the new state. */
export class StaleStateError extends Error {
  constructor() {
    super('The request changed while the action ran');
    this.name = 'StaleStateError';
  }
}

const stale = () => new StaleStateError();

const ATTEMPTS = 3;

/** Whether an error means another writer got there first, so the action should read again. */
function isContention(err: unknown): boolean {
  if (err instanceof StaleStateError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  // SQLite: another process committed since this transaction read (WAL snapshot); PostgreSQL: serialization.
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === '40001' || code === '40P01';
}

/**
 * Runs `work` in a transaction until it meets a state that holds while it writes. Every write
 * is conditional on the state decided from, so two processes or two clicks cannot both win: the
 * loser reads again and answers from what the winner left.
 */
export async function runAction<T>(writes: Pick<GroupCommit, 'run'>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writes.run(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isContention(err)) throw err;
    }
  }
}

/**
 * The buyer's accept, decline or close, through a quote's tracking token. Answers the quote as it
 * now stands (no view counted); a repeat of what already took effect changes nothing and sends
 * nothing. Accepting stores the buyer's order details on the request and tells the winner (with
 * the buyer's contact, those details and its response link) and every other quoting supplier;
 * closing tells every supplier.
 */
export async function actOnQuote(deps: QuoteDeps, token: string, asked: BuyerAction, now: Date): Promise<TrackedQuoteResponse> {
  const action = asked.kind;
  const { db } = deps.database;
  const { quoteId, secret } = await openToken(db, token);
  const at = now.toISOString();
  const day = validityDay(now.getTime());
  let mailed = false;
  const state = await runAction(deps.writes, async (trx) => {
    await lockRequestOfQuote(trx, deps.database.dialect, quoteId);
    const current = await findQuoteInRequest(trx, quoteId);
    if (!current) throw notFound();
    const basket = current.rfq.line_count > 0;
    if (asked.kind === 'accept' && asked.lineIds && !basket) {
      throw new ApiError(400, 'validation_error', 'Request validation failed', {
        fields: { lineIds: 'This request is for one product: accept its quote without lineIds' },
      });
    }
    const held = heldRefusal(current, quoteId, action);
    if (held === 'repeat') return current;
    if (held) throw held;
    if (asked.kind === 'accept' && basket) {
      const lines = await readBasketLines(trx, current);
      const decision = decideBasketAccept(current, lines, quoteId, asked.lineIds?.map(lineNoOf) ?? null, day);
      if (decision.kind === 'refuse') throw decision.error;
      if (decision.kind === 'apply') {
        await placeOrHold(
          trx,
          deps.outbox,
          current,
          { kind: 'accept', awards: [{ quoteId, lineNos: decision.lineNos }], details: asked.details, token },
          at,
          day,
          now,
          stale,
        );
        mailed = true;
      }
      return (await findQuoteInRequest(trx, quoteId)) ?? current;
    }
    const decision = decide(action, current, day);
    if (decision.kind === 'refuse') throw decision.error;
    if (decision.kind === 'repeat') return current;
    const rfqId = current.rfq.id;
    if (asked.kind === 'accept') {
      await placeOrHold(
        trx,
        deps.outbox,
        current,
        { kind: 'accept', awards: [{ quoteId, lineNos: null }], details: asked.details, token },
        at,
        day,
        now,
        stale,
      );
      mailed = true;
    } else if (action === 'decline') {
      if (current.rfq.status !== 'open' || !(await moveQuote(trx, quoteId, ['offered'], 'declined', at))) throw stale();
    } else {
      // A basket whose buyer ordered some lines ends awarded: closing gives up the lines left.
      const ordered = current.quotes.find((q) => q.quote.status === 'accepted' || q.quote.status === 'confirmed');
      if (!(await (ordered ? finishBasket(trx, rfqId, ordered.quote.id, at) : closeRfq(trx, rfqId, at)))) throw stale();
      const others = await moveRequestQuotes(trx, rfqId, ACCEPTABLE, 'not_selected', at);
      // The suppliers of a demo request never heard of it.
      const tell = current.rfq.demo === 1 ? [] : await markCourtesyMailed(trx, others, at);
      await deps.outbox.enqueue(trx, notSelectedMessages(current, tell, ordered ? 'awarded' : 'closed'), now);
      mailed = tell.length > 0;
    }
    const changed = await findQuoteInRequest(trx, quoteId);
    if (!changed) throw notFound();
    return changed;
  });
  if (mailed) deps.outbox.notify();
  return trackedAnswer(deps.database.db, deps.market, state, token, secret, deps.config.publicUrl, now);
}

/**
 * The buyer accepts a basket's cheapest split in one step, through the tracking token of any of
 * its quotes: each supplier of the split gets the order of its lines, as if each had been
 * accepted on its own, in one transaction. Refuses (409) a single-product request and a basket
 * with nothing left to order.
 */
export async function acceptSplit(
  deps: QuoteDeps & { config: { vatRate: number } },
  token: string,
  details: OrderDetails,
  now: Date,
): Promise<TrackedQuoteResponse> {
  const { db } = deps.database;
  const { quoteId, secret } = await openToken(db, token);
  const at = now.toISOString();
  const day = validityDay(now.getTime());
  const state = await runAction(deps.writes, async (trx) => {
    await lockRequestOfQuote(trx, deps.database.dialect, quoteId);
    const current = await findQuoteInRequest(trx, quoteId);
    if (!current) throw notFound();
    if (current.rfq.line_count === 0) throw refusals.notBasket();
    const held = heldRefusal(current, quoteId, 'split');
    if (held instanceof ApiError) throw held;
    const lines = await readBasketLines(trx, current);
    const quotes = current.quotes.map((q) => q.quote);
    const split = openSplit(quotes, lines.lines, current.rfq.line_count, deps.config.vatRate, day).split;
    if (split.suppliers.length === 0) {
      // Nothing left: a basket the buyer ordered from answers as it stands (a repeat changes nothing).
      if (lines.awardedTo.size > 0) return current;
      const decision = decideBasketAccept(current, lines, quoteId, null, day);
      throw decision.kind === 'refuse' ? decision.error : refusals.nothingToSplit();
    }
    const awards = split.suppliers.map((s) => {
      const quote = quotes.find((q) => q.rank === s.rank)!;
      const decision = decideBasketAccept(current, lines, quote.id, s.lines, day);
      if (decision.kind !== 'apply') throw decision.kind === 'refuse' ? decision.error : stale();
      return { quoteId: quote.id, lineNos: decision.lineNos };
    });
    await placeOrHold(trx, deps.outbox, current, { kind: 'split', awards, details, token }, at, day, now, stale);
    return (await findQuoteInRequest(trx, quoteId)) ?? current;
  });
  deps.outbox.notify();
  return trackedAnswer(deps.database.db, deps.market, state, token, secret, deps.config.publicUrl, now);
}

/**
 * `GET /api/quotes/track/:token/quotation.pdf`: the quote the token opens as a quotation a finance
 * team can file; 404 for any token that opens none. No view is counted.
 */
export async function quotationDocument(deps: Pick<QuoteDeps, 'database'>, token: string, now: Date): Promise<PaperDocument> {
  const { db } = deps.database;
  const { quoteId } = await openToken(db, token);
  const state = await findQuoteInRequest(db, quoteId);
  if (!state) throw notFound();
  const q = state.quote.quote;
  const asOf = validityDay(now.getTime());
  const supplier = paperSupplier(state, asOf);
  const reference = quoteReference(q.id);
  const body = await renderPaperwork({
    kind: 'quotation',
    input: {
      reference,
      date: validityDay(Date.parse(q.created_at)),
      validUntil: q.valid_until,
      validityDays: q.validity_days,
      asOf,
      supplier,
      buyerCompany: state.rfq.personal_data_deleted_at ? null : state.rfq.company_name,
      deliveryLocation: state.rfq.delivery_location,
      lines: await paperLines(db, state, 'quotation'),
      totals: paperTotals(state),
      recognisedCents: recognisedCents(q.total_cents, supplier.bbee.recognitionPercent),
      paymentTerms: q.payment_terms,
      leadTime: formatLeadTime({ min: q.lead_min_days, max: q.lead_max_days }),
      pricingBasis: q.pricing_basis,
      priceListDate: q.price_list_date,
      firmedAt: q.firmed_at,
      notes: q.notes,
    },
  });
  return { body, fileName: `procura-quotation-${reference}.pdf` };
}

/**
 * `GET /api/quotes/track/:token/purchase-order.pdf`: a purchase order of the quote the token opens,
 * the one numbered `poNumber` or its latest; 404 when it has none such.
 */
export async function buyerPurchaseOrder(deps: Pick<QuoteDeps, 'database'>, token: string, poNumber?: string): Promise<PaperDocument> {
  const { db } = deps.database;
  const { quoteId } = await openToken(db, token);
  const state = await findQuoteInRequest(db, quoteId);
  if (!state) throw notFound();
  return purchaseOrderDocument(db, state, { poNumber });
}
