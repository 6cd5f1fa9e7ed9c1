import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { BuyerHistory } from '../../../contract/schemas/buyer';
import type { RfqSubmitResponse } from '../../../sdk/schemas/rfq';
import { formatRand } from '../../../sdk/format';
import { TextField } from '../../../widget/ui/TextField';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { buyerApi } from '../../lib/api';
import { useSave } from '../../lib/use-save';

type Request = BuyerHistory['requests'][number];

/** Where a request's quotes are shown. */
export const resultsPath = (rfqId: string) => `/quote-success?rfqId=${encodeURIComponent(rfqId)}`;

/** What the new request got: its quotes' count and best price, and the way to them. */
function Sent({ answer }: { answer: RfqSubmitResponse }) {
  const best = answer.quotes.length === 0 ? null : Math.min(...answer.quotes.map((q) => q.totalPriceInclVat));
  return (
    <div className="notice notice-success" role="status">
      <div className="alert-title">Request sent again</div>
      <p>
        {answer.quotes.length === 0
          ? 'No supplier quoted it yet: we e-mail you when one does.'
          : `${answer.quotes.length} ${answer.quotes.length === 1 ? 'quote' : 'quotes'}, the best ${formatRand(best!)} incl. VAT. They are on their way to your inbox too.`}
      </p>
      <p>
        <Link href={resultsPath(answer.rfqId)}>See the new request&rsquo;s quotes</Link>
      </p>
    </div>
  );
}

/**
 * "Order again": the request's quantities, each changeable, sent as a new request with the same
 * products, unit, city and contact. One key per opened form, so a double click or a retry after
 * a lost answer sends one request.
 */
export function RepeatForm({ request, onClose }: { request: Request; onClose(): void }) {
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(request.lines.map((l) => [l.lineId, String(l.quantity)])));
  const [key] = useState(() => crypto.randomUUID());
  const [answer, setAnswer] = useState<RfqSubmitResponse | null>(null);
  const { errors, failure, saving, run } = useSave();
  const fieldId = (lineId: string) => `repeat-${request.id}-${lineId}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => setAnswer(await buyerApi().repeat(request.id, { quantities }, { idempotencyKey: key })),
      (fields) => {
        const first = request.lines.find((l) => fields[`quantities.${l.lineId}`]);
        if (first) document.getElementById(fieldId(first.lineId))?.focus();
      },
    );
  };
  if (answer) return <Sent answer={answer} />;
  return (
    <form className="form-stack repeat-form" onSubmit={submit} noValidate aria-label={`Order ${request.product} again`}>
      {failure ? <ErrorAlert title="Not sent" message={failure} inline /> : null}
      <p className="small muted">The same products to {request.city}, with your contact details. Change any quantity first.</p>
      {request.lines.map((l) => (
        <TextField
          key={l.lineId}
          id={fieldId(l.lineId)}
          label={`${l.productName} (${l.unit})`}
          inputMode="numeric"
          value={quantities[l.lineId] ?? ''}
          onChange={(v) => setQuantities((q) => ({ ...q, [l.lineId]: v }))}
          error={errors[`quantities.${l.lineId}`]}
          required
        />
      ))}
      <div className="form-actions">
        <SubmitButton pending={saving} busy="Sending…">
          Send this request again
        </SubmitButton>
        <button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
