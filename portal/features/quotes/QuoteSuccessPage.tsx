// Kept whole: the results page's states (waiting, quotes, a basket, an order placed) share its
// loading, tracking tokens and notices.
import { IndicativeWas, PriceBasisBadge } from '../../components/quotes/firm';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { PERSONAL_DATA_HOURS } from '../../../contract/data-api';
import { formatQuantity, POSITION_BADGES, singularUnit, supplierResponseText } from '../../../sdk/rules';
import type { OrderDetailsInput, OrderReceiptInput, PurchaseOrderSummary, Quote, QuoteActionResponse, Rfq } from '../../../sdk/schemas/rfq';
import { companySizeLabel, formatPriceWithVat, formatRand, joinWords, quotedEnd } from '../../../sdk/format';
import { AcceptQuoteDialog } from '../../components/quotes/accept-dialog';
import { QuoteCompare } from '../../components/quotes/compare';
import { BasketMatrix, basketQuoteOrder, BasketSplitPanel, isBasket, minimumOrderText, orderedLineCount, orderedTotal } from '../../components/quotes/basket';
import { quotationPath } from '../../../contract/buyer-links';
import { BbeeLine, orderQuotes, QuoteOrderSelect, type QuoteOrder } from '../../components/quotes/bbee';
import { POSITION_HELP, SCORE_TEXT, ScoresLink } from '../../components/quotes/scores';
import { PurchaseOrders } from '../../components/quotes/orders';
import { OrderReceipts } from '../../components/quotes/receipt';
import { canAccept, DemoNotice, isWinner, QuoteStatusBadge, RfqStatusBadge } from '../../components/quotes/status';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { usePageTitle } from '../../lib/use-page-title';
import { api } from '../../lib/api';
import { SENT_TOAST, type FreshSubmission } from '../../lib/fresh-submission';
import { useDismissToast } from '../../components/ui/toast';
import { takeQuoteTokens } from '../../lib/submission-tokens';
import { useLoad } from '../../lib/use-load';
import { PageLoading } from '../../components/ui/page-loading';
import { Stat } from '../../components/ui/stat';
import './quotes.css';

/** The rfqId from the query, or else the first run of digits in the address. */
export function findRfqId(search: string, href: string): string | null {
  const fromQuery = new URLSearchParams(search).get('rfqId');
  if (fromQuery && /^\d+$/.test(fromQuery)) return fromQuery;
  return /(\d{6,})/.exec(href)?.[1] ?? null;
}

/** The quotes that arrive soonest: the fewest days at the earliest, then at the latest (more than one when they tie). */
function fastestOf(quotes: Quote[]): Quote[] {
  const rank = (q: Quote) => q.leadTimeDays.min * 1000 + q.leadTimeDays.max;
  const best = Math.min(...quotes.map(rank));
  return quotes.filter((q) => rank(q) === best);
}

/** The cheapest quote excl. VAT, of a basket's quotes of the most products; the first of a tie. */
function lowestOf(quotes: Quote[]): Quote | null {
  const most = Math.max(0, ...quotes.map((q) => q.coverage?.covered ?? 0));
  return quotes
    .filter((q) => (q.coverage?.covered ?? 0) === most)
    .reduce<Quote | null>((best, q) => (!best || q.totalPrice < best.totalPrice ? q : best), null);
}

const COVERAGE_WIDTH: Record<string, number> = { excellent: 100, good: 75, moderate: 50 };

/** What the coverage word says, from the soonest the supplier can deliver (see {@link coverageOf}). */
const COVERAGE_HELP = 'How soon it can deliver to you: excellent within a day, good within 3 days, moderate within 5, limited after that.';

function coverageOf(q: Quote): string {
  const d = q.leadTimeDays.min;
  return d <= 1 ? 'excellent' : d <= 3 ? 'good' : d <= 5 ? 'moderate' : 'limited';
}

interface QuoteCardProps {
  quote: Quote;
  rfq: Rfq;
  token?: string | undefined;
  onAccept?: (() => void) | undefined;
  /** Records the buyer's receipt of one of the quote's confirmed orders; only with the quote's tracking token. */
  onReceipt?: ((receipt: OrderReceiptInput) => Promise<void>) | undefined;
}

