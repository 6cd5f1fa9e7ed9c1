import { Fragment, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { isHttpError } from '../../../sdk/client/errors';
import { isEmailShaped } from '../../../sdk/email';
import { formatRand, formatDate, formatDateTime } from '../../../sdk/format';
import type { MyData, MyDataDeleted } from '../../../contract/schemas/analytics';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { privacyApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { EmailField } from '../../components/ui/credential-fields';
import '../../../widget/ui/controls.css';
import { saveFile } from '../../lib/save-file';
import './privacy.css';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { DataTable } from '../../components/ui/data-table';

const when = (iso: string) => formatDateTime(iso);

/** The link's token, carried in the fragment so no server or log ever sees it. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

const failure = (err: unknown) => (isHttpError(err) ? err.message : 'Procura could not be reached. Please try again.');

/** Asks for the link: the same answer whether or not Procura holds anything for the address. */
// The same words as the quote request form's e-mail field.
const EMAIL_SHAPE_MESSAGE = 'Please enter a valid email address';

function RequestForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isEmailShaped(email.trim())) {
      setError(EMAIL_SHAPE_MESSAGE);
      return;
    }
    setError(undefined);
    setPending(true);
    setFailed(null);
    try {
      setAnswer((await privacyApi().privacy.requestData({ email })).message);
    } catch (err) {
      setFailed(failure(err));
    } finally {
      setPending(false);
    }
  };
  if (answer) {
    return (
      <div className="alert alert-success" role="status">
        <div className="alert-title">Check your inbox</div>
        <p>{answer}</p>
      </div>
    );
  }
  return (
    <form className="card narrow-form" noValidate onSubmit={submit} aria-labelledby="my-data-form-title">
      <h2 id="my-data-form-title" className="card-title">
        Get a link to your data
      </h2>
      <EmailField id="my-data-email" name="email" label="E-mail address" value={email} onChange={setEmail} error={error} />
      {failed ? <ErrorAlert inline title="Not sent" message={failed} /> : null}
      <SubmitButton pending={pending} busy="Sending…">
        E-mail me a link
      </SubmitButton>
    </form>
  );
}

function download(data: MyData) {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'procura-my-data.json');
}

type GivenDetails = Pick<MyData['rfqs'][number], 'deliveryAddress' | 'phone' | 'purchaseOrderReference' | 'vatNumber'>;

/** What the buyer gave on accepting a quote, in words. */
function given(d: GivenDetails): string[] {
  return [
    d.deliveryAddress ? `Delivery address: ${d.deliveryAddress}` : null,
    d.phone ? `Phone: ${d.phone}` : null,
    d.purchaseOrderReference ? `Purchase order reference: ${d.purchaseOrderReference}` : null,
    d.vatNumber ? `VAT number: ${d.vatNumber}` : null,
  ].filter((part) => part !== null);
}

/**
 * The request's purchase orders, each with what the buyer gave for it (a basket's orders may
 * differ), one a line; what was given on the request itself where it has no order.
 */
function orderDetails(r: MyData['rfqs'][number]): string[] {
  if (r.purchaseOrders.length === 0) {
    const parts = given(r);
    return parts.length > 0 ? [parts.join(' · ')] : [];
  }
  return r.purchaseOrders.map((po) =>
    [
      `Purchase order ${po.poNumber} to ${po.supplierName}, ${formatRand(po.totalPriceInclVat)} incl. VAT, issued ${formatDate(po.issuedOn)}${po.cancelledOn ? `, cancelled ${formatDate(po.cancelledOn)}` : ''}`,
      ...given(po),
    ].join(' · '),
  );
}

