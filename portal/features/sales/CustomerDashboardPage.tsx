import { useState } from 'react';
import { Link } from 'wouter';
import { formatRand } from '../../../sdk/format';
import { PROSPECT_STATUSES, REVENUE_PROJECTION, type ProspectStatus } from '../../../contract/schemas/sales';
import type { ActivitySummary } from '../../../contract/schemas/outreach';
import type { Prospect } from '../../../contract/schemas/prospects';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Tabs } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { ImportPanel } from './ImportPanel';
import { ActivityLog, COUNTER_LABELS, CounterGrid, StatusBadge, WeekProgress } from './parts';
import { ProspectModal } from './ProspectModal';
import { errorMessage } from '../../lib/api-errors';
import '../../styles/sales.css';
import { DataTable } from '../../components/ui/data-table';

const PAGE_SIZE = 25;

function ProspectList({ version, onChanged }: { version: number; onChanged(): void }) {
  const toast = useToast();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<ProspectStatus | ''>('');
  const [owner, setOwner] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Prospect | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const load = useLoad(
    (signal) =>
      staffApi().sales.prospects(
        {
          q: q.trim() || undefined,
          status: status || undefined,
          owner: owner === '' ? undefined : owner === 'none' ? 'none' : Number(owner),
          page,
          pageSize: PAGE_SIZE,
        },
        { signal },
      ),
    [q, status, owner, page, version],
    { delayMs: q ? 250 : 0 },
  );
  const list = load.data;
  const filter = (f: () => void) => {
    f();
    setPage(1);
  };

  return (
    <div className="stack">
      <div className="toolbar">
        <div className="field">
          <label htmlFor="prospect-search">Search</label>
          <input
            id="prospect-search"
            type="search"
            value={q}
            placeholder="Company, contact, e-mail, industry, notes"
            onChange={(e) => filter(() => setQ(e.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="prospect-status-filter">Status</label>
          <select id="prospect-status-filter" value={status} onChange={(e) => filter(() => setStatus(e.target.value as ProspectStatus | ''))}>
            <option value="">Every status</option>
            {PROSPECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="prospect-owner-filter">Owner</label>
          <select id="prospect-owner-filter" value={owner} onChange={(e) => filter(() => setOwner(e.target.value))}>
            <option value="">Anyone</option>
            <option value="none">Nobody yet</option>
            {list?.owners.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row toolbar-actions">
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Add prospect
          </button>
          <a className="button button-secondary" href="/api/staff/prospects.csv" download>
            Export CSV
          </a>
          <button type="button" className="button button-secondary" aria-expanded={importing} onClick={() => setImporting((v) => !v)}>
            Import CSV
          </button>
        </div>
      </div>
      {importing ? (
        <ImportPanel
          onImported={() => {
            setImporting(false);
            onChanged();
          }}
        />
      ) : null}
      {load.status === 'error' ? <ErrorAlert title="The prospects could not be loaded" message={errorMessage(load.error)} inline /> : null}
      {!list ? (
        load.status === 'error' ? null : (
          <p className="muted small" role="status">
            Loading prospects…
          </p>
        )
      ) : list.total === 0 ? (
        <div className="card empty-state">
          <p>{q || status || owner ? 'No prospect matches these filters.' : 'No prospects yet. Add one, import a CSV, or wait for the first demo request.'}</p>
        </div>
      ) : (
        <>
          <DataTable
            label="Prospects"
            caption="Prospects, newest first"
            heads={['Company', 'Contact', 'Status', 'Next action', 'Owner', 'Estimated value', { hidden: 'Actions' }]}
            className="prospects-table"
          >
            {list.prospects.map((p) => (
              <tr key={p.id}>
                <td>
                  <strong>{p.company}</strong>
                  {p.source === 'demo request' ? <span className="badge badge-primary source-badge">Demo request</span> : null}
                  <div className="small muted">{[p.industry, p.tier].filter(Boolean).join(' · ')}</div>
                </td>
                <td data-label="Contact">
                  {p.contact || <span className="muted">–</span>}
                  {p.email ? <div className="small muted break">{p.email}</div> : null}
                  {p.phone ? <div className="small muted">{p.phone}</div> : null}
                </td>
                <td data-label="Status">
                  <StatusBadge status={p.status} />
                  <div className="small muted">{p.lastContact ? `Last contact ${p.lastContact}` : 'Never contacted'}</div>
                </td>
                <td data-label="Next action">{p.nextAction || <span className="muted">–</span>}</td>
                <td data-label="Owner">{p.owner?.name ?? <span className="muted">Nobody</span>}</td>
                <td data-label="Estimated value">{formatRand(p.estimatedValue)}</td>
                <td>
                  <button type="button" className="button button-secondary" aria-label={`Update ${p.company}`} onClick={() => setEditing(p)}>
                    Update
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
          <nav className="pager" aria-label="Pages of prospects">
            <span className="small muted">
              {(list.page - 1) * list.pageSize + 1}-{Math.min(list.total, list.page * list.pageSize)} of {list.total}
            </span>
            <button type="button" className="button button-secondary" disabled={list.page <= 1} onClick={() => setPage((n) => n - 1)}>
              Previous
            </button>
            <button type="button" className="button button-secondary" disabled={list.page * list.pageSize >= list.total} onClick={() => setPage((n) => n + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
      {editing ? (
        <ProspectModal
          prospect={editing === 'new' ? null : editing}
          owners={list?.owners ?? []}
          onClose={() => setEditing(null)}
          onLogged={onChanged}
          onSaved={(saved) => {
            toast({ title: editing === 'new' ? 'Prospect added' : 'Prospect saved', description: saved.company });
            setEditing(null);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}

function DailyActivity({ summary }: { summary: ActivitySummary }) {
  return (
    <div className="stack">
      <h2>Today, {summary.today}</h2>
      <CounterGrid counters={summary.team.today} targets={summary.targets.daily} label="The team today against the daily targets" />
      <section className="card" aria-labelledby="per-person">
        <h3 id="per-person">Per person today</h3>
        {summary.people.length === 0 ? (
          <p className="muted small">Nobody has logged anything this week yet.</p>
        ) : (
          <DataTable label="Per person today" heads={['Person', ...COUNTER_LABELS.map(([key, label]) => `${label} (target ${summary.targets.daily[key]})`)]}>
            {summary.people.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                {COUNTER_LABELS.map(([key]) => (
                  <td key={key}>{p.today[key]}</td>
                ))}
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section className="card" aria-labelledby="todays-log">
        <h3 id="todays-log">Today's log</h3>
        <ActivityLog log={summary.log} />
      </section>
    </div>
  );
}

function WeeklyTargets({ summary }: { summary: ActivitySummary }) {
  const { daysToFirstCustomer } = summary.targets;
  const fee = REVENUE_PROJECTION.successFeePercent;
  return (
    <div className="stack">
      <h2>
        This week, {summary.weekStart} to {summary.weekEnd}
      </h2>
      <section className="card" aria-label="This week against the week-one targets">
        <WeekProgress summary={summary} />
        <p className="small muted">
          Contacts are the prospects e-mailed or called this week, each counted once; the response rate is responses per contact. The first customer is due
          within {daysToFirstCustomer} days of the first outreach (see Internal analytics).
        </p>
      </section>
      <section className="card" aria-labelledby="projection">
        <h3 id="projection">Revenue projection</h3>
        <p>
          Procura earns a {fee}% success fee on the spend it brings to suppliers. What that makes each month, by how much monthly spend our customers place
          through Procura:
        </p>
        <DataTable label="Revenue projection" heads={['Scenario', 'Monthly spend through Procura', "Procura's fee a month"]}>
          {REVENUE_PROJECTION.scenarios.map((s) => (
            <tr key={s.label}>
              <th scope="row">{s.label}</th>
              <td>
                {formatRand(s.monthlySpend).replace(/\.00$/, '')}
                {s.orMore ? '+' : ''}
              </td>
              <td>
                {formatRand((s.monthlySpend * fee) / 100).replace(/\.00$/, '')}
                {s.orMore ? '+' : ''} per month
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

/** /customer-dashboard: the Customer Acquisition Dashboard (sales and admin staff). */
export default function CustomerDashboardPage() {
  usePageTitle('Customer Acquisition Dashboard');
  const [version, setVersion] = useState(0);
  const summary = useLoad((signal) => staffApi().sales.activity({ signal }), [version]);
  const changed = () => setVersion((v) => v + 1);
  const s = summary.data;
  return (
    <div className="container page stack sales">
      <div className="hero-with-action">
        <div>
          <h1>Customer Acquisition Dashboard</h1>
          <p className="muted">Prospects, what the team did today and this week, counted from every e-mail, call, response and demo logged.</p>
        </div>
        <Link href="/internal-analytics" className="button button-secondary">
          Internal analytics
        </Link>
      </div>
      {summary.status === 'error' ? <ErrorAlert title="Today's counters could not be loaded" message={errorMessage(summary.error)} inline /> : null}
      {s ? (
        <section aria-label="Today at a glance" className="summary-grid" aria-live="polite">
          {COUNTER_LABELS.map(([key, label]) => (
            <div key={key} className="card stat" data-testid={`today-${key}`}>
              <span className="small muted">{label} today</span>
              <strong>
                {s.team.today[key]} <span className="small muted">of {s.targets.daily[key]}</span>
              </strong>
            </div>
          ))}
        </section>
      ) : null}
      <Tabs
        label="Sales workspace"
        tabs={[
          { id: 'prospects', label: 'Prospect List', content: <ProspectList version={version} onChanged={changed} /> },
          { id: 'daily', label: 'Daily Activity', content: s ? <DailyActivity summary={s} /> : <p className="muted small">Loading…</p> },
          { id: 'weekly', label: 'Weekly Targets', content: s ? <WeeklyTargets summary={s} /> : <p className="muted small">Loading…</p> },
        ]}
      />
    </div>
  );
}