function QuoteCard({ quote, rfq, token, onAccept, onReceipt }: QuoteCardProps) {
  const coverage = coverageOf(quote);
  const winner = isWinner(quote.status);
  const withdrawn = quote.status === 'withdrawn';
  // A basket is named by its products ('Household Bleach and 2 more products').
  const what = rfq.lines ? rfq.productName : `${formatQuantity(rfq.quantity, rfq.unit)} of ${rfq.productName}`;
  const subject = `Quote ${quote.id}: ${what}`;
  // A supplier imported without a contact person has none: the greeting then names no one.
  const greeting = quote.supplier.contactPerson ? `Hello ${quote.supplier.contactPerson},` : 'Hello,';
  const body = `${greeting}\n\nI received your quote ${quote.id} through Procura for ${what}, delivered to ${rfq.deliveryLocation}, at ${formatPriceWithVat(quote.totalPrice, quote.totalPriceInclVat)}.\n\nPlease confirm price, stock and delivery.\n\nThank you`;
  return (
    <article className={`card quote-card${winner ? ' quote-card-winner' : ''}`} aria-labelledby={`quote-${quote.id}`}>
      {winner ? <p className="winner-mark">Your chosen supplier</p> : null}
      <div className="quote-head">
        <h3 id={`quote-${quote.id}`}>{quote.supplier.name}</h3>
        {/* A withdrawn quote can no longer be had: it is no one's best of anything. */}
        {withdrawn ? null : <span className="badge badge-primary">{POSITION_BADGES[quote.aiInsights.competitivePosition]}</span>}
      </div>
      {withdrawn ? null : <p className="small muted position-help">{POSITION_HELP[quote.aiInsights.competitivePosition]}</p>}
      <p className="quote-status small">
        Status: <QuoteStatusBadge status={quote.status} />
      </p>
      {withdrawn ? (
        <p className="notice notice-danger small">
          {quote.supplier.name} withdrew this quote{quote.withdrawalReason ? `: ${quotedEnd(quote.withdrawalReason)}` : '.'}
        </p>
      ) : null}
      <p className="small muted">
        {quote.supplier.location}, {quote.supplier.province} ·{' '}
        {quote.supplier.record ? quote.supplier.record.ratingText : `rated ${quote.supplier.rating.toFixed(1)}/5`}
        {quote.supplier.verified ? ' · verified' : ''}
      </p>
      <div className="price-row">
        <div>
          <div className="big-figure">{formatRand(quote.totalPrice)}</div>
          <div className="small muted">
            excl. VAT · {quote.coverage ? quote.coverage.text : `${formatRand(quote.unitPrice)} per ${singularUnit(rfq.unit)}`}
            <IndicativeWas quote={quote} /> <PriceBasisBadge quote={quote} />
          </div>
        </div>
        <div className="small">
          {formatRand(quote.totalPriceInclVat)} incl. VAT ({Math.round(quote.vatRate * 100)}%)
        </div>
      </div>
      {winner && quote.lines ? (
        // A basket's supplier is ordered some of the lines it quotes: what was ordered is the figure that counts.
        <p className="small">
          <strong>Ordered from it: {formatRand(orderedTotal([quote]))} excl. VAT</strong> for{' '}
          {quote.lines
            .filter((l) => l.status === 'accepted')
            .map((l) => l.productName)
            .join(', ')}
        </p>
      ) : null}
      <PurchaseOrders quote={quote} token={token} />
      <OrderReceipts quote={quote} onSubmit={onReceipt} />
      <BbeeLine quote={quote} />
      <dl className="facts small">
        <dt>Lead time</dt>
        <dd>{quote.leadTime}</dd>
        <dt>Minimum order</dt>
        <dd>{minimumOrderText(quote)}</dd>
        <dt>Valid</dt>
        <dd>{quote.validityPeriod}</dd>
        <dt>Payment</dt>
        <dd>{quote.paymentTerms}</dd>
        <dt>Supplier response</dt>
        <dd>{supplierResponseText(quote.supplier.responseTimeHours)}</dd>
      </dl>
      <div className="coverage">
        <span className="small">Delivery coverage: {coverage}</span>
        <div className="meter" role="img" aria-label={`Delivery coverage ${coverage}`}>
          <span style={{ width: `${COVERAGE_WIDTH[coverage] ?? 25}%` }} />
        </div>
        <p className="small muted flush">{COVERAGE_HELP}</p>
      </div>
      {/* Its sentence ranks it among the quotes, which it has left. */}
      {withdrawn ? null : <p className="small">{quote.aiInsights.recommendation}</p>}
      <p className="hint">{quote.notes}</p>
      <div className="button-row">
        {onAccept ? (
          <button type="button" className="button" onClick={onAccept}>
            Accept this quote
          </button>
        ) : null}
        {token ? (
          <a className="button button-secondary" href={quotationPath(token)} download>
            Quotation (PDF)
          </a>
        ) : null}
        <a className="button button-secondary" href={`mailto:${quote.supplier.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`}>
          Contact supplier
        </a>
      </div>
    </article>
  );
}