/** What the link shows: every request and e-mail held for the address, to download or delete. */
function HeldData({ token }: { token: string }) {
  const load = useLoad((signal) => privacyApi().privacy.myData({ token }, { signal }), [token]);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [deleted, setDeleted] = useState<MyDataDeleted | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  if (deleted) {
    return (
      <div className="alert alert-success" role="status">
        <div className="alert-title">Your data is deleted</div>
        <p>
          {deleted.rfqs === 1 ? '1 request no longer holds' : `${deleted.rfqs} requests no longer hold`} your address, and{' '}
          {deleted.emails === 1 ? '1 e-mail was' : `${deleted.emails} e-mails were`} deleted. The requests stay, with no personal details, as every request does
          once it has ended. The link is now spent.
        </p>
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <>
        <ErrorAlert inline title="This link cannot be used" message={failure(load.error)} />
        <RequestForm />
      </>
    );
  }
  if (!load.data) return <div className="skeleton" style={{ height: '8rem' }} role="status" aria-label="Loading your data" />;
  const data = load.data;
  const erase = async () => {
    setPending(true);
    setFailed(null);
    try {
      setDeleted(await privacyApi().privacy.deleteMyData({ token }));
    } catch (err) {
      setFailed(failure(err));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="held-data">
      <p>
        What Procura holds for <strong>{data.email}</strong>. This link works until {when(data.expiresAt)}.
      </p>
      <section className="card" aria-labelledby="held-rfqs">
        <h2 id="held-rfqs" className="card-title">
          Requests ({data.rfqs.length})
        </h2>
        {data.rfqs.length === 0 ? (
          <p className="muted">No request holds this address.</p>
        ) : (
          <DataTable label="Requests held for your address" heads={['Sent', 'Request', 'Your part', 'Details held']} className="held-table">
            {data.rfqs.map((r) => (
              <tr key={r.rfqId}>
                <td data-label="Sent">{when(r.createdAt)}</td>
                <td>
                  {r.quantity} {r.unit} {r.productName} to {r.deliveryLocation}
                  <br />
                  <span className="small muted">
                    {r.quoteCount} quotes · <Link href={`/quote-success?rfqId=${r.rfqId}`}>results</Link>
                  </span>
                </td>
                <td>{r.role === 'sender' ? 'You sent it' : 'You were copied in'}</td>
                <td className="small" data-label="Details held">
                  {[r.primaryEmail, ...r.additionalEmails.filter((e) => e !== r.primaryEmail), r.companyName, r.contactName].filter(Boolean).join(', ')}
                  {r.productDescription ? (
                    <>
                      <br />“{r.productDescription}”
                    </>
                  ) : null}
                  {orderDetails(r).map((line) => (
                    <Fragment key={line}>
                      <br />
                      {line}
                    </Fragment>
                  ))}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section className="card" aria-labelledby="held-emails">
        <h2 id="held-emails" className="card-title">
          E-mails ({data.emails.length})
        </h2>
        {data.emails.length === 0 ? (
          <p className="muted">No e-mail to this address is kept.</p>
        ) : (
          <ul className="plain-list">
            {data.emails.map((e, i) => (
              <li key={i}>
                {e.about}, written {when(e.createdAt)} ({e.status})
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => download(data)}>
          Download as JSON
        </button>
        {confirming ? (
          <>
            <button type="button" className="button button-danger" onClick={erase} disabled={pending}>
              {pending ? 'Deleting…' : 'Yes, delete it all now'}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={pending}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            Delete my data
          </button>
        )}
      </div>
      {confirming && !pending ? (
        <p className="small" role="note">
          Deleting removes your address, name, company and descriptions from these requests, deletes these e-mails, and deletes your account and its saved
          details if you signed in to one. It cannot be undone.
        </p>
      ) : null}
      {failed ? <ErrorAlert inline title="Not deleted" message={failed} /> : null}
    </div>
  );
}

/** /privacy/my-data: a buyer sees, downloads and deletes their data (POPIA sections 23 and 24), with no need to write to anyone. */
export default function MyDataPage() {
  usePageTitle('Your data');
  const [token] = useState(() => (typeof window === 'undefined' ? null : tokenFromHash(window.location.hash)));
  return (
    <div className="container page prose">
      <h1>Your data</h1>
      <p className="muted">
        See every request and e-mail Procura still holds for your e-mail address, download them, or delete them at once. We e-mail you a link first, so only the
        owner of the address can see them. <Link href="/privacy">Privacy policy</Link>.
      </p>
      {token ? <HeldData token={token} /> : <RequestForm />}
    </div>
  );
}
