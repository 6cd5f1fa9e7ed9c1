import { useState, type FormEvent } from 'react';
import { BUYER_ROLES, type Approval, type Colleagues } from '../../../contract/schemas/buyer-company';
import { isHttpError } from '../../../sdk/client/errors';
import { formatDate, formatRand } from '../../../sdk/format';
import { formatQuantity } from '../../../sdk/units';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { SuccessNotice } from '../../components/ui/success-notice';
import { errorMessage } from '../../lib/api-errors';
import { buyerCompanyApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { useSave } from '../../lib/use-save';

const ROLE_LABELS: Record<(typeof BUYER_ROLES)[number], string> = { requester: 'Requester', approver: 'Approver' };
const EMPTY = { email: '', name: '', role: 'requester' as (typeof BUYER_ROLES)[number], spendingLimit: '' };

/** The invite form of an approver: a colleague at the same domain, their role and, for a requester, a limit. */
function InviteForm({ domain, onInvited }: { domain: string; onInvited(): void }) {
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const { errors, failure, saving, run } = useSave();
  const field = (name: 'email' | 'name' | 'spendingLimit') => ({
    id: `colleague-${name}`,
    value: values[name],
    onChange: (v: string) => setValues((x) => ({ ...x, [name]: v })),
    error: errors[name],
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const limit = values.spendingLimit.trim();
    await run(
      async () => {
        await buyerCompanyApi().invite({
          email: values.email,
          name: values.name,
          role: values.role,
          spendingLimit: limit === '' || values.role === 'approver' ? null : Number(limit),
        });
        setValues(EMPTY);
        setDone('Invited. Your colleague was e-mailed a link to sign in.');
        onInvited();
      },
      (fields) => {
        const first = Object.keys(fields)[0];
        if (first) document.getElementById(`colleague-${first}`)?.focus();
      },
    );
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">Invite a colleague</h3>
      {failure ? <ErrorAlert title="Not invited" message={failure} inline /> : null}
      <TextField {...field('email')} label="E-mail address" type="email" hint={`An address at @${domain}`} />
      <TextField {...field('name')} label="Name" />
      <div className="field">
        <label htmlFor="colleague-role">Role</label>
        <select id="colleague-role" value={values.role} onChange={(e) => setValues((x) => ({ ...x, role: e.target.value as typeof x.role }))}>
          {BUYER_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {errors.role ? <p className="field-error">{errors.role}</p> : null}
      </div>
      {values.role === 'requester' ? (
        <TextField
          {...field('spendingLimit')}
          label="Spending limit per order (rand incl. VAT)"
          inputMode="decimal"
          hint="Orders above it wait for an approver. Leave empty for none."
        />
      ) : null}
      <SuccessNotice message={done} />
      <SubmitButton pending={saving} busy="Inviting…">
        Invite
      </SubmitButton>
    </form>
  );
}

/** One person of the company, with Remove for an approver. */
function ColleagueRow({ c, canRemove, onRemoved }: { c: Colleagues['colleagues'][number]; canRemove: boolean; onRemoved(): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setFailure(null);
    try {
      await buyerCompanyApi().remove(c.id);
      onRemoved();
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };
  return (
    <li className="card colleague">
      <p>
        <strong>{c.name ?? c.email}</strong> {c.you ? '(you)' : null}
        <br />
        <span className="small muted">{c.email}</span>
      </p>
      <p className="small">
        {ROLE_LABELS[c.role]}
        {c.firstUser ? ', first user' : ''}
        {c.spendingLimit === null ? '' : `, limit ${formatRand(c.spendingLimit)} per order`}
      </p>
      {canRemove && !c.firstUser && !c.you ? (
        <button type="button" className="button button-ghost" onClick={remove}>
          Remove<span className="visually-hidden"> {c.name ?? c.email}</span>
        </button>
      ) : null}
      {failure ? <ErrorAlert title="Not removed" message={failure} inline /> : null}
    </li>
  );
}

/** The Colleagues tab of /account: everyone sharing the company's account, and for approvers the invite form. */
export function ColleaguesSection() {
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const state = useLoad((signal) => buyerCompanyApi().colleagues({ signal }), [version]);
  if (state.status === 'error') return <ErrorAlert title="Your colleagues were not loaded" message={errorMessage(state.error)} inline />;
  if (state.data === undefined) return <div className="skeleton" style={{ height: '8rem' }} role="status" aria-label="Loading your colleagues" />;
  const { colleagues, canInvite, domain } = state.data;
  return (
    <section className="form-stack" aria-labelledby="colleagues-title">
      <h2 id="colleagues-title">Colleagues</h2>
      <p className="small muted">Colleagues see the company’s requests. A requester’s order above their limit waits for an approver.</p>
      {colleagues.length < 2 ? <p>No colleagues yet: only you use this account.</p> : null}
      <ul className="colleague-list">
        {colleagues.map((c) => (
          <ColleagueRow key={c.id} c={c} canRemove={canInvite} onRemoved={reload} />
        ))}
      </ul>
      {canInvite && domain ? <InviteForm domain={domain} onInvited={reload} /> : null}
      {!domain ? (
        <p className="small muted">Your address is at a public mail provider: only an account at an organisation’s own domain can have colleagues.</p>
      ) : null}
    </section>
  );
}

/** One order that waits: what, from whom, for how much, and Approve or Reject with a reason. */
function ApprovalCard({ a, onDecided }: { a: Approval; onDecided(message: string): void }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const { errors, failure, saving, run } = useSave();
  const headingId = `approval-${a.id}`;
  const approve = () =>
    run(async () => {
      await buyerCompanyApi().approve(a.id);
      onDecided(`Approved: the order of ${a.product} was placed.`);
    });
  const reject = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await buyerCompanyApi().reject(a.id, { reason });
      onDecided(`Rejected: ${a.requestedBy} was told why.`);
    });
  };
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{a.product}</h3>
      <p className="small muted">
        Asked by {a.requestedBy} on {formatDate(a.requestedAt)}
        {a.spendingLimit === null ? '' : `, whose limit is ${formatRand(a.spendingLimit)}`}
      </p>
      <ul className="request-lines">
        {a.suppliers.flatMap((s) =>
          s.lines.map((l) => (
            <li key={`${s.quoteId}-${l.lineId}`}>
              {formatQuantity(l.quantity, l.unit)} {l.productName} from {s.supplierName}
            </li>
          )),
        )}
      </ul>
      <p>
        <strong>{formatRand(a.totalInclVat)} incl. VAT</strong>, valid until {formatDate(a.validUntil)}
      </p>
      {failure ? <ErrorAlert title="Not decided" message={failure} inline /> : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={approve} disabled={saving}>
          Approve<span className="visually-hidden"> {a.product}</span>
        </button>
        <button type="button" className="button button-secondary" aria-expanded={rejecting} onClick={() => setRejecting(!rejecting)}>
          Reject<span className="visually-hidden"> {a.product}</span>
        </button>
      </div>
      {rejecting ? (
        <form className="form-stack" onSubmit={reject} noValidate>
          <TextField id={`reject-reason-${a.id}`} label="Why (your colleague reads this)" rows={2} value={reason} onChange={setReason} error={errors.reason} />
          <SubmitButton pending={saving} busy="Rejecting…">
            Reject the order
          </SubmitButton>
        </form>
      ) : null}
    </article>
  );
}

/** The Approvals tab of /account for approvers: the orders above a requester's limit that wait. */
export function ApprovalsSection() {
  const [version, setVersion] = useState(0);
  const [decided, setDecided] = useState<string | null>(null);
  const state = useLoad((signal) => buyerCompanyApi().approvals({ signal }), [version]);
  if (state.status === 'error') {
    // A requester's account has no approvals to decide: the answer says so in words.
    if (isHttpError(state.error) && state.error.status === 403) return <p className="notice">{errorMessage(state.error)}</p>;
    return <ErrorAlert title="The orders waiting for approval were not loaded" message={errorMessage(state.error)} inline />;
  }
  if (state.data === undefined)
    return <div className="skeleton" style={{ height: '8rem' }} role="status" aria-label="Loading the orders waiting for approval" />;
  const { approvals } = state.data;
  return (
    <section className="form-stack" aria-labelledby="approvals-title">
      <h2 id="approvals-title">Approvals</h2>
      <SuccessNotice message={decided} />
      {approvals.length === 0 ? <p>Nothing waits for approval. Orders your requesters accept above their limit appear here.</p> : null}
      {approvals.map((a) => (
        <ApprovalCard
          key={a.id}
          a={a}
          onDecided={(message) => {
            setDecided(message);
            setVersion((v) => v + 1);
          }}
        />
      ))}
    </section>
  );
}
