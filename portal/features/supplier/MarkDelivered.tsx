import { useState, type FormEvent } from 'react';
import { isHttpError } from '../../../sdk/client/errors';
import { formatDate } from '../../../sdk/format';
import type { SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { supplierApi } from '../../lib/api';

/** Today in Johannesburg, the day the API judges "not after today" by. */
function johannesburgToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/**
 * "Mark delivered" for a won lead's confirmed orders: the day it delivered (today unless changed),
 * after which the buyer is asked to confirm receipt. An order marked shows its day.
 */
export function MarkDelivered({ lead, onDone }: { lead: SupplierLead; onDone(lead: SupplierLead): void }) {
  const confirmed = lead.orders.filter((o) => o.status === 'confirmed');
  const open = confirmed.filter((o) => o.deliveredOn === null).at(-1);
  const today = johannesburgToday();
  const [day, setDay] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (confirmed.length === 0) return null;
  const marked = confirmed.filter((o) => o.deliveredOn !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    setPending(true);
    setError(null);
    try {
      onDone(await supplierApi().delivered(lead.quoteId, { deliveredOn: day, purchaseOrderNumber: open.purchaseOrderNumber }));
    } catch (err) {
      const fields = isHttpError(err) ? (err.details as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      setError(fields?.deliveredOn ?? (isHttpError(err) ? err.apiMessage : 'Procura could not be reached. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  const id = `delivered-${lead.quoteId}`;
  return (
    <div className="mark-delivered">
      {marked.map((o) => (
        <p key={o.purchaseOrderNumber} className="small">
          You marked {o.purchaseOrderNumber} delivered on {formatDate(o.deliveredOn!)}.
        </p>
      ))}
      {open ? (
        <form onSubmit={submit} className="inline-form" aria-label={`Mark ${open.purchaseOrderNumber} delivered`}>
          <label htmlFor={id}>Delivered on</label>{' '}
          <input
            id={id}
            type="date"
            max={today}
            value={day}
            onChange={(e) => setDay(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />{' '}
          <button type="submit" className="button button-secondary" disabled={pending}>
            {pending ? 'Saving…' : 'Mark delivered'}
            <span className="visually-hidden"> {open.purchaseOrderNumber}</span>
          </button>
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
