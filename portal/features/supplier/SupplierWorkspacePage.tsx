import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearch } from 'wouter';
import { formatQuantity } from '../../../sdk/rules';
import { formatRand, formatDate } from '../../../sdk/format';
import { readNumber } from '../../../sdk/numbers';
import { MAX_UNIT_PRICE } from '../../../contract/schemas/supplier-offers';
import { LEAD_FILTERS, SUPPLIER_MESSAGES, type LeadFilter, type SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { TextField } from '../../../widget/ui/TextField';
import { QuoteStatusBadge } from '../../components/quotes/status';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { PageLoading } from '../../components/ui/page-loading';
import { Tabs } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-errors';
import { SUPPLIER_SESSION_ENDED, supplierApi } from '../../lib/api';
import { SESSION_ENDED_TEXT, SignedOut } from './SupplierSession';
import { SessionWatch } from '../../components/ui/session-watch';
import { useLoad } from '../../lib/use-load';
import { useSave } from '../../lib/use-save';
import { usePageTitle } from '../../lib/use-page-title';
import { SupplierProfileTab } from './SupplierProfile';
import { SupplierPerformanceTab } from './SupplierPerformance';
import { LeadLines, readRand } from './LeadLines';
import { ConfirmOrder, LeadBuyer } from './LeadOrder';
import { MarkDelivered } from '../../components/quotes/mark-delivered';
import { WithdrawForm } from './WithdrawForm';
import { SupplierPriceListTab } from './SupplierPriceList';
import { ReadyToQuote, type ReadinessTab } from './ReadyToQuote';
import './supplier.css';
import { SupplierTeamTab } from './SupplierTeam';
import { SupplierBillingTab } from './SupplierBilling';

const FILTER_LABELS: Record<LeadFilter, string> = {
  offered: 'Open',
  firm: 'Made firm',
  accepted: 'Accepted by the buyer',
  confirmed: 'Confirmed',
  declined: 'Declined by the buyer',
  not_selected: 'Not selected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** The firm-up form of one lead: the indicative figures as they stand, each changeable. */
function FirmForm({ lead, onDone }: { lead: SupplierLead; onDone(lead: SupplierLead): void }) {
  const id = lead.quoteId;
  const [unitPrice, setUnitPrice] = useState(lead.unitPrice.toFixed(2));
  const [leadTime, setLeadTime] = useState(String(lead.leadTimeDays.max));
  const [note, setNote] = useState('');
  const { errors, setErrors, failure, saving: pending, run } = useSave();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const price = readRand(unitPrice);
    const days = readNumber(leadTime);
    const problems: Record<string, string> = {};
    if (!(price >= 0.01 && price <= MAX_UNIT_PRICE)) problems.unitPrice = SUPPLIER_MESSAGES.unitPrice;
    if (!Number.isInteger(days) || days < 0 || days > 365) problems.leadTimeDays = SUPPLIER_MESSAGES.leadTimeDays;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await run(async () => onDone(await supplierApi().firm(id, { unitPrice: price, leadTimeDays: days, ...(note.trim() ? { note } : {}) })));
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate aria-label={`Firm up quote ${id}`}>
      {failure ? <ErrorAlert title="Not made firm" message={failure} inline /> : null}
      <TextField
        id={`${id}-price`}
        label="Unit price excl. VAT (R)"
        inputMode="decimal"
        value={unitPrice}
        onChange={setUnitPrice}
        error={errors.unitPrice}
        required
      />
      <TextField id={`${id}-lead`} label="Lead time (days)" inputMode="numeric" value={leadTime} onChange={setLeadTime} error={errors.leadTimeDays} required />
      <TextField id={`${id}-note`} label="Note to the buyer (optional)" rows={2} value={note} onChange={setNote} error={errors.note} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Making it firm…' : 'Make this price firm'}
      </button>
    </form>
  );
}

/** One lead: what was asked, what was quoted, where it stands, and what the supplier can do. */
function LeadCard({ initial, opened = false }: { initial: SupplierLead; opened?: boolean }) {
  const [lead, setLead] = useState(initial);
  const heading = useRef<HTMLHeadingElement>(null);
  // The lead a lead e-mail's link names: brought into view, its heading focused.
  useEffect(() => {
    if (!opened) return;
    heading.current?.scrollIntoView({ block: 'center' });
    heading.current?.focus();
  }, [opened]);
  const [open, setOpen] = useState<'firm' | 'decline' | null>(null);
  // After an action the card is redrawn without the button that was pressed: focus goes to its heading.
  const done = (l: SupplierLead) => {
    setLead(l);
    setOpen(null);
    requestAnimationFrame(() => heading.current?.focus());
  };
  // Escape closes an open form and gives focus back to the button that opened it.
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || open === null) return;
    e.preventDefault();
    const opener = open;
    setOpen(null);
    requestAnimationFrame(() => document.getElementById(`${lead.quoteId}-${opener}`)?.focus());
  };
  const canAct = lead.status === 'offered' || lead.status === 'declined';
  const changed = lead.firmedAt !== null && lead.indicativeUnitPrice !== lead.unitPrice;
  return (
    <article className={`card lead-card${opened ? ' lead-card-opened' : ''}`} aria-labelledby={`lead-${lead.quoteId}`} onKeyDown={closeOnEscape}>
      <div className="quote-head">
        <h3 id={`lead-${lead.quoteId}`} ref={heading} tabIndex={-1}>
          {lead.productName}
        </h3>
        <span>
          <QuoteStatusBadge status={lead.status} />{' '}
          {lead.firmedAt ? <span className="badge badge-success">Firm</span> : <span className="badge">Indicative</span>}
        </span>
      </div>
      <p className="small muted">
        {lead.quoteId} · {formatQuantity(lead.quantity, lead.unit)} to {lead.deliveryLocation} · requested {formatDate(lead.requestedAt)}
      </p>
      <dl className="facts small">
        {lead.lines ? null : <dt>Unit price</dt>}
        {lead.lines ? null : (
          <dd>
            {formatRand(lead.unitPrice)} excl. VAT{changed ? ` (indicative ${formatRand(lead.indicativeUnitPrice)})` : ''}
          </dd>
        )}
        <dt>Total</dt>
        <dd>
          {formatRand(lead.totalPrice)} excl. VAT · {formatRand(lead.totalPriceInclVat)} incl.
        </dd>
        <dt>Lead time</dt>
        <dd>{lead.leadTimeDays.min === lead.leadTimeDays.max ? lead.leadTimeDays.min : `${lead.leadTimeDays.min}-${lead.leadTimeDays.max}`} days</dd>
        <dt>Valid until</dt>
        <dd>{formatDate(lead.validUntil)}</dd>
        {lead.withdrawalReason ? (
          <>
            <dt>Your reason</dt>
            <dd>{lead.withdrawalReason}</dd>
          </>
        ) : null}
      </dl>
      {lead.lines ? (
        <LeadLines lead={lead} answerable={lead.status === 'offered' || lead.status === 'accepted' || lead.status === 'confirmed'} onChange={done} />
      ) : null}
      <LeadBuyer lead={lead} />
      <div className="form-actions">
        {canAct && !lead.firmedAt && lead.status === 'offered' && !lead.lines ? (
          <button
            type="button"
            id={`${lead.quoteId}-firm`}
            className="button"
            aria-expanded={open === 'firm'}
            onClick={() => setOpen(open === 'firm' ? null : 'firm')}
          >
            Firm up<span className="visually-hidden"> {lead.quoteId}</span>
          </button>
        ) : null}
        {canAct ? (
          <button
            type="button"
            id={`${lead.quoteId}-decline`}
            className="button button-ghost"
            aria-expanded={open === 'decline'}
            onClick={() => setOpen(open === 'decline' ? null : 'decline')}
          >
            {lead.lines ? 'Withdraw the whole quote' : 'Withdraw'}
            <span className="visually-hidden"> {lead.quoteId}</span>
          </button>
        ) : null}
        {lead.status === 'accepted' ? <ConfirmOrder lead={lead} onDone={done} /> : null}
        {lead.status === 'confirmed' ? (
          <MarkDelivered orders={lead.orders} idPrefix={lead.quoteId} onMark={async (input) => done(await supplierApi().delivered(lead.quoteId, input))} />
        ) : null}
      </div>
      {open === 'firm' ? <FirmForm lead={lead} onDone={done} /> : null}
      {open === 'decline' ? <WithdrawForm lead={lead} onDone={done} /> : null}
    </article>
  );
}

