import { useState } from 'react';
import {
  APPLICATION_STATUSES,
  REJECTION_REASON_MAX,
  type ApplicationStatus,
  type ClaimReason,
  type SupplierApplicationItem,
} from '../../../contract/schemas/supplier-applications';
import { isHttpError } from '../../../sdk/client/errors';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { errorText, useLoad } from '../../lib/use-load';

const STATUS_LABELS: Record<ApplicationStatus, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected' };

/** Why an application claims a listing, as staff read it. */
const CLAIM_WORDS: Record<ClaimReason, string> = {
  registrationNumber: 'the same registration number',
  vatNumber: 'the same VAT number',
  websiteDomain: "its website's domain is the listing's e-mail domain",
};

const bbee = (a: SupplierApplicationItem) =>
  a.bbeeLevel === null ? 'None given' : a.bbeeLevel === 'non-compliant' ? 'Non-compliant' : `Level ${a.bbeeLevel}, certificate to ${a.bbeeExpiresOn}`;

/** One application: what it gave, what it claims and why, and (waiting) Approve or Reject with a reason. */
function ApplicationCard({ a, onDecided }: { a: SupplierApplicationItem; onDecided: () => void }) {
  const toast = useToast();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<string>) => {
    setPending(true);
    setError(null);
    try {
      toast({ title: await action() });
      onDecided();
    } catch (err) {
      const field = isHttpError(err) ? (err.details as { fields?: { reason?: string } } | undefined)?.fields?.reason : undefined;
      setError(field ?? errorText(err));
    } finally {
      setPending(false);
    }
  };
  const approve = () =>
    run(async () => {
      const { supplierId } = await staffApi().supplierApplications.approve(a.id);
      return `${a.companyName} approved as supplier #${supplierId}; its sign-in link is on its way`;
    });
  const reject = () =>
    run(async () => {
      await staffApi().supplierApplications.reject(a.id, { reason });
      return `${a.companyName} rejected; the reason was e-mailed`;
    });
  const titleId = `application-${a.id}`;
  return (
    <li className="card stack application" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {a.companyName}
        {a.tradingName ? <span className="muted"> trading as {a.tradingName}</span> : null}
      </h3>
      <p className={a.claimOf ? 'application-claim' : 'small muted'}>
        {a.claimOf
          ? `Claims ${a.claimOf.supplierName} (#${a.claimOf.supplierId}): ${CLAIM_WORDS[a.claimOf.reason]}.`
          : 'A new supplier: it matches no listing on Procura.'}
      </p>
      <dl className="application-fields">
        <dt>Registration number</dt>
        <dd>{a.registrationNumber}</dd>
        <dt>VAT number</dt>
        <dd>{a.vatNumber ?? 'Not registered'}</dd>
        <dt>B-BBEE</dt>
        <dd>{bbee(a)}</dd>
        <dt>Contact</dt>
        <dd>
          {a.contactName}, {a.email}, {a.phone}
        </dd>
        <dt>City</dt>
        <dd>{a.city}</dd>
        <dt>Supplies</dt>
        <dd>{a.categories.join(', ')}</dd>
        <dt>Website</dt>
        <dd>{a.website ?? 'None given'}</dd>
        <dt>Applied</dt>
        <dd>{a.createdAt.slice(0, 10)}</dd>
        {a.rejectionReason ? (
          <>
            <dt>Reason given</dt>
            <dd>{a.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      {error ? <ErrorAlert title="Not done" message={error} inline /> : null}
      {a.status === 'pending' ? (
        // One pair of buttons serves both steps: approve or start rejecting, then reject with the reason or step back.
        <div className="stack">
          {rejecting ? (
            <div className="field">
              <label htmlFor={`reason-${a.id}`}>Reason the applicant reads</label>
              <textarea id={`reason-${a.id}`} rows={3} maxLength={REJECTION_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          ) : null}
          <div className="button-row">
            <button type="button" className="button" disabled={pending} onClick={rejecting ? reject : approve}>
              {rejecting ? 'Reject' : 'Approve'} {a.companyName}
            </button>
            <button type="button" className="button button-secondary" disabled={pending} onClick={() => setRejecting(!rejecting)}>
              {rejecting ? 'Cancel' : 'Reject…'}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The applications queue: businesses that applied at /suppliers/join and verified their address,
 * by status, each with what it claims and why; staff approve or reject with a reason.
 */
export function ApplicationsPanel({ refresh, onChanged }: { refresh: number; onChanged: () => void }) {
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const load = useLoad((signal) => staffApi().supplierApplications.list(status, { signal }), [status, refresh]);
  const applications = load.data?.applications;
  return (
    <section className="card stack" aria-labelledby="admin-applications">
      <h2 id="admin-applications">Supplier applications</h2>
      <div className="field">
        <label htmlFor="applications-status">Show</label>
        <select id="applications-status" value={status} onChange={(e) => setStatus(e.target.value as ApplicationStatus)}>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {load.status === 'error' ? <ErrorAlert title="Applications not loaded" message={errorText(load.error)} inline /> : null}
      {load.status === 'loading' && !applications ? <p className="muted">Loading applications…</p> : null}
      {applications && applications.length === 0 ? <p className="muted">No {STATUS_LABELS[status].toLowerCase()} applications.</p> : null}
      {applications && applications.length > 0 ? (
        <ul className="application-list stack">
          {applications.map((a) => (
            <ApplicationCard key={a.id} a={a} onDecided={onChanged} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
