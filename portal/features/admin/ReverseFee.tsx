import { useState } from 'react';
import { formatRand } from '../../../sdk/format';
import { FEE_REVERSAL_REASON, type FeeReversal, type MonthFee } from '../../../contract/schemas/finance';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { staffApi } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/api-errors';

const REASON_MESSAGE = `Give the reason for reversing the fee (${FEE_REVERSAL_REASON.min} to ${FEE_REVERSAL_REASON.max} characters)`;

/**
 * Reverses an order's success fee for a reason. The reversal cannot be taken back, and it is a
 * line of today's month: a closed month keeps its invoice, and the fee comes off the supplier's
 * next one. The server's field message shows under the reason; any other refusal (reversed
 * already) in the dialog.
 */
export function ReverseFee({ fee, onClose, onReversed }: { fee: MonthFee; onClose(): void; onReversed(reversal: FeeReversal): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rand = (cents: number) => formatRand(cents / 100);
  return (
    <ConfirmDialog
      title={`Reverse the fee on ${fee.poNumber}`}
      confirmLabel="Reverse fee"
      pendingLabel="Reversing…"
      focus="field"
      onClose={onClose}
      validate={() => {
        const length = reason.trim().length;
        const found = length < FEE_REVERSAL_REASON.min || length > FEE_REVERSAL_REASON.max ? REASON_MESSAGE : null;
        setError(found);
        return found === null;
      }}
      describe={(err) => {
        const field = fieldErrors(err).reason ?? null;
        setError(field);
        return field ? null : errorMessage(err);
      }}
      onConfirm={async () => onReversed(await staffApi().finance.reverseFee(fee.purchaseOrderId, { reason }))}
    >
      <p>
        {rand(fee.amountCents)} + VAT {rand(fee.vatCents)} charged to {fee.supplierName ?? `supplier ${fee.supplierId}`} on {fee.onDay}. The reversal is written
        today and comes off the supplier's next invoice; it cannot be undone.
      </p>
      <div className="field">
        <label htmlFor="fee-reason">Reason</label>
        <textarea
          id="fee-reason"
          rows={3}
          maxLength={FEE_REVERSAL_REASON.max}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-autofocus=""
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fee-reason-error' : undefined}
        />
        {error ? (
          <p id="fee-reason-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
