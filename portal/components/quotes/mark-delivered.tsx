import { useRef, useState, type FormEvent } from 'react';
import { isHttpError } from '../../../sdk/client/errors';
import { formatDate, johannesburgToday } from '../../../sdk/format';
import { RECEIPT_MESSAGES } from '../../../sdk/order-rules';
import type { PurchaseOrderSummary } from '../../../sdk/schemas/rfq';
import { actionErrorText } from './status';
import './deliveries.css';

/** What "Mark delivered" reads of an order: its number, where it stands and the day it was marked delivered. */
export type DeliverableOrder = Pick<PurchaseOrderSummary, 'purchaseOrderNumber' | 'status' | 'deliveredOn'>;

interface MarkDeliveredProps {
  /** The orders of one quote; only the confirmed ones are marked. */
  orders: readonly DeliverableOrder[];
  /** Makes the control's ids unique on the page (a lead's quote id, or the response link's). */
  idPrefix: string;
  /** Sends the day for the order; throws the API's error. */
  onMark: (input: { deliveredOn: string; purchaseOrderNumber: string }) => Promise<void>;
}

/**
 * "Mark delivered" for a quote's confirmed orders, in the supplier's workspace and on its response
 * link: the day it delivered (today in Johannesburg unless changed), after which the buyer is asked
 * to confirm receipt. An order marked shows its day; the newest order not yet marked gets the form.
 */
export function MarkDelivered({ orders, idPrefix, onMark }: MarkDeliveredProps) {
  const confirmed = orders.filter((o) => o.status === 'confirmed');
  const open = confirmed.filter((o) => o.deliveredOn === null).at(-1);
  const today = johannesburgToday();
  const [day, setDay] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (confirmed.length === 0) return null;
  const marked = confirmed.filter((o) => o.deliveredOn !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) {
      setError(RECEIPT_MESSAGES.deliveredOn);
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onMark({ deliveredOn: day, purchaseOrderNumber: open.purchaseOrderNumber });
    } catch (err) {
      const fields = isHttpError(err) ? (err.details as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      setError(fields?.deliveredOn ?? actionErrorText(err));
      if (fields?.deliveredOn) input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  const id = `delivered-${idPrefix}`;
  return (
    // Polite: the line that replaces the sent form, and a refused day's message, are read out where they appear.
    <div className="mark-delivered" aria-live="polite">
      {marked.map((o) => (
        <p key={o.purchaseOrderNumber} className="small">
          You marked {o.purchaseOrderNumber} delivered on {formatDate(o.deliveredOn!)}. We asked the buyer to confirm receipt.
        </p>
      ))}
      {open ? (
        <form onSubmit={submit} className="inline-form" aria-label={`Mark ${open.purchaseOrderNumber} delivered`} noValidate>
          <label htmlFor={id}>Delivered on</label>{' '}
          <input
            ref={input}
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
