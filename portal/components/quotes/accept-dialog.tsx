import { formatRand } from '../../../sdk/format';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { actionErrorText } from './status';

/**
 * The confirmation before a buyer accepts a quote: it names the supplier and what the order
 * costs with VAT, and says who will be told. Accepting is never done without it.
 */
export function AcceptQuoteDialog({ supplierName, totalPriceInclVat, onAccept, onClose }: { supplierName: string; totalPriceInclVat: number; onAccept(): Promise<void>; onClose(): void }) {
  return (
    <ConfirmDialog title="Accept this quote?" confirmLabel="Accept quote" pendingLabel="Accepting…" onConfirm={onAccept} onClose={onClose} describe={actionErrorText}>
      <p className="flush">
        You are accepting the quote from <strong>{supplierName}</strong> for <strong>{formatRand(totalPriceInclVat)} incl. VAT</strong>.
      </p>
      <p className="small flush">
        {supplierName} receives the order with your contact details (e-mail address, name, company and company size) and is asked to confirm it. The other suppliers are told
        they were not selected.
      </p>
    </ConfirmDialog>
  );
}
