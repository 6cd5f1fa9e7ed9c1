import { IndicativeWas, PriceBasisBadge } from '../../components/quotes/firm';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { formatQuantity, isTrackingToken, supplierResponseText } from '../../../sdk/rules';
import { isHttpError } from '../../../sdk/client/errors';
import { formatDate, formatRand, formatTime } from '../../../sdk/format';
import type { Quote, QuoteActionResponse, TrackedQuote } from '../../../sdk/schemas/rfq';
import { AcceptQuoteDialog } from '../../components/quotes/accept-dialog';
import { QuoteCompare } from '../../components/quotes/compare';
import { SCORE_TEXT, ScoresLink } from '../../components/quotes/scores';
import { actionErrorText, canAccept, DemoNotice, isWinner, QuoteStatusBadge, RfqStatusBadge } from '../../components/quotes/status';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { api } from '../../lib/api';
import { holdsQuoteToken, keepQuoteTokens, takeBuyerFragment } from '../../lib/submission-tokens';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { PageLoading } from '../../components/ui/page-loading';
import { purchaseOrderPath, quotationPath } from '../../../contract/buyer-links';
import { basketQuoteOrder, minimumOrderText, QuoteLines } from '../../components/quotes/basket';
import { Standing } from './standing';
import { PurchaseOrders } from '../../components/quotes/orders';
import { OrderReceipts } from '../../components/quotes/receipt';
import { BbeeLine, bbeeLabel, orderQuotes, QuoteOrderSelect, type QuoteOrder } from '../../components/quotes/bbee';
import './tracking.css';

const RISK_BADGE = { low: 'badge-success', medium: 'badge-warning', high: 'badge-danger' } as const;

/** Whether the address asks to accept (the e-mail's button): it opens the confirmation, never accepts by itself. */
function askedToAccept(): boolean {
  return new URLSearchParams(window.location.search).get('action') === 'accept';
}

/** Drops `?action=accept` once its confirmation is open, so a reload or a shared address does not ask again. */
function forgetAction(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('action')) return;
  url.searchParams.delete('action');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Who else opened the quote's link: the buyer's own visits are counted apart, and not here. */
function viewedByOthers(quote: TrackedQuote): string {
  if (quote.viewCount === 0) return 'Nobody else has opened this quote’s link.';
  const times = quote.viewCount === 1 ? 'once' : `${quote.viewCount} times`;
  return `Opened by others ${times} (your own visits are not counted): first on ${formatDate(quote.firstViewedAt)}, last at ${formatTime(quote.lastViewedAt)}.`;
}

/** One quote of the request, in the list beside this one. */
function RequestQuote({ quote, current, mayAccept, onAccept }: { quote: Quote; current: boolean; mayAccept: boolean; onAccept(): void }) {
  const token = quote.trackingToken;
  // The buttons' names are their visible text; the supplier they act on is their description.
  const supplierId = `request-quote-${quote.id}`;
  return (
    <li className={`card request-quote${isWinner(quote.status) ? ' quote-card-winner' : ''}`}>
      <div className="quote-head">
        <h3 id={supplierId}>{quote.supplier.name}</h3>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="small">
        <strong>{formatRand(quote.totalPrice)}</strong> excl. VAT ({formatRand(quote.totalPriceInclVat)} incl. VAT) · {quote.leadTime} · valid until{' '}
        {formatDate(quote.validUntil)}
      </p>
      <p className="small">
        {bbeeLabel(quote.supplier.bbee)} · recognised {formatRand(quote.recognisedSpend)}
      </p>
      {current ? (
        <p className="small muted">The quote on this page</p>
      ) : (
        <div className="button-row">
          {mayAccept && token ? (
            <button type="button" className="button" onClick={onAccept} aria-describedby={supplierId}>
              Accept
            </button>
          ) : null}
          {token ? (
            <Link href={`/quote/${token}`} className="button button-secondary" aria-describedby={supplierId}>
              Open quote
            </Link>
          ) : null}
        </div>
      )}
    </li>
  );
}

type Dialog = { kind: 'accept'; quote: Quote } | { kind: 'close' };

const TRACK_ANOTHER = { href: '/quote-tracker', label: 'Track another quote' }; // a link that led to no quote: try another

