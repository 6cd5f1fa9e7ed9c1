import { formatRand } from '../../../sdk/format';
import type { OutreachDashboard } from '../../../contract/schemas/outreach';
import type { ProspectStatus } from '../../../contract/schemas/sales';
import { TableScroll } from '../../components/ui/table-scroll';
import { Tabs } from '../../components/ui/tabs';
import { Chart } from '../../components/Chart';
import { COUNTER_LABELS, CounterGrid, Flag, Progress, StatusBadge, WeekProgress } from './parts';
import { ColumnHeads } from '../../components/ui/column-heads';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { errorMessage } from '../../lib/api-errors';
import type { Load } from '../../lib/use-load';
import { Stat } from '../../components/ui/stat';
import { DataTable } from '../../components/ui/data-table';

const COLOURS = { email: '#1d4ed8', call: '#0f766e', response: '#b45309', demo: '#7c3aed', target: '#64748b', pipeline: '#1d4ed8', rate: '#0f766e' };

/** The statuses as the chart's axis names them; its table names them in full. */
const SHORT_STATUS: Record<ProspectStatus, string> = {
  'Not Contacted': 'New',
  'Email Sent': 'E-mailed',
  'Called - No Answer': 'No answer',
  'Spoke to Contact': 'Spoke',
  Interested: 'Interested',
  'Demo Scheduled': 'Demo',
  Trial: 'Trial',
  Customer: 'Customer',
  'Not Interested': 'Lost',
  'Follow Up Required': 'Follow up',
};

