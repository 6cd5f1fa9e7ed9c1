import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { formatDateTime } from '../../../sdk/format';
import type { SiteAnalyticsDashboard } from '../../../contract/schemas/analytics';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { TableScroll } from '../../components/ui/table-scroll';
import { Tabs } from '../../components/ui/tabs';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import './analytics.css';

// The chart library loads with this page alone, after its figures.
const Chart = lazy(() => import('../../components/Chart').then((m) => ({ default: m.Chart })));

const PERIODS = [7, 30, 90] as const;
/** The series' colours: the design's primary and success tokens. */
const VISITORS = '#2563eb';
const VIEWS = '#16a34a';
const STAGE_NAMES: Record<SiteAnalyticsDashboard['funnel'][number]['stage'], string> = {
  'form-start': 'Started the quote form',
  'form-submit': 'Submitted it',
  'quotes-shown': 'Saw their quotes',
  'tracking-opened': 'Opened a tracking link',
};
const DEVICE_NAMES = { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet' } as const;
const KIND_NAMES: Record<string, string> = {
  'buyer-quotes': 'buyer quotes',
  'data-request': 'data request links',
  'supplier-lead': 'supplier leads',
  'supplier-lead-digest': 'supplier lead digests',
  'supplier-leads': 'supplier leads to fan out',
  'partner-welcome': 'partner welcomes',
  'partner-registered': 'partner notices',
};

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'never');
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`);

function Tile({ title, status, children }: { title: string; status: { text: string; tone: 'success' | 'warning' | 'muted' }; children: ReactNode }) {
  return (
    <section className="card tile" aria-label={title}>
      <h2 className="card-title">
        {title} <span className={`badge${status.tone === 'muted' ? '' : ` badge-${status.tone}`}`}>{status.text}</span>
      </h2>
      <dl className="facts small">{children}</dl>
    </section>
  );
}

function Tiles({ tiles, consent }: { tiles: SiteAnalyticsDashboard['tiles']; consent: SiteAnalyticsDashboard['consent'] }) {
  const dead = tiles.alertPriorities.reduce((n, p) => n + p.dead, 0);
  const waiting = tiles.alertPriorities.reduce((n, p) => n + p.waiting, 0);
  return (
    <div className="tiles">
      <Tile
        title="User tracking"
        status={tiles.userTracking.eventsToday > 0 ? { text: 'Receiving', tone: 'success' } : { text: 'No events today', tone: 'muted' }}
      >
        <FactRow term="Events today" value={String(tiles.userTracking.eventsToday)} />
        <FactRow term="Visitors today" value={String(tiles.userTracking.visitorsToday)} />
        <FactRow term="Last event" value={when(tiles.userTracking.lastEventAt)} />
        <FactRow term="Consented choices" value={`${percent(consent.accepted, consent.decisions)} of ${consent.decisions}`} />
      </Tile>
      <Tile title="Lead scoring" status={tiles.leadScoring.rfqs > 0 ? { text: 'Scoring', tone: 'success' } : { text: 'No requests', tone: 'muted' }}>
        <FactRow term="Requests scored" value={String(tiles.leadScoring.rfqs)} />
        <FactRow term="Average intent" value={tiles.leadScoring.averageScore === null ? '–' : `${tiles.leadScoring.averageScore} / 100`} />
        <FactRow term="High · medium · low" value={`${tiles.leadScoring.high} · ${tiles.leadScoring.medium} · ${tiles.leadScoring.low}`} />
      </Tile>
      <Tile title="Database storage" status={{ text: tiles.databaseStorage.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite', tone: 'success' }}>
        {tiles.databaseStorage.tables.map((t) => (
          <FactRow key={t.name} term={t.name.replace(/_/g, ' ')} value={t.rows.toLocaleString('en-ZA')} />
        ))}
      </Tile>
      <Tile
        title="Quote tracking"
        status={tiles.quoteTracking.viewed > 0 ? { text: 'Links opened', tone: 'success' } : { text: 'No views yet', tone: 'muted' }}
      >
        <FactRow term="Quotes sent" value={String(tiles.quoteTracking.quotes)} />
        <FactRow term="Opened from their link" value={`${tiles.quoteTracking.viewed} (${percent(tiles.quoteTracking.viewed, tiles.quoteTracking.quotes)})`} />
        <FactRow term="Views" value={String(tiles.quoteTracking.views)} />
        <FactRow term="Last view" value={when(tiles.quoteTracking.lastViewedAt)} />
      </Tile>
      <Tile
        title="Alert priorities"
        status={
          dead > 0
            ? { text: `${dead} failed`, tone: 'warning' }
            : waiting > 0
              ? { text: `${waiting} waiting`, tone: 'muted' }
              : { text: 'Nothing waiting', tone: 'success' }
        }
      >
        {tiles.alertPriorities.length === 0 ? (
          <FactRow term="E-mails" value="none kept" />
        ) : (
          tiles.alertPriorities.map((p) => (
            <FactRow
              key={p.priority}
              term={`${p.priority + 1}. ${p.kinds.map((k) => KIND_NAMES[k] ?? k).join(', ')}`}
              value={`${p.waiting} waiting · ${p.sent} sent · ${p.held} held · ${p.dead} failed`}
            />
          ))
        )}
      </Tile>
    </div>
  );
}

function FactRow({ term, value }: { term: string; value: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Horizontal bars with their figures; the table view holds the same. */
function Bars({ rows, label, empty }: { rows: { name: string; value: number; note?: string }[]; label: string; empty?: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  if (rows.length === 0 && empty) return <p className="chart-empty muted">{empty}</p>;
  return (
    <ul className="bars" aria-label={label}>
      {rows.map((r) => (
        <li key={r.name}>
          <span className="bar-name">{r.name}</span>
          <span className="bar-track" aria-hidden="true">
            <span className="bar-fill" style={{ width: `${(r.value / max) * 100}%` }} />
          </span>
          <span className="bar-value">
            {r.value}
            {r.note ? <span className="muted"> {r.note}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <TableScroll label={caption}>
      <table className="simple-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'numeric' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, j) => (
                <td key={j} className={j > 0 ? 'numeric' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A row of a panel: its bar (name, value and a note beside it) and its table row (name, value and `more`). */
interface FigureRow {
  name: string;
  value: number;
  note?: string | undefined;
  more: (string | number)[];
}

/** One set of figures, as bars or as a table: `label` names both, `head` names the table's columns. */
function Panel({ title, intro, label, head, rows, empty }: { title: string; intro: string; label: string; head: string[]; rows: FigureRow[]; empty?: string }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      <p className="small muted">{intro}</p>
      <Tabs
        label={`${title}: chart or table`}
        tabs={[
          { id: 'chart', label: 'Chart', content: <Bars label={label} rows={rows} {...(empty ? { empty } : {})} /> },
          { id: 'table', label: 'Table', content: <Table caption={label} head={head} rows={rows.map((r) => [r.name, r.value, ...r.more])} /> },
        ]}
      />
    </section>
  );
}

function Figures({ data }: { data: SiteAnalyticsDashboard }) {
  const start = data.funnel[0]!.visitors;
  const deviceTotal = data.devices.reduce((n, d) => n + d.visitors, 0);
  const { accepted, decisions, globalPrivacyControl } = data.consent;
  return (
    <>
      <Suspense fallback={<div className="skeleton" style={{ height: 340 }} />}>
        <Chart
          headingLevel={2}
          title="Visitors and page views per day"
          description="Visitors are counted per day: a session id is hashed with a salt that is deleted when its day ends, so the same person on two days counts twice."
          columnHeading="Day"
          labels={data.daily.map((d) => d.day)}
          empty={data.daily.every((d) => d.visitors === 0 && d.pageViews === 0) ? `No visit was counted in these ${data.days} days.` : undefined}
          series={[
            { label: 'Visitors', values: data.daily.map((d) => d.visitors), color: VISITORS, kind: 'line' },
            { label: 'Page views', values: data.daily.map((d) => d.pageViews), color: VIEWS, kind: 'line' },
          ]}
        />
      </Suspense>
      <div className="two-panels">
        <Panel
          title="Where visitors drop off"
          intro="Visitors (per day) who reached each step of a quote, and their share of those who started the form."
          label="Quote funnel"
          head={['Step', 'Visitors', 'Of those who started']}
          rows={data.funnel.map((s) => ({
            name: STAGE_NAMES[s.stage],
            value: s.visitors,
            note: s.stage === 'form-start' ? undefined : `(${percent(s.visitors, start)})`,
            more: [percent(s.visitors, start)],
          }))}
        />
        <Panel
          title="Top pages"
          intro="Pages by their route, never by an address that could hold an id or a token."
          label="Top pages by views"
          head={['Page', 'Views', 'Visitors']}
          rows={data.topPages.map((p) => ({ name: p.path, value: p.views, more: [p.visitors] }))}
          empty={`No page view was counted in these ${data.days} days.`}
        />
        <Panel
          title="Devices"
          intro="The kind of device, read from the browser's description, which is not kept."
          label="Visitors by device"
          head={['Device', 'Visitors', 'Share']}
          rows={data.devices.map((d) => {
            const share = percent(d.visitors, deviceTotal);
            return { name: DEVICE_NAMES[d.device], value: d.visitors, note: `(${share})`, more: [share] };
          })}
        />
        <Panel
          title="Consent"
          intro="Cookie choices made in the period; analytics only counts those who said yes, and never a browser sending Global Privacy Control."
          label="Cookie choices"
          head={['Choice', 'Count', 'Share']}
          rows={[
            { name: 'Allowed analytics', value: accepted, note: `(${percent(accepted, decisions)})`, more: [percent(accepted, decisions)] },
            { name: 'Refused', value: decisions - accepted, more: [percent(decisions - accepted, decisions)] },
            { name: 'With Global Privacy Control', value: globalPrivacyControl, more: [percent(globalPrivacyControl, decisions)] },
          ]}
        />
      </div>
    </>
  );
}

/** /analytics-test, the spec's Analytics status page, for admins: live tiles and the consented visitors' figures. */
export default function AnalyticsStatusPage() {
  usePageTitle('Analytics');
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const load = useLoad((signal) => staffApi().analytics.dashboard({ days }, { signal }), [days]);
  const data = load.data;
  return (
    <div className="container page analytics-page">
      <div className="page-head">
        <div>
          <h1>Analytics</h1>
          <p className="muted">{data ? `${data.from} to ${data.to}. ` : ''}Only visitors who allowed analytics are counted; nothing they typed is kept.</p>
        </div>
        <div className="presentation-toggle" role="group" aria-label="Period">
          {PERIODS.map((p) => (
            <button key={p} type="button" className="button button-ghost" aria-pressed={days === p} onClick={() => setDays(p)}>
              {p} days
            </button>
          ))}
        </div>
      </div>
      {load.status === 'error' && !data ? (
        <ErrorAlert inline title="Figures not loaded" message={load.error instanceof Error ? load.error.message : 'Procura could not be reached.'} />
      ) : null}
      {data ? (
        <>
          <Tiles tiles={data.tiles} consent={data.consent} />
          <Figures data={data} />
        </>
      ) : load.status !== 'error' ? (
        <div className="skeleton" style={{ height: '16rem' }} role="status" aria-label="Loading the figures" />
      ) : null}
    </div>
  );
}