/** The leads tab: newest first, narrowed by status. */
function Leads() {
  const [filter, setFilter] = useState<LeadFilter | ''>('');
  const opened = new URLSearchParams(useSearch()).get('lead');
  const state = useLoad((signal) => supplierApi().leads(filter || undefined, { signal }), [filter]);
  return (
    <div className="form-stack">
      <div className="field">
        <label htmlFor="lead-filter">Show</label>
        <select id="lead-filter" value={filter} onChange={(e) => setFilter(e.target.value as LeadFilter | '')}>
          <option value="">All leads</option>
          {LEAD_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'error' ? <ErrorAlert title="Leads not loaded" message={errorMessage(state.error)} inline /> : null}
      {state.status === 'loading' && !state.data ? <div className="skeleton" style={{ height: '10rem' }} role="status" aria-label="Loading leads" /> : null}
      {state.data && state.data.length === 0 ? (
        <p className="notice">
          No leads{filter ? ' with this status' : ' yet'}. When a buyer&rsquo;s request matches your price list and delivery areas, it appears here.
        </p>
      ) : null}
      {state.data?.map((lead) => (
        <LeadCard key={`${lead.quoteId}-${lead.status}-${lead.firmedAt ?? ''}`} initial={lead} opened={lead.quoteId === opened} />
      ))}
    </div>
  );
}

