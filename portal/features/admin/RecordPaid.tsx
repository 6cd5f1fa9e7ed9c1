import { type ReactNode, useState } from 'react';
import { formatRand, johannesburgToday } from '../../../sdk/format';
import type { BillingDocument } from '../../../contract/schemas/finance';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { staffApi } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/api-errors';

type Field = 'paidOn' | 'bankReference';

/**
 * Records a statement's payout paid: the day the bank paid it (today unless changed) and the
 * bank's reference. The server's field messages show under their fields; the payout's ledger line
 * is written by the same call.
 */
export function RecordPaid({ statement, onClose, onPaid }: { statement: BillingDocument; onClose(): void; onPaid(): void }) {
  const payout = statement.payout!;
  const [paidOn, setPaidOn] = useState(() => johannesburgToday());
  const [bankReference, setBankReference] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const field = (id: Field, label: string, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`payout-${id}`}>{label}</label>
      {input}
      {errors[id] ? (
        <p id={`payout-${id}-error`} className="field-error" role="alert">
          {errors[id]}
        </p>
      ) : null}
    </div>
  );
  const described = (id: Field) => ({ 'aria-invalid': errors[id] ? true : undefined, 'aria-describedby': errors[id] ? `payout-${id}-error` : undefined });
  return (
    <ConfirmDialog
      title={`Record ${statement.number} paid`}
      confirmLabel="Record paid"
      pendingLabel="Recording…"
      focus="field"
      onClose={onClose}
      validate={() => {
        const found: Partial<Record<Field, string>> = {};
        if (!bankReference.trim()) found.bankReference = 'Bank reference is required';
        setErrors(found);
        return Object.keys(found).length === 0;
      }}
      describe={(err) => {
        const fields = fieldErrors(err);
        setErrors(fields);
        return Object.keys(fields).length > 0 ? null : errorMessage(err);
      }}
      onConfirm={async () => {
        await staffApi().finance.markPaid(payout.id, { paidOn, bankReference });
        onPaid();
      }}
    >
      <p>
        {formatRand(payout.amountCents / 100)} to {statement.partnerName ?? statement.partnerId}, due {payout.dueOn}.
      </p>
      {field(
        'paidOn',
        'Paid on',
        <input id="payout-paidOn" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} data-autofocus="" {...described('paidOn')} />,
      )}
      {field(
        'bankReference',
        'Bank reference',
        <input
          id="payout-bankReference"
          maxLength={60}
          value={bankReference}
          onChange={(e) => setBankReference(e.target.value)}
          {...described('bankReference')}
        />,
      )}
    </ConfirmDialog>
  );
}
