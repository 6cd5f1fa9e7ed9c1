import { ACTIVITY_LABELS, type ProspectStatus } from '../../../contract/schemas/sales';
import type { Activity, ActivitySummary, Counters } from '../../../contract/schemas/outreach';
import { formatTime } from '../../../sdk/format';

/** A figure against its target: "3 of 5", with a bar that fills to the target. */
export function Progress({ label, value, target, suffix = '' }: { label: string; value: number; target: number; suffix?: string }) {
  const done = value >= target;
  return (
    <div className="progress-item">
      <div className="progress-head">
        <span>{label}</span>
        <strong>
          {value}
          {suffix}{' '}
          <span className="muted small">
            of {target}
            {suffix}
          </span>
          {done ? <span className="badge badge-success progress-done">Target met</span> : null}
        </strong>
      </div>
      <div className="meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, target === 0 ? 100 : (value / target) * 100)}%` }} />
      </div>
    </div>
  );
}

export const COUNTER_LABELS: [keyof Counters, string][] = [
  ['emailsSent', 'E-mails sent'],
  ['callsMade', 'Calls made'],
  ['responsesReceived', 'Responses received'],
  ['demosScheduled', 'Demos scheduled'],
];

/** The team's week so far against the week-one targets. */
export function WeekProgress({ summary }: { summary: Pick<ActivitySummary, 'team' | 'targets'> }) {
  const { week } = summary.team;
  const { week1, responseRatePercent } = summary.targets;
  return (
    <div className="progress-grid">
      <Progress label="Prospects contacted" value={week.contacts} target={week1.contacts} />
      <Progress label="Responses" value={week.responsesReceived} target={week1.responses} />
      <Progress label="Demos scheduled" value={week.demosScheduled} target={week1.demos} />
      <Progress label="Trials started" value={week.trials} target={week1.trials} />
      <Progress label="Response rate" value={week.responseRate ?? 0} target={responseRatePercent} suffix="%" />
    </div>
  );
}
/** The four counters against their daily targets. */
export function CounterGrid({ counters, targets, label }: { counters: Counters; targets: Counters; label: string }) {
  return (
    <section className="card" aria-label={label}>
      <div className="progress-grid">
        {COUNTER_LABELS.map(([key, name]) => (
          <Progress key={key} label={name} value={counters[key]} target={targets[key]} />
        ))}
      </div>
    </section>
  );
}

const STATUS_BADGE: Partial<Record<ProspectStatus, string>> = {
  Interested: 'badge-primary',
  'Demo Scheduled': 'badge-primary',
  Trial: 'badge-warning',
  Customer: 'badge-success',
  'Not Interested': 'badge-danger',
  'Follow Up Required': 'badge-warning',
};

export function StatusBadge({ status }: { status: ProspectStatus }) {
  return <span className={`badge ${STATUS_BADGE[status] ?? ''}`}>{status}</span>;
}

/** A day's log: who did what, when, for which prospect. */
export function ActivityLog({ log }: { log: Activity[] }) {
  if (log.length === 0) return <p className="muted small">Nothing logged yet today. Set a prospect's status or log a call in its Update Prospect window.</p>;
  return (
    <ol className="activity-log">
      {log.map((a) => (
        <li key={a.id}>
          <time dateTime={a.occurredAt}>{formatTime(a.occurredAt)}</time>
          <span>
            <strong>{a.staff.name}</strong>: {ACTIVITY_LABELS[a.kind]}
            {a.company ? ` · ${a.company}` : ' · a deleted prospect'}
            {a.note ? <span className="muted"> · {a.note}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** ✓ or – for a flag, with its words for screen readers. */
export function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className={on ? 'flag flag-on' : 'flag'} aria-label={`${label}: ${on ? 'yes' : 'no'}`} role="img">
      {on ? '✓' : '–'}
    </span>
  );
}
