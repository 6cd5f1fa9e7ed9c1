import { useState } from 'react';
import { centsToRand, formatDate, formatRand, joinWords, vatCents } from '../../../sdk/format';
import type { SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { leadPurchaseOrderPath } from '../../../contract/client/supplier';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { supplierApi } from '../../lib/api';

type Order = SupplierLead['orders'][number];

const ORDER_STATUS: Record<Order['status'], string> = { sent: 'awaiting your confirmation', confirmed: 'confirmed', cancelled: 'cancelled' };

/** What an order comes to incl. VAT: a basket order's lines with VAT on their sum, a single product's the quote's total. */
function orderTotalInclVat(lead: SupplierLead, order: Order): number {
  if (!order.lineIds || !lead.lines) return lead.totalPriceInclVat;
  const cents = lead.lines.filter((l) => order.lineIds!.includes(l.lineId)).reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0);
  return centsToRand(cents + vatCents(cents, lead.vatRate));
}

/** The question the confirmation asks: the orders it confirms, by number, and what they come to incl. VAT. */
function confirmQuestion(lead: SupplierLead): string {
  const waiting = lead.orders.filter((o) => o.status === 'sent');
  if (waiting.length === 0) return `Confirm the order for ${formatRand(lead.totalPriceInclVat)}?`;
  const total = centsToRand(waiting.reduce((sum, o) => sum + Math.round(orderTotalInclVat(lead, o) * 100), 0));
  return `Confirm order ${joinWords(waiting.map((o) => o.purchaseOrderNumber))} for ${formatRand(total)}?`;
}

/**
 * A won lead's buyer and orders: whom to deliver to and how to reach them, their reference, VAT
 * number and words, and each purchase order with its PDF.
 */
export function LeadBuyer({ lead }: { lead: SupplierLead }) {
  const buyer = lead.buyer;
  if (!buyer) return null;
  return (
    <section aria-label="The buyer" className="notice">
      <strong>The buyer accepted.</strong>{' '}
      {buyer.email ? (
        <>
          {buyer.contactName ?? 'Contact'}
          {buyer.companyName ? `, ${buyer.companyName}` : ''}: <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
          {buyer.phone ? (
            <>
              {' '}
              · <a href={`tel:${buyer.phone.replace(/\s/g, '')}`}>{buyer.phone}</a>
            </>
          ) : null}
          {buyer.deliveryAddress ? <span className="prewrap"> · {buyer.deliveryAddress}</span> : null}
        </>
      ) : (
        'Their contact details were deleted.'
      )}
      {lead.orders.length > 0 || buyer.purchaseOrderReference || buyer.vatNumber || buyer.productDescription ? (
        <dl className="facts small">
          {lead.orders.length > 0 ? (
            <>
              <dt>{lead.orders.length === 1 ? 'Purchase order' : 'Purchase orders'}</dt>
              <dd>
                <ul className="plain-list unmarked">
                  {lead.orders.map((o) => (
                    <li key={o.purchaseOrderNumber}>
                      <a href={leadPurchaseOrderPath(lead.quoteId, o.purchaseOrderNumber)} target="_blank" rel="noopener">
                        {o.purchaseOrderNumber} (PDF)
                      </a>{' '}
                      <span className="lead-order-meta">
                        issued {formatDate(o.issuedOn)}, deliver by {formatDate(o.deliverBy)}, {ORDER_STATUS[o.status]}
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {buyer.purchaseOrderReference ? (
            <>
              <dt>Buyer’s reference</dt>
              <dd>{buyer.purchaseOrderReference}</dd>
            </>
          ) : null}
          {buyer.vatNumber ? (
            <>
              <dt>Buyer’s VAT number</dt>
              <dd>{buyer.vatNumber}</dd>
            </>
          ) : null}
          {buyer.productDescription ? (
            <>
              <dt>Buyer’s description</dt>
              <dd className="prewrap">{buyer.productDescription}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

/** The one-click confirmation of an accepted order, asked once in a dialog first: it cannot be undone. */
export function ConfirmOrder({ lead, onDone }: { lead: SupplierLead; onDone(lead: SupplierLead): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setAsking(true)} aria-haspopup="dialog">
        Confirm the order<span className="visually-hidden"> {lead.quoteId}</span>
      </button>
      {asking ? (
        <ConfirmDialog
          title={confirmQuestion(lead)}
          confirmLabel="Confirm the order"
          pendingLabel="Confirming…"
          focus="cancel"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            const confirmed = await supplierApi().confirm(lead.quoteId);
            setAsking(false);
            onDone(confirmed);
          }}
        >
          <p className="flush">The buyer is told at once that you will deliver. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
