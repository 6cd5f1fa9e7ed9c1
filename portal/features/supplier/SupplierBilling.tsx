import { supplierInvoicePath, type SupplierInvoice } from '../../../contract/schemas/supplier-billing';
import { formatDate, formatRand } from '../../../sdk/format';
import { DataTable } from '../../components/ui/data-table';
import { Loaded } from '../../components/ui/loaded';
import { supplierApi } from '../../lib/api';

const rand = (cents: number) => formatRand(cents / 100);
/** 'November 2026' for '2026-11'. */
const monthName = (month: string) => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The Billing tab: Procura's tax invoices of success fees, newest first, each order's fee and the invoice's PDF. */
export function SupplierBillingTab() {
  return (
    <Loaded read={(signal) => supplierApi().invoices({ signal })} failed="Invoices not loaded" loading="Loading your invoices" height="10rem">
      {({ invoices }) =>
        invoices.length === 0 ? (
          <p className="muted">
            No invoices yet. Once a month in which you confirmed orders has ended, Procura's tax invoice of their success fees is e-mailed to your team and kept
            here.
          </p>
        ) : (
          <div className="form-stack">
            {invoices.map((invoice) => (
              <Invoice key={invoice.number} invoice={invoice} />
            ))}
          </div>
        )
      }
    </Loaded>
  );
}

function Invoice({ invoice }: { invoice: SupplierInvoice }) {
  const headingId = `invoice-${invoice.number}`;
  return (
    <section className="card billing-invoice" aria-labelledby={headingId}>
      <div className="quote-head">
        <h3 id={headingId}>
          {invoice.number} · {monthName(invoice.month)}
        </h3>
        <a className="button button-ghost" href={supplierInvoicePath(invoice.number)} download>
          Download PDF<span className="visually-hidden"> of {invoice.number}</span>
        </a>
      </div>
      <p className="small muted">
        Issued {formatDate(invoice.issuedOn)}: fees {rand(invoice.subtotalCents)} + VAT {rand(invoice.vatCents)} = <strong>{rand(invoice.totalCents)}</strong>
      </p>
      <DataTable
        label={`Orders of ${invoice.number}`}
        caption={`The success fee of each order on ${invoice.number}`}
        heads={['Purchase order', 'Order value excl. VAT', 'Fee excl. VAT', 'VAT']}
      >
        {invoice.lines.map((l, i) => (
          <tr key={`${l.poNumber}-${i}`}>
            <th scope="row">
              {l.poNumber ?? 'Order'}
              {l.reversed ? ' (reversed)' : ''}
            </th>
            <td>{rand(l.valueCents)}</td>
            <td>{rand(l.feeCents)}</td>
            <td>{rand(l.vatCents)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