/** An order the buyer is about to place: one quote, the lines of a basket's quote still open, or a basket's split. */
interface Ordering {
  supplierName: string;
  totalPrice: number;
  totalPriceInclVat: number;
  products?: string[];
  split?: boolean;
  leavesOpen?: boolean;
  /** A basket quote's open lines, for the buyer to tick those to order. */
  choose?: { quote: Quote; quotes: readonly Quote[] };
  send(details: OrderDetailsInput, lineIds?: string[]): Promise<QuoteActionResponse>;
}

function quoteOrdering(q: Quote, tokens: Record<string, string>): Ordering {
  return {
    supplierName: q.supplier.name,
    totalPrice: q.totalPrice,
    totalPriceInclVat: q.totalPriceInclVat,
    send: (d) => api().quotes.accept(tokens[q.id]!, d),
  };
}

/** A basket quote's lines still open (not awarded to another supplier): what accepting it orders. */
function basketQuoteOrdering(rfq: Rfq, q: Quote, tokens: Record<string, string>): Ordering {
  const { lineIds, ...order } = basketQuoteOrder(rfq.quotes, q);
  return {
    supplierName: q.supplier.name,
    ...order,
    choose: { quote: q, quotes: rfq.quotes },
    send: (d, ticked) => api().quotes.accept(tokens[q.id]!, { ...d, lineIds: ticked ?? lineIds }),
  };
}

/** The basket's split, or its best single supplier, as one order of the lines still open. */
function optionOrdering(
  rfq: Rfq & { split: NonNullable<Rfq['split']>; lines: NonNullable<Rfq['lines']> },
  which: 'split' | 'single',
  tokens: Record<string, string>,
): Ordering {
  const option = which === 'split' ? rfq.split.split : rfq.split.single!;
  const names = option.suppliers.map((s) => rfq.quotes.find((q) => q.id === s.quoteId)!.supplier.name);
  const products = option.lines.filter((l) => l.quoteId !== null).map((l) => rfq.lines.find((line) => line.lineId === l.lineId)!.productName);
  const ordering = {
    supplierName: joinWords(names),
    totalPrice: option.totalPrice,
    totalPriceInclVat: option.totalPriceInclVat,
    products,
    split: names.length > 1,
    leavesOpen: option.covered < rfq.split.split.covered,
  };
  const first = option.suppliers[0]!;
  // The split is computed again where it is accepted, from the same stored quotes; the single supplier is one quote's lines.
  return which === 'split'
    ? { ...ordering, send: (d) => api().quotes.acceptSplit(tokens[first.quoteId]!, d) }
    : { ...ordering, send: (d) => api().quotes.accept(tokens[first.quoteId]!, { ...d, lineIds: first.lineIds }) };
}

/** Said where the buyer looks after ordering a basket, and focused, so a screen reader hears it. */
function OrderedNotice({ names, several }: { names: string; several: boolean }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <p className="notice" role="status" tabIndex={-1} ref={notice}>
      You ordered from {names}. We sent {several ? 'each its order' : `${names} your order`} and your contact details; a supplier left with nothing to supply is
      told it was not selected.
    </p>
  );
}

