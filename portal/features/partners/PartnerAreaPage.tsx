import { useEffect, useState } from 'react';
import { API_TIERS } from '../../../contract/data-api';
import { isHttpError } from '../../../sdk/client/errors';
import { formatRand, formatDate } from '../../../sdk/format';
import { PAYOUT_METHOD } from '../../../contract/revenue';
import type { PartnerAnalytics, PartnerProfile } from '../../../sdk/schemas/partners';
import { TextField } from '../../../widget/ui/TextField';
import { RevenueTerms } from '../../components/revenue';
import { CopyButton } from '../../components/ui/code';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useToast } from '../../components/ui/toast';
import { partnerApi } from '../../lib/api';
import { COMPANY } from '../../lib/content';
import { usePageTitle } from '../../lib/use-page-title';
import { PartnerHosts } from './PartnerHosts';
import { PartnerStatements } from './PartnerStatements';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { Stat } from '../../components/ui/stat';
import { DataTable } from '../../components/ui/data-table';
import './partners.css';

interface Session {
  partnerId: string;
  apiKey: string;
}

/** '2026-11' as 'November 2026'. */
function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** What a month pays: its balance once it reaches the minimum payout, or the balance it carries over. */
function payoutText(m: PartnerAnalytics['monthlyTrends'][number]): string {
  if (m.payout > 0) return m.carriedIn > 0 ? `${formatRand(m.payout)}, with ${formatRand(m.carriedIn)} carried in` : formatRand(m.payout);
  return m.carriedOver > 0 ? `${formatRand(m.carriedOver)} carried over` : '–';
}

/** This month's balance, what earlier months carried into it, and whether it is paid or carried over. */
function balanceText(a: PartnerAnalytics): string {
  const { minimumPayout, paymentTerms } = a.revenueModel;
  const carried =
    a.carriedIn === 0 ? '.' : a.revenue === 0 ? ', carried over from earlier months.' : `, with ${formatRand(a.carriedIn)} carried over from earlier months.`;
  const outcome =
    a.balance >= minimumPayout
      ? `It reaches the ${formatRand(minimumPayout)} minimum payout and is paid after ${monthName(a.month)} ends (${paymentTerms}).`
      : `It is under the ${formatRand(minimumPayout)} minimum payout, so it carries over to next month until it reaches ${formatRand(minimumPayout)}.`;
  return `Your balance is ${formatRand(a.balance)}${carried} ${outcome}`;
}

