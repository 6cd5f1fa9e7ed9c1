import { formatQuantity } from '../../../sdk/rules';
import { formatRand } from '../../../sdk/format';
import type { SupplierLead } from '../../../contract/schemas/supplier-workspace';

/** A basket lead's products: each with this supplier's price, and those the buyer ordered from it with what they come to. */
export function LeadLines({ lines }: { lines: NonNullable<SupplierLead['lines']> }) {
  const ordered = lines.filter((l) => l.ordered);
  return (
    <>
      <ul className="small lead-lines" aria-label="Products you quote">
        {lines.map((l) => (
          <li key={l.productName}>
            {formatQuantity(l.quantity, l.unit)} of {l.productName}: {formatRand(l.totalPrice)} ({formatRand(l.unitPrice)} each)
            {l.ordered ? <span className="badge badge-success">Ordered</span> : null}
          </li>
        ))}
      </ul>
      {ordered.length > 0 ? (
        <p className="small">
          <strong>Ordered from you: {formatRand(ordered.reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0) / 100)} excl. VAT</strong>
        </p>
      ) : null}
    </>
  );
}
