import { useState, type FormEvent } from 'react';
import { isHttpError } from '../../../sdk/client/errors';
import { formatDate, johannesburgToday } from '../../../sdk/format';
import { RECEIPT_COMMENT_MAX, RECEIPT_MESSAGES } from '../../../sdk/order-rules';
import type { OrderReceiptInput, PurchaseOrderSummary, Quote } from '../../../sdk/schemas/rfq';
import { actionErrorText } from './status';
import './deliveries.css';

/** The rule a receipt is judged by, with the order's promised day. */
function onTimeRule(order: PurchaseOrderSummary): string {
  return `Promised for ${formatDate(order.promisedOn)}: the day you accepted plus the longest lead time quoted. A delivery on or before that day counts as on time.`;
}

/** What the buyer recorded of an order's receipt. */
function RecordedReceipt({ order }: { order: PurchaseOrderSummary }) {
  const r = order.receipt!;
  return (
    <p className="small">
      You confirmed receipt of purchase order {order.purchaseOrderNumber}: arrived {formatDate(r.receivedOn)}, {r.onTime ? 'on time' : 'late'},{' '}
      {r.inFull ? 'everything arrived' : 'not everything arrived'}, rated {r.rating} of 5.
    </p>
  );
}

interface ReceiptFormProps {
  order: PurchaseOrderSummary;
  supplierName: string;
  /** Sends the receipt; throws the API's error. */
  onSubmit: (receipt: OrderReceiptInput) => Promise<void>;
  /** Opened by the e-mail's link (`?action=receipt`): the form takes the focus. */
  autoFocus?: boolean;
}

/** The buyer's "Confirm receipt" form of one confirmed order: the day it arrived, in full or not, a rating and a comment. */
function ReceiptForm({ order, supplierName, onSubmit, autoFocus = false }: ReceiptFormProps) {
  const today = johannesburgToday();
  const [receivedOn, setReceivedOn] = useState(today);
  const [inFull, setInFull] = useState<boolean | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = `receipt-${order.purchaseOrderNumber}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn) || receivedOn > today) found.receivedOn = RECEIPT_MESSAGES.receivedOn;
    if (inFull === null) found.inFull = RECEIPT_MESSAGES.inFull;
    if (rating === null) found.rating = RECEIPT_MESSAGES.rating;
    if (comment.trim().length > RECEIPT_COMMENT_MAX) found.comment = RECEIPT_MESSAGES.comment;
    setErrors(found);
    if (Object.keys(found).length > 0 || inFull === null || rating === null) return;
    setPending(true);
    setFailure(null);
    try {
      await onSubmit({ receivedOn, inFull, rating, purchaseOrderNumber: order.purchaseOrderNumber, ...(comment.trim() ? { comment: comment.trim() } : {}) });
    } catch (err) {
      const fields = isHttpError(err) ? (err.details as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      if (fields) setErrors(fields);
      else setFailure(actionErrorText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="receipt-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`}>Confirm receipt of purchase order {order.purchaseOrderNumber}</h3>
      <p className="small">{onTimeRule(order)}</p>
      <div className="field">
        <label htmlFor={`${id}-date`}>Day it arrived</label>
        <input
          id={`${id}-date`}
          type="date"
          max={today}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.target.value)}
          aria-invalid={errors.receivedOn ? true : undefined}
          aria-describedby={errors.receivedOn ? `${id}-date-error` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the e-mail's "Confirm receipt" link opens this form to fill in
          autoFocus={autoFocus}
        />
        {errors.receivedOn ? (
          <p id={`${id}-date-error`} className="field-error">
            {errors.receivedOn}
          </p>
        ) : null}
      </div>
      <fieldset aria-describedby={errors.inFull ? `${id}-full-error` : undefined}>
        <legend>Everything arrived?</legend>
        <label>
          <input type="radio" name={`${id}-full`} checked={inFull === true} onChange={() => setInFull(true)} /> Yes
        </label>
        <label>
          <input type="radio" name={`${id}-full`} checked={inFull === false} onChange={() => setInFull(false)} /> No
        </label>
        {errors.inFull ? (
          <p id={`${id}-full-error`} className="field-error">
            {errors.inFull}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend>Your rating of {supplierName}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input type="radio" name={`${id}-rating`} checked={rating === n} onChange={() => setRating(n)} aria-label={`${n} of 5`} /> {n}
          </label>
        ))}
        {errors.rating ? (
          <p id={`${id}-rating-error`} className="field-error">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>Comment (optional)</label>
        <textarea
          id={`${id}-comment`}
          maxLength={RECEIPT_COMMENT_MAX}
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
        />
        {errors.comment ? (
          <p id={`${id}-comment-error`} className="field-error">
            {errors.comment}
          </p>
        ) : null}
      </div>
      {failure ? <p role="alert">{failure}</p> : null}
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Sending…' : 'Confirm receipt'}
      </button>
    </form>
  );
}

/**
 * An ordered quote's receipts: the form for each confirmed order without one, what was recorded
 * for each with one. Nothing before the supplier confirmed. Without `onSubmit` (a page that does
 * not hold the quote's tracking token) an order without a receipt says where to confirm it.
 */
export function OrderReceipts({
  quote,
  onSubmit,
  autoFocus = false,
}: {
  quote: Quote;
  onSubmit?: ReceiptFormProps['onSubmit'] | undefined;
  autoFocus?: boolean;
}) {
  const orders = (quote.orders ?? []).filter((o) => o.status === 'confirmed');
  if (orders.length === 0) return null;
  return (
    // Polite: the recorded receipt that replaces a sent form, and a refused field's message, are read out where they appear.
    <div className="order-receipts" aria-live="polite">
      {orders.map((order) =>
        order.receipt ? (
          <RecordedReceipt key={order.purchaseOrderNumber} order={order} />
        ) : onSubmit ? (
          <ReceiptForm key={order.purchaseOrderNumber} order={order} supplierName={quote.supplier.name} onSubmit={onSubmit} autoFocus={autoFocus} />
        ) : (
          <p key={order.purchaseOrderNumber} className="small">
            Once purchase order {order.purchaseOrderNumber} arrives, confirm receipt from the <strong>Confirm receipt</strong> link of our e-mail, or open this
            page from its <strong>Compare all quotes</strong> link.
          </p>
        ),
      )}
    </div>
  );
}
