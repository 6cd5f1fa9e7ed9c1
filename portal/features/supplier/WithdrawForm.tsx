import { useState, type FormEvent } from 'react';
import { textError } from '../../../sdk/text';
import { SUPPLIER_MESSAGES, type SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { supplierApi } from '../../lib/api';
import { useSave } from '../../lib/use-save';

/**
 * The form that withdraws a lead's quote, or with `line` one product of a basket's quote, with a
 * reason the buyer is told; `onDone` takes the lead as it then stands.
 */
export function WithdrawForm({ lead, line, onDone }: { lead: SupplierLead; line?: { lineId: string; productName: string }; onDone(lead: SupplierLead): void }) {
  const id = line ? `${lead.quoteId}-${line.lineId}` : lead.quoteId;
  const [reason, setReason] = useState('');
  const { errors, setErrors, failure, saving, run } = useSave<'reason'>();
  const focusReason = () => document.getElementById(`${id}-reason`)?.focus();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const problem = textError(text, 'Reason', 'multi') ?? (text.length < 5 || text.length > 1000 ? SUPPLIER_MESSAGES.reason : undefined);
    if (problem) {
      setErrors({ reason: problem });
      focusReason();
      return;
    }
    await run(async () => onDone(await supplierApi().decline(lead.quoteId, line ? { lineIds: [line.lineId], reason } : { reason })), focusReason);
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate aria-label={line ? `Withdraw ${line.productName}` : `Withdraw quote ${id}`}>
      {failure ? <ErrorAlert title="Not withdrawn" message={failure} inline /> : null}
      <TextField
        id={`${id}-reason`}
        label={line ? 'Why you withdraw it (the buyer is told)' : 'Why you withdraw (the buyer is told)'}
        rows={2}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        required
      />
      <button type="submit" className="button button-secondary" disabled={saving}>
        {saving ? 'Withdrawing…' : line ? 'Withdraw this product' : 'Withdraw this quote'}
      </button>
    </form>
  );
}
