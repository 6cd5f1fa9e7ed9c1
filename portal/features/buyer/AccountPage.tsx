import { useCallback, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { BuyerHistory } from '../../../contract/schemas/buyer';
import { isHttpError } from '../../../sdk/client/errors';
import { centsToRand, formatDate, formatRand } from '../../../sdk/format';
import { QUOTE_STATUS_LABELS, RFQ_STATUSES, type RfqStatus } from '../../../sdk/quote-status';
import { formatQuantity } from '../../../sdk/units';
import { RfqStatusBadge } from '../../components/quotes/status';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageLoading } from '../../components/ui/page-loading';
import { SessionWatch } from '../../components/ui/session-watch';
import { Tabs } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-errors';
import { BUYER_SESSION_ENDED, buyerApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import type { MyDataDeleted } from '../../../contract/schemas/analytics';
import { BuyerDetails } from './BuyerDetails';
import { DeleteAccount, deletedText } from './DeleteAccount';
import { ApprovalsSection, ColleaguesSection } from './CompanySections';
import { RepeatForm, resultsPath } from './RepeatForm';
import './buyer.css';

type Request = BuyerHistory['requests'][number];
type Order = Request['orders'][number];

const ORDER_STATES: Record<Order['state'], { label: string; badge: string }> = {
  issued: { label: 'Waiting for the supplier', badge: 'badge-primary' },
  confirmed: { label: 'Confirmed by the supplier', badge: 'badge-primary' },
  delivered: { label: 'Delivered: confirm receipt', badge: 'badge-warning' },
  received: { label: 'Received', badge: 'badge-success' },
  cancelled: { label: 'Cancelled', badge: 'badge-danger' },
};

const isRfqStatus = (s: string): s is RfqStatus => (RFQ_STATUSES as readonly string[]).includes(s);

/** Why the history is not shown, and the way to sign in. */
function SignedOut({ text }: { text: string }) {
  return (
    <div className="container page">
      <div className="card narrow form-stack">
        <h1>Your requests</h1>
        <p role="status">{text}</p>
        <Link href="/account/sign-in" className="button">
          Sign in with an e-mailed link
        </Link>
      </div>
    </div>
  );
}

/** One request: what was asked, where, how it was quoted and what was ordered from whom. */
function RequestCard({ request }: { request: Request }) {
  const [repeating, setRepeating] = useState(false);
  const headingId = `request-${request.id}`;
  return (
    <article className="card request-card" aria-labelledby={headingId}>
      <div className="quote-head">
        <h2 id={headingId}>{request.product}</h2>
        {isRfqStatus(request.status) ? <RfqStatusBadge status={request.status} /> : null}
        {request.status === 'awaiting_approval' ? <span className="badge badge-warning">{QUOTE_STATUS_LABELS.awaiting_approval}</span> : null}
      </div>
      <p className="small muted">
        Requested {request.requestedBy === 'You' ? '' : `by ${request.requestedBy} `}
        {formatDate(request.createdAt)} · delivery to {request.city}
      </p>
      <ul className="request-lines">
        {request.lines.map((l) => (
          <li key={l.lineId}>
            {formatQuantity(l.quantity, l.unit)} {l.productName}
          </li>
        ))}
      </ul>
      <p className="request-quotes">
        {request.quoteCount === 0
          ? 'No quotes'
          : `${request.quoteCount} ${request.quoteCount === 1 ? 'quote' : 'quotes'}${request.bestPriceCents === null ? '' : `, best ${formatRand(centsToRand(request.bestPriceCents))} incl. VAT`}`}
      </p>
      {request.orders.length > 0 ? (
        <ul className="request-orders" aria-label="Orders">
          {request.orders.map((o) => (
            <li key={o.poNumber}>
              <strong>{o.poNumber}</strong> from {o.supplierName}, {formatDate(o.issuedOn)}{' '}
              <span className={`badge ${ORDER_STATES[o.state].badge}`}>{ORDER_STATES[o.state].label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form-actions">
        <Link href={resultsPath(request.id)} className="button button-secondary">
          See quotes<span className="visually-hidden"> for {request.product}</span>
        </Link>
        <button type="button" className="button" aria-expanded={repeating} onClick={() => setRepeating(!repeating)}>
          Order again<span className="visually-hidden"> {request.product}</span>
        </button>
      </div>
      {repeating ? <RepeatForm request={request} onClose={() => setRepeating(false)} /> : null}
    </article>
  );
}

/** The pages of the history read so far, and the next one's cursor. */
function History({ first }: { first: BuyerHistory }) {
  const [pages, setPages] = useState<BuyerHistory[]>([first]);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const next = pages.at(-1)!.nextCursor;
  const more = async () => {
    if (!next) return;
    setLoading(true);
    setFailure(null);
    try {
      const page = await buyerApi().requests(next);
      setPages((p) => [...p, page]);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };
  const requests = pages.flatMap((p) => p.requests);
  if (requests.length === 0) {
    return (
      <div className="notice">
        <p>No requests yet with this address. Requests made with it appear here, newest first.</p>
        <p>
          <Link href="/">Ask for quotes</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <ol className="request-list">
        {requests.map((r) => (
          <li key={r.id}>
            <RequestCard request={r} />
          </li>
        ))}
      </ol>
      {failure ? <ErrorAlert title="More requests not loaded" message={failure} inline /> : null}
      {next ? (
        <button type="button" className="button button-secondary load-more" onClick={more} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </>
  );
}

/** /account: the signed-in buyer's requests, newest first, each with Order again; and Sign out. */
export default function AccountPage() {
  usePageTitle('Your requests');
  const [signedOut, setSignedOut] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const ended = useCallback(() => setSessionEnded(true), []);
  const state = useLoad((signal) => buyerApi().requests(null, { signal }), []);
  const [signOutFailure, setSignOutFailure] = useState<string | null>(null);
  // The approver's e-mail links to /account?tab=approvals.
  const tab = new URLSearchParams(useSearch()).get('tab');
  const [deleted, setDeleted] = useState<MyDataDeleted | null>(null);
  if (deleted) return <SignedOut text={deletedText(deleted)} />;
  if (signedOut) return <SignedOut text="You are signed out." />;
  if (state.status === 'error') {
    if (isHttpError(state.error) && state.error.status === 401) return <SignedOut text="Sign in to see your requests and order again." />;
    return <ErrorAlert title="Your requests were not loaded" message={errorMessage(state.error)} retry={{ href: '/account', label: 'Try again' }} />;
  }
  if (state.status !== 'loaded') return <PageLoading label="Loading your requests…" />;
  if (sessionEnded) return <SignedOut text="Your session has ended: you were signed out, or the page was left unused for too long. Sign in again to go on." />;
  const signOut = async () => {
    setSignOutFailure(null);
    try {
      await buyerApi().signOut();
      setSignedOut(true);
    } catch (err) {
      setSignOutFailure(errorMessage(err));
    }
  };
  return (
    <div className="container page account-page">
      <SessionWatch event={BUYER_SESSION_ENDED} onEnded={ended} />
      <div className="quote-head">
        <h1>Your requests</h1>
        <button type="button" className="button button-ghost" onClick={signOut}>
          Sign out
        </button>
      </div>
      {signOutFailure ? <ErrorAlert title="Not signed out" message={signOutFailure} inline /> : null}
      <p className="small muted">Every request made with your e-mail address, newest first. Order one again with the same details in two clicks.</p>
      <Tabs
        label="Your account"
        initial={tab === 'approvals' || tab === 'colleagues' ? tab : undefined}
        tabs={[
          { id: 'requests', label: 'Requests', content: <History first={state.data} /> },
          { id: 'details', label: 'Your details', content: <BuyerDetails /> },
          { id: 'colleagues', label: 'Colleagues', content: <ColleaguesSection /> },
          { id: 'approvals', label: 'Approvals', content: <ApprovalsSection /> },
        ]}
      />
      <DeleteAccount onDeleted={setDeleted} />
    </div>
  );
}