export default function QuoteSuccessPage() {
  usePageTitle('Your quotes');
  const search = useSearch();
  const rfqId = findRfqId(search, window.location.href);
  const state = useLoad(rfqId ? (signal) => api().rfq.get(rfqId, { signal }) : null, [rfqId]);
  const [fresh] = useState<FreshSubmission | undefined>(() => (window.history.state as { fresh?: FreshSubmission } | null)?.fresh);
  // The tokens this tab holds: from its own submission, or from the e-mail's Compare all quotes link.
  const tokens = useMemo(() => (rfqId ? takeQuoteTokens(rfqId) : {}), [rfqId]);
  // The request as the last action's answer left it, over the one first read.
  const [acted, setActed] = useState<QuoteActionResponse['quote']['rfq'] | null>(null);
  const [accepting, setAccepting] = useState<Ordering | null>(null);
  // A basket read again after an order: its lines' statuses and what is left to split.
  const [reread, setReread] = useState<Rfq | null>(null);
  const [accepted, setAccepted] = useState<{ names: string; several: boolean } | null>(null);
  const [order, setOrder] = useState<QuoteOrder>('rank');
  // Each quote's orders as the answer to a recorded receipt gave them, over those read with the request.
  const [received, setReceived] = useState<Record<string, PurchaseOrderSummary[] | undefined>>({});
  // Once the panel below says what the toast said, the toast goes: it would only cover the page.
  const dismissToast = useDismissToast();
  const shown = fresh !== undefined && state.status === 'loaded';
  useEffect(() => {
    if (shown) dismissToast(SENT_TOAST);
  }, [shown, dismissToast]);

  if (!rfqId) {
    return <ErrorAlert title="Invalid Request" message="No quote ID provided in URL" />;
  }
  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <PageLoading label="Loading your quotes…">
        <div className="summary-grid" style={{ marginTop: '1rem' }}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton" style={{ height: '4.5rem' }} />
          ))}
        </div>
        <div className="quotes-grid" style={{ marginTop: '1rem' }}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton" style={{ height: '16rem' }} />
          ))}
        </div>
      </PageLoading>
    );
  }
  if (state.status === 'error') {
    const message = state.error instanceof Error && state.error.message ? state.error.message : `RFQ ${rfqId}`;
    return <ErrorAlert title="Quote Not Found" message={`Unable to load quote details: ${message}`} />;
  }

  const rfq: Rfq = reread
    ? reread
    : acted
      ? {
          ...state.data,
          status: acted.status,
          awardedQuoteId: acted.awardedQuoteId,
          quotes: state.data.quotes.map((q) => ({ ...q, status: acted.quotes.find((a) => a.id === q.id)?.status ?? q.status })),
        }
      : state.data;
  const quotes = rfq.quotes;
  // A basket may be ordered from several suppliers: each is named.
  const winners = quotes.filter((q) => isWinner(q.status)).map((q) => q.supplier.name);
  const mayAccept = Object.keys(tokens).length > 0;
  const place = async (ordering: Ordering, details: OrderDetailsInput, lineIds?: string[]) => {
    const answer = await ordering.send(details, lineIds);
    setActed(answer.quote.rfq);
    if (isBasket(rfq)) {
      setReread(await api().rfq.get(rfq.rfqId));
      setReceived({});
    }
    setAccepting(null);
    setAccepted({ names: ordering.supplierName, several: ordering.split === true });
  };
  const confirmReceipt = async (q: Quote, receipt: OrderReceiptInput) => {
    const answer = await api().quotes.confirmReceipt(tokens[q.id]!, receipt);
    const orders = answer.quote.rfq.quotes.find((a) => a.id === q.id)?.orders;
    setReceived((was) => ({ ...was, [q.id]: orders }));
  };
  const acceptQuote = (q: Quote) => setAccepting(isBasket(rfq) ? basketQuoteOrdering(rfq, q, tokens) : quoteOrdering(q, tokens));
  const acceptOption =
    isBasket(rfq) && mayAccept && rfq.status === 'open' && !rfq.demo
      ? (option: 'split' | 'single') => setAccepting(optionOrdering(rfq, option, tokens))
      : undefined;
  // The summary reads the quotes still to be had: a withdrawn one is not.
  const standing = quotes.filter((q) => q.status !== 'withdrawn');
  const lowest = lowestOf(standing);
  const fastest = fastestOf(standing);
  const verified = standing.filter((q) => q.supplier.verified).length;
  const quality = standing.length ? Math.round(standing.reduce((n, q) => n + q.aiInsights.qualityScore, 0) / standing.length) : 0;

  return (
    <div className="container page stack">
      {fresh && fresh.count > 0 ? (
        <section className="card success-panel" aria-labelledby="sent-title">
          <h1 id="sent-title">Quotes Sent Successfully!</h1>
          {fresh.notSent ? (
            <>
              <p>
                {fresh.count} {fresh.count === 1 ? 'quote was' : 'quotes were'} found. All of them are on this page.
              </p>
              <p className="notice">{fresh.notSent}</p>
            </>
          ) : (
            <p>
              {fresh.count} {fresh.count === 1 ? 'quote was' : 'quotes were'} sent to <strong>{fresh.email}</strong>.
            </p>
          )}
          {/* Once something is ordered, these steps are done: the page below says what was ordered. */}
          {winners.length > 0 ? null : (
            <div className="next-steps">
              <h2>What happens next?</h2>
              <ol>
                <li>Check your e-mail: every quote with its own link.</li>
                <li>Compare the offers below side by side on price, delivery and terms.</li>
                <li>
                  Accept the one you want, giving the delivery address and a phone number. That supplier receives them with your contact details and confirms
                  the order.
                </li>
              </ol>
            </div>
          )}
          <Link href="/" className="button">
            Submit Another Request
          </Link>
        </section>
      ) : fresh ? (
        <section className="card notice-panel" aria-labelledby="sent-title">
          <h1 id="sent-title">Request Received</h1>
          {fresh.notSent ? (
            <p>
              No supplier could quote this request yet. <span className="notice">{fresh.notSent}</span>
            </p>
          ) : (
            <p>
              No supplier could quote this request yet. We e-mailed the details to <strong>{fresh.email}</strong>.
            </p>
          )}
          <Link href="/" className="button">
            Submit Another Request
          </Link>
        </section>
      ) : (
        <h1>Your quotes</h1>
      )}
      <section className="card" aria-labelledby="rfq-title">
        <h2 id="rfq-title">Your request</h2>
        <dl className="facts">
          {rfq.lines ? (
            <>
              <dt>Products</dt>
              <dd>
                <ul className="basket-request-lines">
                  {rfq.lines.map((l) => (
                    <li key={l.lineId}>
                      {l.productName}: {formatQuantity(l.quantity, l.unit)}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : (
            <>
              <dt>Product</dt>
              <dd>{rfq.productName}</dd>
              <dt>Quantity</dt>
              <dd>{formatQuantity(rfq.quantity, rfq.unit)}</dd>
            </>
          )}
          <dt>Delivery to</dt>
          <dd>{rfq.deliveryLocation}</dd>
          {rfq.companySize ? (
            <>
              <dt>Company size</dt>
              <dd>{companySizeLabel(rfq.companySize)}</dd>
            </>
          ) : null}

          <dt>E-mail</dt>
          <dd>{rfq.primaryEmail ?? `Deleted (we keep it at most ${PERSONAL_DATA_HOURS} hours after a request ends)`}</dd>
          <dt>Status</dt>
          <dd>
            <RfqStatusBadge status={rfq.status} />
            {winners.length === 0 ? null : rfq.status === 'open' && isBasket(rfq) ? (
              <span className="small">
                {' '}
                · {orderedLineCount(rfq.quotes)} of {rfq.lines.length} products ordered from {joinWords(winners)}
              </span>
            ) : (
              <span className="small"> to {joinWords(winners)}</span>
            )}
          </dd>
        </dl>
        {quotes.length > 0 ? <p className="small muted">{rfq.matching.message}</p> : null}
      </section>
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="visually-hidden">
          Summary
        </h2>
        <div className="summary-grid">
          {isBasket(rfq) && rfq.split.split.covered === 0 && winners.length > 0 ? (
            <Stat
              label="Ordered"
              value={`${formatRand(orderedTotal(rfq.quotes))} excl. VAT`}
              note={`${winners.length} ${winners.length === 1 ? 'delivery' : 'deliveries'}`}
            />
          ) : isBasket(rfq) ? (
            <Stat
              label={winners.length > 0 ? 'Cheapest for the rest' : 'Cheapest split'}
              value={`${formatRand(rfq.split.split.totalPrice)} excl. VAT`}
              note={`${rfq.split.split.covered} of ${formatQuantity(rfq.lines.length - orderedLineCount(rfq.quotes), 'products')}${winners.length > 0 ? ' left to order' : ''} · ${formatQuantity(rfq.split.split.deliveries, 'deliveries')}`}
            />
          ) : (
            <Stat
              label="Lowest price"
              value={lowest ? `${formatRand(lowest.totalPrice)} excl. VAT` : '–'}
              note={lowest ? `${formatRand(lowest.totalPriceInclVat)} incl. VAT` : null}
            />
          )}
          <Stat
            label="Fastest delivery"
            value={fastest[0] ? fastest[0].leadTime : '–'}
            note={fastest[0] && (fastest.length === 1 ? fastest[0].supplier.name : `${fastest.length} quotes`)}
          />
          <Stat label="Verified suppliers" value={verified} />
          <Stat label="Average quality" value={`${quality}/100`} note="of the quotes’ quality scores" />
        </div>
        <p className="small muted summary-note">
          Quality scores are out of 100. {SCORE_TEXT.quality} Worked out by fixed rules, not AI: <ScoresLink />
        </p>
      </section>
      {isBasket(rfq) && quotes.length > 0 ? (
        <>
          {accepted ? <OrderedNotice names={accepted.names} several={accepted.several} /> : null}
          <BasketSplitPanel rfq={rfq} onAccept={acceptOption} />
          <BasketMatrix rfq={rfq} />
        </>
      ) : null}
      <section className="quotes-section" aria-labelledby="quotes-title">
        <h2 id="quotes-title">
          {quotes.length} {quotes.length === 1 ? 'quote' : 'quotes'}
        </h2>
        {accepted && !isBasket(rfq) ? (
          <p className="notice" role="status">
            You accepted the quote from {accepted.names}. We sent them your order and contact details, and told the other suppliers they were not selected.
          </p>
        ) : null}
        {rfq.demo ? <DemoNotice /> : null}
        {quotes.length > 0 && rfq.status === 'open' && !mayAccept && !rfq.demo ? (
          <p className="notice">
            To accept a quote, open this page from the <strong>Compare all quotes</strong> link of the e-mail we sent you, or use a quote’s{' '}
            <strong>Accept this quote</strong> button there. Anyone with this page’s address can read it, so the address alone cannot accept for you.
          </p>
        ) : null}
        {quotes.length > 1 ? <QuoteOrderSelect id="quote-order" value={order} onChange={setOrder} /> : null}
        {quotes.length > 0 ? (
          <div className="quotes-grid">
            {orderQuotes(quotes, order).map((q) => (
              <QuoteCard
                key={q.id}
                quote={received[q.id] ? { ...q, orders: received[q.id] } : q}
                rfq={rfq}
                token={tokens[q.id]}
                onAccept={tokens[q.id] && canAccept(q.status, rfq.status, rfq.demo) ? () => acceptQuote(q) : undefined}
                onReceipt={tokens[q.id] && !rfq.demo ? (receipt) => confirmReceipt(q, receipt) : undefined}
              />
            ))}
          </div>
        ) : (
          <div className="card empty-state">
            <p>{rfq.matching.message}</p>
            <Link href="/">Change the request</Link>
          </div>
        )}
      </section>
      <QuoteCompare quotes={quotes} />
      {accepting ? (
        <AcceptQuoteDialog
          supplierName={accepting.supplierName}
          totalPrice={accepting.totalPrice}
          totalPriceInclVat={accepting.totalPriceInclVat}
          products={accepting.products}
          split={accepting.split}
          leavesOpen={accepting.leavesOpen}
          choose={accepting.choose}
          onAccept={(details, lineIds) => place(accepting, details, lineIds)}
          onClose={() => setAccepting(null)}
        />
      ) : null}
    </div>
  );
}