export default function QuoteTrackingPage({ params }: { params: { token: string } }) {
  usePageTitle('Your quote');
  const token = decodeURIComponent(params.token);
  const valid = isTrackingToken(token);
  // The buyer's own view: a link of their e-mail (its mark read once, then dropped from the
  // address, so a copied address is someone else's), or a tab that holds the request's tokens.
  const [fromEmail] = useState(() => takeBuyerFragment().fromEmail);
  const own = useMemo(() => fromEmail || holdsQuoteToken(token), [fromEmail, token]);
  // An invalid token is never sent.
  const state = useLoad(valid ? (signal) => api().quotes.track(token, { signal, ownView: own }) : null, [token, valid, own]);
  // The quote as the last action's answer left it, over the one first read.
  const [acted, setActed] = useState<{ token: string; quote: TrackedQuote } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [order, setOrder] = useState<QuoteOrder>('rank');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The e-mail's "Confirm receipt" link (`?action=receipt`) opens the receipt form with the focus in it.
  const [askedForReceipt] = useState(() => new URLSearchParams(window.location.search).get('action') === 'receipt');

  // Another quote of the request opens in this same page: what was said about the last one goes.
  useEffect(() => {
    setActed(null);
    setDialog(null);
    setFailure(null);
  }, [token]);

  const loaded = state.status === 'loaded' ? state.data.quote : undefined;
  const quote = acted?.token === token ? acted.quote : loaded;

  // The buyer's tab keeps the request's tokens: its other quotes and its results page are theirs too.
  useEffect(() => {
    if (own && loaded) keepQuoteTokens(loaded.rfq.rfqId, loaded.rfq.quotes);
  }, [own, loaded]);

  // The e-mail's "Accept this quote" lands here: the confirmation opens, and nothing is accepted until the buyer confirms.
  useEffect(() => {
    if (!loaded || !askedToAccept()) return;
    forgetAction();
    const self = loaded.rfq.quotes.find((q) => q.id === loaded.quoteReference);
    if (self && canAccept(loaded.status, loaded.rfq.status, loaded.rfq.demo)) setDialog({ kind: 'accept', quote: self });
  }, [loaded]);

  if (!valid) return <ErrorAlert title="Quote Not Found" message="Invalid tracking token" retry={TRACK_ANOTHER} />;
  if (state.status === 'error') {
    // The server's own text when it answered; 'Failed to load quote' when it could not be reached.
    return <ErrorAlert title="Quote Not Found" message={isHttpError(state.error) ? state.error.message : 'Failed to load quote'} retry={TRACK_ANOTHER} />;
  }
  if (!quote) {
    return (
      <PageLoading label="Loading your quote…">
        <div className="skeleton" style={{ height: '18rem', marginTop: '1rem' }} />
      </PageLoading>
    );
  }

  /** Takes in an action's answer: the acted-on quote's own view, or (for another quote) its request with this quote's new status. */
  const apply = (answer: QuoteActionResponse, actedOn: string) => {
    const rfq = answer.quote.rfq;
    const next: TrackedQuote =
      actedOn === token ? answer.quote : { ...quote, rfq, status: rfq.quotes.find((q) => q.id === quote.quoteReference)?.status ?? quote.status };
    setActed({ token, quote: next });
  };

  const act = async (run: () => Promise<QuoteActionResponse>, actedOn: string) => {
    const answer = await run();
    apply(answer, actedOn);
    setDialog(null);
    setFailure(null);
  };

  const decline = async () => {
    setPending(true);
    try {
      await act(() => api().quotes.decline(token), token);
    } catch (err) {
      setFailure(actionErrorText(err));
    } finally {
      setPending(false);
    }
  };

  const data = quote.quoteData;
  const ai = data.aiInsights;
  const rfq = quote.rfq;
  const self = rfq.quotes.find((q) => q.id === quote.quoteReference);
  const basket = self?.lines !== undefined;
  const winners = rfq.quotes.filter((q) => isWinner(q.status));
  const winner = winners[0];
  // A basket quote orders its lines still open: the confirmation names them and their total.
  const basketOrder = dialog?.kind === 'accept' && dialog.quote.lines ? basketQuoteOrder(rfq.quotes, dialog.quote) : null;
  const open = rfq.status === 'open';
  return (
    <div className="container page stack tracking">
      <div>
        <h1>{data.productName}</h1>
        <p className="muted">
          Quote from {data.supplier.name} · {viewedByOthers(quote)}
        </p>
        <p className="status-line">
          <span>
            This quote: <QuoteStatusBadge status={quote.status} />
          </span>
          <span>
            Your request: <RfqStatusBadge status={rfq.status} />
          </span>
        </p>
      </div>
      <section className="card decision" aria-labelledby="decision-title">
        <h2 id="decision-title">Your decision</h2>
        {rfq.demo ? <DemoNotice /> : null}
        {/* Announced as it changes: after an action it says where the quote now stands. */}
        <div aria-live="polite">
          <Standing quote={quote} winners={winners} />
        </div>
        {failure ? (
          <div className="alert alert-danger" role="alert">
            <p className="flush">{failure}</p>
          </div>
        ) : null}
        {open ? (
          <div className="button-row">
            {self && canAccept(quote.status, rfq.status, rfq.demo) ? (
              <button type="button" className="button" onClick={() => setDialog({ kind: 'accept', quote: self })}>
                Accept this quote
              </button>
            ) : null}
            {quote.status === 'offered' ? (
              <button type="button" className="button button-secondary" onClick={decline} disabled={pending}>
                {pending ? 'Declining…' : 'Decline this quote'}
              </button>
            ) : null}
            <button type="button" className="button button-ghost" onClick={() => setDialog({ kind: 'close' })}>
              {winner ? 'Close the rest of the request' : 'Close request without a winner'}
            </button>
          </div>
        ) : null}
      </section>
      <section className="card" aria-labelledby="quote-details">
        <h2 id="quote-details">Quote details</h2>
        <dl className="facts">
          <dt>Supplier</dt>
          <dd>{data.supplier.name}</dd>
          <dt>Price</dt>
          <dd>
            <PriceBasisBadge quote={data} />
            {data.firmedAt ? ` confirmed by the supplier on ${formatDate(data.firmedAt)}` : ' from the supplier’s price list'}
          </dd>
          <dt>{basket ? 'Products' : 'Unit price'}</dt>
          <dd>
            {self?.lines ? self.coverage?.text : `${formatRand(data.unitPrice)} excl. VAT`}
            <IndicativeWas quote={data} />
          </dd>
          {data.supplierNote ? (
            <>
              <dt>Supplier’s note</dt>
              <dd className="prewrap">{data.supplierNote}</dd>
            </>
          ) : null}
          <dt>Total price</dt>
          <dd>
            {formatRand(data.totalPrice)} excl. VAT ({formatRand(data.totalPriceInclVat)} incl. VAT)
          </dd>
          {basket ? null : <dt>Quantity</dt>}
          {basket ? null : <dd>{formatQuantity(data.quantity, data.unit)}</dd>}
          <dt>Lead time</dt>
          <dd>{data.leadTime}</dd>
          <dt>Minimum order</dt>
          <dd>{self ? minimumOrderText(self) : formatQuantity(data.minimumOrderQuantity, data.unit)}</dd>
          <dt>Valid until</dt>
          <dd>{formatDate(data.validUntil)}</dd>
          <dt>Payment terms</dt>
          <dd>{data.paymentTerms}</dd>
          <dt>Supplier response</dt>
          <dd>{supplierResponseText(data.supplier.responseTimeHours)}</dd>
          <dt>Supplier VAT number</dt>
          <dd>{data.supplier.vatNumber ?? 'Not on file'}</dd>
        </dl>
        {self?.lines ? <QuoteLines quote={self} /> : null}
        {self ? <BbeeLine quote={self} /> : null}
        {data.notes ? <p className="hint">{data.notes}</p> : null}
        <p>
          <a className="button button-secondary" href={quotationPath(token)} download>
            Download the quotation (PDF)
          </a>
          {self && !self.orders && (self.status === 'accepted' || self.status === 'confirmed' || self.status === 'withdrawn') && rfq.status !== 'expired' ? (
            <>
              {' '}
              <a className="button button-secondary" href={purchaseOrderPath('quotes', token)} download>
                {self.status === 'withdrawn' ? 'Cancelled purchase order (PDF)' : 'Purchase order (PDF)'}
              </a>
            </>
          ) : null}
        </p>
        {self ? <PurchaseOrders quote={self} token={token} /> : null}
        {self ? (
          <OrderReceipts
            quote={self}
            autoFocus={askedForReceipt}
            onSubmit={async (receipt) => apply(await api().quotes.confirmReceipt(token, receipt), token)}
          />
        ) : null}
      </section>
      {rfq.quotes.length > 1 ? (
        <section aria-labelledby="request-quotes">
          <h2 id="request-quotes">All {rfq.quotes.length} quotes for this request</h2>
          <QuoteOrderSelect id="request-quote-order" value={order} onChange={setOrder} />
          <ul className="quotes-grid plain-cards">
            {orderQuotes(rfq.quotes, order).map((q) => (
              <RequestQuote
                key={q.id}
                quote={q}
                current={q.id === quote.quoteReference}
                mayAccept={canAccept(q.status, rfq.status, rfq.demo)}
                onAccept={() => setDialog({ kind: 'accept', quote: q })}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <QuoteCompare quotes={rfq.quotes} />
      {ai ? (
        <section className="card" aria-labelledby="assessment-title">
          <h2 id="assessment-title">Procura’s assessment</h2>
          <p className="small muted">
            {SCORE_TEXT.rules} <ScoresLink />
          </p>
          <p>{ai.recommendation}</p>
          <dl className="facts scores">
            <dt>Quality score</dt>
            <dd>
              <strong>{ai.qualityScore}/100</strong>
              <span className="score-help">{SCORE_TEXT.quality}</span>
            </dd>
            <dt>Reliability</dt>
            <dd>
              <strong>{ai.reliabilityRating}/100</strong>
              <span className="score-help">{SCORE_TEXT.reliability}</span>
            </dd>
            <dt>Risk level</dt>
            <dd>
              <span className={`badge ${RISK_BADGE[ai.riskLevel as keyof typeof RISK_BADGE] ?? ''}`}>{ai.riskLevel} risk</span>
              <span className="score-help">{SCORE_TEXT.risk}</span>
            </dd>
          </dl>
        </section>
      ) : null}
      <section className="alert" aria-labelledby="contact-title">
        <div className="alert-title" id="contact-title">
          Contact the supplier
        </div>
        <p>
          {data.supplier.contactPerson ? `${data.supplier.contactPerson} at ${data.supplier.name}` : data.supplier.name}:{' '}
          <a href={`mailto:${data.supplier.email}`}>{data.supplier.email}</a>
          {data.supplier.phone ? `, ${data.supplier.phone}` : ''}. Quote reference <strong>{quote.quoteReference}</strong>.
        </p>
      </section>
      {dialog?.kind === 'accept' ? (
        <AcceptQuoteDialog
          supplierName={dialog.quote.supplier.name}
          totalPrice={basketOrder?.totalPrice ?? dialog.quote.totalPrice}
          totalPriceInclVat={basketOrder?.totalPriceInclVat ?? dialog.quote.totalPriceInclVat}
          products={basketOrder?.products}
          leavesOpen={basketOrder?.leavesOpen}
          choose={dialog.quote.lines ? { quote: dialog.quote, quotes: rfq.quotes } : undefined}
          onAccept={(details, lineIds) => {
            const target = dialog.quote.id === quote.quoteReference ? token : dialog.quote.trackingToken!;
            return act(() => api().quotes.accept(target, basketOrder ? { ...details, lineIds: lineIds ?? basketOrder.lineIds } : details), target);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'close' ? (
        <ConfirmDialog
          title={winner ? 'Close the rest of this request?' : 'Close this request without a winner?'}
          confirmLabel="Close request"
          pendingLabel="Closing…"
          focus="cancel"
          describe={actionErrorText}
          onConfirm={() => act(() => api().quotes.closeRequest(token), token)}
          onClose={() => setDialog(null)}
        >
          <p className="flush">
            {winner
              ? 'What you ordered stands. The products you have not ordered stay unordered, and every other supplier who quoted is told they were not selected. This cannot be undone; for more, send a new request.'
              : 'No quote will be accepted, and every supplier who quoted is told they were not selected. This cannot be undone; for another order, send a new request.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