/** /supplier: the supplier's workspace, for its signed-in people. */
export default function SupplierWorkspacePage() {
  usePageTitle('Supplier workspace');
  const [signedOut, setSignedOut] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const ended = useCallback(() => setSessionEnded(true), []);
  // An invoice e-mail's link opens Billing (`?tab=billing`); the checklist's buttons open the tab of their step.
  const [opened, setOpened] = useState<{ tab: string; times: number }>(() => ({
    tab: new URLSearchParams(window.location.search).get('tab') === 'billing' ? 'billing' : 'leads',
    times: 0,
  }));
  const state = useLoad((signal) => supplierApi().me({ signal }), [signedOut]);
  // A lead e-mail's link names its lead: signing in first keeps it, so the workspace opens on it after.
  const lead = new URLSearchParams(useSearch()).get('lead');
  if (state.status === 'error') return <ErrorAlert title="Workspace not loaded" message={errorMessage(state.error)} />;
  if (state.status !== 'loaded') return <PageLoading label="Loading your workspace…" />;
  const me = state.data;
  if (!me) return signedOut ? <SignedOut text="You are signed out." lead={null} /> : <SignedOut text="Sign in to see your leads." lead={lead} />;
  if (sessionEnded) return <SignedOut text={SESSION_ENDED_TEXT} lead={lead} />;
  const signOut = async () => {
    await supplierApi().signOut();
    setSignedOut(true);
  };
  // A checklist step's button opens its tab (the tabs are drawn again on it) and focuses the tab.
  const go = (tab: ReadinessTab) => {
    setOpened((o) => ({ tab, times: o.times + 1 }));
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[role="tab"][data-tab="${tab}"]`)?.focus());
  };
  return (
    <div className="container page">
      <SessionWatch event={SUPPLIER_SESSION_ENDED} onEnded={ended} />
      <div className="quote-head">
        <h1>{me.supplier.name}</h1>
        <button type="button" className="button button-ghost" onClick={signOut}>
          Sign out
        </button>
      </div>
      <p className="small muted">
        Signed in as {me.user.name} ({me.user.email})
      </p>
      <ReadyToQuote initial={me.readiness} onGo={go} />
      <Tabs
        key={opened.times}
        initial={opened.tab}
        label="Workspace"
        tabs={[
          { id: 'leads', label: 'Leads', content: <Leads /> },
          { id: 'prices', label: 'Price list', content: <SupplierPriceListTab /> },
          { id: 'stats', label: 'Performance', content: <SupplierPerformanceTab /> },
          { id: 'billing', label: 'Billing', content: <SupplierBillingTab /> },
          { id: 'profile', label: 'Your details', content: <SupplierProfileTab /> },
          { id: 'team', label: 'Team', content: <SupplierTeamTab me={me} /> },
        ]}
      />
    </div>
  );
}