/** 24 Nov */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function OutreachTracking({ dashboard }: { dashboard: OutreachDashboard }) {
  const rows = dashboard.outreach;
  const contacted = rows.filter((r) => r.emailSent || r.callMade).length;
  const responded = rows.filter((r) => r.responseReceived).length;
  const demos = rows.filter((r) => r.demoScheduled).length;
  return (
    <div className="stack">
      <section className="summary-grid" aria-label="Outreach so far">
        <Stat label="Prospects" value={rows.length} />
        <Stat label="Contacted" value={contacted} />
        <Stat label="Responded" value={responded} />
        <Stat label="Demos scheduled" value={demos} />
      </section>
      {rows.length === 0 ? (
        <p className="muted">No prospects yet.</p>
      ) : (
        <TableScroll label="Outreach tracking">
          <table className="simple-table outreach-table">
            <caption className="visually-hidden">Every prospect and what was done for it</caption>
            <ColumnHeads
              names={[
                'Company',
                !dashboard.shared && 'Contact',
                'Status',
                'Last contact',
                'E-mail',
                'Call',
                'Response',
                'Demo',
                'Conversion probability',
                'Estimated value',
                !dashboard.shared && 'Their response and call notes',
              ]}
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <strong>{r.company}</strong>
                    <div className="small muted">{[r.industry, r.tier].filter(Boolean).join(' · ')}</div>
                  </td>
                  {dashboard.shared ? null : (
                    <td>
                      {r.contact || '–'}
                      {r.email ? <div className="small muted">{r.email}</div> : null}
                      {r.phone ? <div className="small muted">{r.phone}</div> : null}
                    </td>
                  )}
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>{r.lastContact ?? '–'}</td>
                  <td>
                    <Flag on={r.emailSent} label="E-mail sent" />
                  </td>
                  <td>
                    <Flag on={r.callMade} label="Call made" />
                  </td>
                  <td>
                    <Flag on={r.responseReceived} label="Response received" />
                  </td>
                  <td>
                    <Flag on={r.demoScheduled} label="Demo scheduled" />
                  </td>
                  <td>{r.conversionProbability}%</td>
                  <td>{formatRand(r.estimatedValue)}</td>
                  {dashboard.shared ? null : (
                    <td className="small">
                      {r.actualResponse ? <div>{r.actualResponse}</div> : null}
                      {r.callNotes ? <div className="muted">{r.callNotes}</div> : null}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

function DailyActivity({ dashboard }: { dashboard: OutreachDashboard }) {
  const { activity, daily } = dashboard;
  const labels = daily.map((d) => d.day);
  const axis = daily.map((d) => shortDay(d.day));
  const targets = activity.targets.daily;
  return (
    <div className="stack">
      <h2>Today, {activity.today}</h2>
      <CounterGrid counters={activity.team.today} targets={targets} label="The team today against the daily targets" />
      {dashboard.shared || activity.people.length === 0 ? null : (
        <DataTable label="Per person today" caption="Per person today" heads={['Person', ...COUNTER_LABELS.map(([, label]) => label)]}>
          {activity.people.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              {COUNTER_LABELS.map(([key]) => (
                <td key={key}>
                  {p.today[key]} of {targets[key]}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      )}
      <div className="chart-grid">
        <Chart
          title="E-mails and calls per day"
          description={`The team's last 14 days against the daily target of ${targets.emailsSent} e-mails and ${targets.callsMade} calls.`}
          columnHeading="Day"
          labels={labels}
          axisLabels={axis}
          empty={daily.every((d) => d.emailsSent === 0 && d.callsMade === 0) ? 'No e-mail or call was logged in these 14 days.' : undefined}
          series={[
            { label: 'E-mails sent', values: daily.map((d) => d.emailsSent), color: COLOURS.email, kind: 'line' },
            { label: 'Calls made', values: daily.map((d) => d.callsMade), color: COLOURS.call, kind: 'line' },
            { label: 'Daily target', values: daily.map(() => targets.emailsSent), color: COLOURS.target, kind: 'target' },
          ]}
        />
        <Chart
          title="Responses and demos per day"
          description={`Against the daily target of ${targets.responsesReceived} response and ${targets.demosScheduled} demo.`}
          columnHeading="Day"
          labels={labels}
          axisLabels={axis}
          empty={daily.every((d) => d.responsesReceived === 0 && d.demosScheduled === 0) ? 'No response or demo was logged in these 14 days.' : undefined}
          series={[
            { label: 'Responses received', values: daily.map((d) => d.responsesReceived), color: COLOURS.response, kind: 'line' },
            { label: 'Demos scheduled', values: daily.map((d) => d.demosScheduled), color: COLOURS.demo, kind: 'line' },
            { label: 'Daily target', values: daily.map(() => targets.responsesReceived), color: COLOURS.target, kind: 'target' },
          ]}
        />
      </div>
    </div>
  );
}

function PerformanceAnalytics({ dashboard }: { dashboard: OutreachDashboard }) {
  const { activity, pipeline, weekly, firstCustomer } = dashboard;
  const { responseRatePercent, daysToFirstCustomer } = activity.targets;
  return (
    <div className="stack">
      <div className="chart-grid chart-grid-wide">
        <Chart
          title="Pipeline by status"
          description="How many prospects stand at each status now."
          columnHeading="Status"
          labels={pipeline.map((p) => p.status)}
          axisLabels={pipeline.map((p) => SHORT_STATUS[p.status])}
          empty={pipeline.every((p) => p.count === 0) ? 'No prospects yet: each status shows here once the first is added.' : undefined}
          series={[{ label: 'Prospects', values: pipeline.map((p) => p.count), color: COLOURS.pipeline }]}
        />
        <Chart
          title="Response rate per week"
          description={`Responses per prospect contacted, in percent, for the last 8 weeks, against the target of ${responseRatePercent}%.`}
          columnHeading="Week from"
          labels={weekly.map((w) => w.weekStart)}
          axisLabels={weekly.map((w) => shortDay(w.weekStart))}
          unit="%"
          empty={
            weekly.every((w) => w.responseRate === null)
              ? 'No prospect was contacted in these 8 weeks: the rate shows here from the first week one is.'
              : undefined
          }
          series={[
            { label: 'Response rate', values: weekly.map((w) => w.responseRate), color: COLOURS.rate },
            { label: 'Target', values: weekly.map(() => responseRatePercent), color: COLOURS.target, kind: 'target' },
          ]}
        />
      </div>
      <section className="card" aria-labelledby="week-progress">
        <h3 id="week-progress">
          This week ({activity.weekStart} to {activity.weekEnd}) against the week-one targets
        </h3>
        <WeekProgress summary={activity} />
      </section>
      <section className="card" aria-labelledby="first-customer">
        <h3 id="first-customer">First customer</h3>
        <p>
          {firstCustomer.startDay === null
            ? `Target: a first customer within ${daysToFirstCustomer} days of the first outreach. Nothing has been logged yet.`
            : firstCustomer.customerDay
              ? `First customer won on ${firstCustomer.customerDay}, ${firstCustomer.days} days after the first outreach on ${firstCustomer.startDay} (target ${daysToFirstCustomer} days).`
              : `Day ${firstCustomer.days} of ${daysToFirstCustomer} since the first outreach on ${firstCustomer.startDay}; no customer yet.`}
        </p>
        {firstCustomer.startDay !== null && firstCustomer.customerDay === null ? (
          <Progress label="Days used" value={firstCustomer.days ?? 0} target={daysToFirstCustomer} />
        ) : null}
      </section>
    </div>
  );
}

/** The Internal Analytics Dashboard's three tabs, for staff or (shared) for a share link. */
function AnalyticsView({ dashboard }: { dashboard: OutreachDashboard }) {
  return (
    <Tabs
      label="Internal analytics"
      tabs={[
        { id: 'outreach', label: 'Outreach Tracking', content: <OutreachTracking dashboard={dashboard} /> },
        { id: 'daily', label: 'Daily Activity', content: <DailyActivity dashboard={dashboard} /> },
        { id: 'performance', label: 'Performance Analytics', content: <PerformanceAnalytics dashboard={dashboard} /> },
      ]}
    />
  );
}

/** The dashboard as it loads: a status while it comes, the view once it has, and why when it could not be loaded. */
export function LoadedAnalytics({ load, inline = false }: { load: Load<OutreachDashboard>; inline?: boolean }) {
  return (
    <>
      {load.status === 'error' ? <ErrorAlert title="The dashboard could not be loaded" message={errorMessage(load.error)} inline={inline} /> : null}
      {load.data ? (
        <AnalyticsView dashboard={load.data} />
      ) : load.status === 'error' ? null : (
        <p className="muted" role="status">
          Loading the dashboard…
        </p>
      )}
    </>
  );
}
