import { formatQuantity, isTrackingToken } from '../../../sdk/rules';
import { isHttpError } from '../../../sdk/client/errors';
import { formatRand } from '../../../sdk/format';
import { formatDate, formatTime } from '../../../widget/app/format';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { api } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';

const RISK_BADGE = { low: 'badge-success', medium: 'badge-warning', high: 'badge-danger' } as const;

export default function QuoteTrackingPage({ params }: { params: { token: string } }) {
  usePageTitle('Your quote');
  const token = decodeURIComponent(params.token);
  const valid = isTrackingToken(token);
  // An invalid token is never sent (spec 2).
  const state = useLoad(valid ? (signal) => api().quotes.track(token, { signal }) : null, [token, valid]);

  if (!valid) return <ErrorAlert title="Quote Not Found" message="Invalid tracking token" />;
  if (state.status === 'error') {
    // The server's own text when it answered; 'Failed to load quote' when it could not be reached.
    return <ErrorAlert title="Quote Not Found" message={isHttpError(state.error) ? state.error.message : 'Failed to load quote'} />;
  }
  if (state.status !== 'loaded') {
    return (
      <div className="container page" role="status" aria-live="polite">
        <span className="visually-hidden">Loading your quote…</span>
        <div className="skeleton" style={{ height: '2rem', width: '45%' }} />
        <div className="skeleton" style={{ height: '18rem', marginTop: '1rem' }} />
      </div>
    );
  }

  const { quote } = state.data;
  const data = quote.quoteData;
  const ai = data.aiInsights;
  return (
    <div className="container page stack tracking">
      <div>
        <h1>{data.productName}</h1>
        <p className="muted">
          Quote from {data.supplier.name} · viewed {quote.viewCount} {quote.viewCount === 1 ? 'time' : 'times'} · first viewed {formatDate(quote.firstViewedAt)} · last viewed at{' '}
          {formatTime(quote.lastViewedAt)}
        </p>
      </div>
      <section className="card" aria-labelledby="quote-details">
        <h2 id="quote-details">Quote details</h2>
        <dl className="facts">
          <dt>Supplier</dt>
          <dd>{data.supplier.name}</dd>
          <dt>Unit price</dt>
          <dd>{formatRand(data.unitPrice)} excl. VAT</dd>
          <dt>Total price</dt>
          <dd>
            {formatRand(data.totalPrice)} excl. VAT ({formatRand(data.totalPrice + data.vatAmount)} incl. VAT)
          </dd>
          <dt>Quantity</dt>
          <dd>
            {formatQuantity(data.quantity, data.unit)}
          </dd>
          <dt>Lead time</dt>
          <dd>{data.leadTime}</dd>
          <dt>Minimum order</dt>
          <dd>
            {formatQuantity(data.minimumOrderQuantity, data.unit)}
          </dd>
          <dt>Valid until</dt>
          <dd>{formatDate(data.validUntil)}</dd>
          <dt>Payment terms</dt>
          <dd>{data.paymentTerms}</dd>
        </dl>
        {data.notes ? <p className="hint">{data.notes}</p> : null}
      </section>
      {ai ? (
        <section className="card" aria-labelledby="ai-title">
          <h2 id="ai-title">AI analysis</h2>
          <p>{ai.recommendation}</p>
          <dl className="facts">
            <dt>Quality score</dt>
            <dd>{ai.qualityScore}/100</dd>
            <dt>Reliability</dt>
            <dd>{ai.reliabilityRating}/100</dd>
            <dt>Risk level</dt>
            <dd>
              <span className={`badge ${RISK_BADGE[ai.riskLevel as keyof typeof RISK_BADGE] ?? ''}`}>{ai.riskLevel} risk</span>
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
    </div>
  );
}