function Dashboard({
  session,
  profile,
  analytics,
  onRotated,
  onSignOut,
}: {
  session: Session;
  profile: PartnerProfile;
  analytics: PartnerAnalytics;
  onRotated(key: string): void;
  onSignOut(): void;
}) {
  const toast = useToast();
  const [newKey, setNewKey] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const rotate = async () => {
    if (!window.confirm('Issue a new API key? The current key stops working at once.')) return;
    setRotating(true);
    try {
      const { credentials } = await partnerApi(session).partners.rotateKey();
      setNewKey(credentials.apiKey);
      onRotated(credentials.apiKey);
    } catch (err) {
      toast({ title: 'Key not rotated', description: isHttpError(err) ? err.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setRotating(false);
    }
  };
  return (
    <div className="stack">
      <div className="hero hero-with-action">
        <div>
          <h1>{profile.companyName}</h1>
          <p className="muted">
            Partner {profile.partnerId} · {API_TIERS[profile.tier].label} tier · key {profile.keyPrefix}… issued {formatDate(profile.keyCreatedAt)}
          </p>
        </div>
        <button type="button" className="button button-secondary" onClick={onSignOut}>
          Sign out
        </button>
      </div>
      <section className="partner-month" aria-labelledby="pa-month">
        <h2 id="pa-month">This month</h2>
        <div className="summary-grid">
          <Stat label="RFQs" value={analytics.monthRfqs} note={`${analytics.totalRfqs} in all`} />
          <Stat label="Qualified" value={analytics.monthQualifiedRfqs} note={`${analytics.qualifiedRfqs} in all`} />
          <Stat label="Pending" value={analytics.monthPendingRfqs} note={`${analytics.pendingRfqs} in all`} />
          <Stat label="Enterprise leads" value={analytics.monthEnterpriseLeads} note={`${analytics.enterpriseLeads} in all`} />
          <Stat label="Awarded RFQs" value={analytics.monthAwardedRfqs} note={`${analytics.awardedRfqs} in all`} />
          <Stat label="Earnings" value={formatRand(analytics.revenue)} />
          <Stat label="Balance" value={formatRand(analytics.balance)} note={analytics.carriedIn > 0 ? `${formatRand(analytics.carriedIn)} carried in` : null} />
          <Stat label="Loads that became RFQs" value={analytics.conversionRate === null ? '–' : `${analytics.conversionRate}%`} />
        </div>
        {analytics.balance > 0 ? <p className="small">{balanceText(analytics)}</p> : null}
        <RevenueTerms model={analytics.revenueModel} />
        <p className="small">
          Payouts are made by {PAYOUT_METHOD} to a South African bank account; PayPal is not offered for payouts. Questions about a payout:{' '}
          <a href={`mailto:${COMPANY.partnersEmail}?subject=Partner%20payout`}>{COMPANY.partnersEmail}</a>.
        </p>
        <p className="small muted">
          A request a supplier quoted is pending until its buyer opens the quote e-mail or the supplier confirms the order; then it qualifies and pays. One
          still pending 30 days after it was made never pays. An awarded RFQ is one whose buyer accepted a quote. Each enterprise lead is a qualified request
          too.
        </p>
      </section>
      {/* One above the other: the trend's six columns need the page's width. */}
      <div className="stack">
        <section className="card" aria-labelledby="pa-trends">
          <h2 id="pa-trends">Last six months</h2>
          {analytics.monthlyTrends.every((m) => m.rfqs === 0) ? (
            <p className="muted small">
              Nothing yet: no request has come through your widgets in these six months. Each month’s requests and earnings will show here.
            </p>
          ) : (
            <DataTable
              label="Requests and earnings by month"
              heads={['Month', 'RFQs', 'Qualified', 'Pending', 'Enterprise leads', 'Awarded', 'Earned', 'Payout']}
            >
              {analytics.monthlyTrends.map((m) => (
                <tr key={m.month}>
                  <td>{monthName(m.month)}</td>
                  <td>{m.rfqs}</td>
                  <td>{m.qualifiedRfqs}</td>
                  <td>{m.pendingRfqs}</td>
                  <td>{m.enterpriseLeads}</td>
                  <td>{m.awardedRfqs}</td>
                  <td>{formatRand(m.revenue)}</td>
                  <td>{payoutText(m)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
        <section className="card" aria-labelledby="pa-products">
          <h2 id="pa-products">What your visitors ask for</h2>
          {analytics.topProducts.length === 0 ? (
            <p className="muted small">No request has come through your widgets yet. Put your snippet on a page and it will show here.</p>
          ) : (
            <ol className="plain-list numbered">
              {analytics.topProducts.map((p) => (
                <li key={p.product}>
                  {p.product}: {p.rfqs} {p.rfqs === 1 ? 'request' : 'requests'}
                </li>
              ))}
            </ol>
          )}
          <p className="small muted">
            {analytics.totalRfqs} requests in all from your sites, {analytics.qualifiedRfqs} qualified (a supplier quoted, the buyer opened the quote e-mail or
            the supplier confirmed, and it was the buyer&rsquo;s first through you in 30 days), {analytics.pendingRfqs} pending. Buyers are never named here.
          </p>
        </section>
      </div>
      <PartnerStatements session={session} />
      <PartnerHosts session={session} />
      <section className="card" aria-labelledby="pa-key">
        <h2 id="pa-key">API key</h2>
        {newKey ? (
          <div className="stack">
            <p>Your new key, shown only this once. The old one no longer works.</p>
            <code className="secret">{newKey}</code>
            <CopyButton text={newKey} label="Copy API key" done="API key copied to clipboard" />
          </div>
        ) : (
          <p className="small">If your key may have leaked, issue a new one. The current key stops working at once.</p>
        )}
        <button type="button" className="button button-secondary" onClick={rotate} disabled={rotating}>
          {rotating ? 'Issuing…' : 'Rotate API key'}
        </button>
      </section>
    </div>
  );
}

/** /partners: a partner signs in with their credentials and sees what their widgets bring. */
export default function PartnerAreaPage() {
  usePageTitle('Partner area');
  const [partnerId, setPartnerId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [session, setSession] = useState<Session | null>(null);
  const [data, setData] = useState<{ profile: PartnerProfile; analytics: PartnerAnalytics } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [signedOut, setSignedOut] = useState(false);

  // Signing out drops everything this tab holds: the key lives only in this component's state.
  const signOut = () => {
    setSession(null);
    setData(null);
    setPartnerId('');
    setApiKey('');
    setError(null);
    setSignedOut(true);
  };
  useEffect(() => {
    if (signedOut) document.getElementById('pa-partner')?.focus();
  }, [signedOut]);

  const signIn = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const s = { partnerId: partnerId.trim(), apiKey: apiKey.trim() };
    if (!s.partnerId || !s.apiKey) {
      setError('Enter your partner ID and API key.');
      return;
    }
    setPending(true);
    setError(null);
    setSignedOut(false);
    try {
      const partner = partnerApi(s);
      const [profile, analytics] = await Promise.all([partner.partners.me(), partner.partners.analytics()]);
      setSession(s);
      setData({ profile, analytics });
      setApiKey('');
    } catch (err) {
      setError(isHttpError(err) ? err.message : 'Could not sign in. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="container page">
      {session && data ? (
        <Dashboard
          session={session}
          profile={data.profile}
          analytics={data.analytics}
          onRotated={(key) => setSession({ ...session, apiKey: key })}
          onSignOut={signOut}
        />
      ) : (
        <form className="card form-stack narrow" onSubmit={signIn} aria-labelledby="pa-title" noValidate>
          <h1 id="pa-title">Partner area</h1>
          <p className="small muted">Sign in with the credentials you received when you registered. Your key stays in this tab only.</p>
          {signedOut ? (
            <p role="status" className="notice">
              You are signed out. This tab no longer holds your partner ID or API key.
            </p>
          ) : null}
          {error ? <ErrorAlert title="Not signed in" message={error} inline /> : null}
          <TextField id="pa-partner" label="Partner ID" required value={partnerId} onChange={setPartnerId} placeholder="p_…" />
          <TextField
            id="pa-key-input"
            label="API key"
            required
            type="password"
            value={apiKey}
            onChange={setApiKey}
            placeholder="procura_live_…"
            hint="Shown once, when you registered; Procura keeps only a fingerprint of it. If you did not keep it, register again for a new partner ID and key."
          />
          <SubmitButton pending={pending} busy="Signing in…">
            Sign in
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
