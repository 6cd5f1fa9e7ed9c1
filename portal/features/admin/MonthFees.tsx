import { useState } from 'react';
import { formatRand } from '../../../sdk/format';
import type { FeeReversal, MonthFee } from '../../../contract/schemas/finance';
import { DataTable } from '../../components/ui/data-table';
import { ReverseFee } from './ReverseFee';

const rand = (cents: number) => formatRand(cents / 100);

/**
 * The success fees written in a month, each with its reversal once staff reversed it, or the
 * "Reverse fee" button that asks why. `onReversed` reads the books again, so the sums and the row
 * show the reversal.
 */
export function MonthFees({ fees, monthName, onReversed }: { fees: readonly MonthFee[]; monthName: string; onReversed(): void }) {
  const [reversing, setReversing] = useState<MonthFee | null>(null);
  const [done, setDone] = useState<FeeReversal | null>(null);
  return (
    <>
      <h3>Success fees</h3>
      {done ? (
        <p className="notice-panel card flush" role="status">
          The fee on {done.poNumber} was reversed on {done.onDay}: {rand(done.amountCents)} + VAT {rand(done.vatCents)} comes off the supplier's next invoice.
        </p>
      ) : null}
      {fees.length === 0 ? (
        <p className="muted">No success fee was written in {monthName}.</p>
      ) : (
        <DataTable
          label="Success fees"
          caption={`Success fees written in ${monthName}`}
          heads={['Order', 'Supplier', 'Written', 'Order value', 'Fee', 'Reversal']}
        >
          {fees.map((f) => (
            <tr key={f.purchaseOrderId}>
              <th scope="row">{f.poNumber}</th>
              <td>{f.supplierName ?? `Supplier ${f.supplierId}`}</td>
              <td>{f.onDay}</td>
              <td>{rand(f.valueCents)}</td>
              <td>
                {rand(f.amountCents)} + VAT {rand(f.vatCents)}
              </td>
              <td>
                {f.reversal ? (
                  <span>
                    Reversed {f.reversal.onDay}: {f.reversal.reason}
                  </span>
                ) : (
                  <button type="button" className="button button-secondary" onClick={() => setReversing(f)}>
                    Reverse fee<span className="visually-hidden"> on {f.poNumber}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {reversing ? (
        <ReverseFee
          fee={reversing}
          onClose={() => setReversing(null)}
          onReversed={(reversal) => {
            setReversing(null);
            setDone(reversal);
            onReversed();
          }}
        />
      ) : null}
    </>
  );
}
