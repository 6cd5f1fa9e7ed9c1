import { formatNumber } from '../../../sdk/format';
import type { OutboxDepth, OutboxStatus } from '../../../contract/schemas/outbox';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { staffApi } from '../../lib/api';
import { errorText, useLoad } from '../../lib/use-load';

/** Each state as staff read it, in the order an e-mail passes through them. */
const STATES: { status: OutboxStatus; label: string }[] = [
  { status: 'pending', label: 'Waiting to send' },
  { status: 'sending', label: 'Sending now' },
  { status: 'sent', label: 'Sent' },
  { status: 'held', label: 'Held (no SMTP server)' },
  { status: 'dead', label: 'Given up' },
];

/** An age in whole seconds as "45 s", "3 min 20 s", "2 h 5 min" or "3 d 4 h". */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/**
 * The e-mail outbox at a glance: how many e-mails are in each state and how long the oldest one
 * still to send has waited, so staff notice an SMTP outage before buyers do. Read afresh with
 * the rest of the page.
 */
export function OutboxPanel({ refresh }: { refresh: number }) {
  const load = useLoad<OutboxDepth>((signal) => staffApi().admin.outbox({ signal }), [refresh]);
  const outbox = load.data;
  return (
    <section className="card stack" aria-labelledby="admin-outbox">
      <h2 id="admin-outbox">E-mail outbox</h2>
      {load.status === 'error' ? <ErrorAlert title="Outbox not loaded" message={errorText(load.error)} inline /> : null}
      {outbox ? (
        <>
          <dl className="outbox-depth">
            {STATES.map(({ status, label }) => (
              <div key={status}>
                <dt>{label}</dt>
                <dd>{formatNumber(outbox.depth[status])}</dd>
              </div>
            ))}
          </dl>
          {outbox.mailbox ? (
            <p className="small">
              Held e-mails can be read in the <a href={outbox.mailbox}>development mailbox</a>.
            </p>
          ) : null}
          <p className="small">
            {outbox.oldestPendingSeconds === null
              ? 'No e-mail is waiting.'
              : `The oldest e-mail still to send has waited ${formatAge(outbox.oldestPendingSeconds)}.`}
          </p>
        </>
      ) : null}
    </section>
  );
}
