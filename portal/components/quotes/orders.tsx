import { purchaseOrderPath } from '../../../contract/buyer-links';
import { formatDate } from '../../../sdk/format';
import type { PurchaseOrderSummary, Quote } from '../../../sdk/schemas/rfq';

const ORDER_STATUS: Record<PurchaseOrderSummary['status'], string> = {
  sent: 'awaiting the supplier’s confirmation',
  confirmed: 'confirmed by the supplier',
  cancelled: 'cancelled: the supplier withdrew',
};

/** Where one of a quote's purchase orders downloads from, by the buyer's tracking token. */
function orderPdfPath(token: string, order: PurchaseOrderSummary): string {
  return `${purchaseOrderPath('quotes', token)}?po=${encodeURIComponent(order.purchaseOrderNumber)}`;
}

/** A basket order's products, named as the quote names its lines. */
function orderedProducts(quote: Quote, order: PurchaseOrderSummary): string | null {
  if (!order.lineIds || !quote.lines) return null;
  return order.lineIds.map((id) => quote.lines!.find((l) => l.lineId === id)?.productName ?? id).join(', ');
}

/**
 * The purchase orders placed on a quote, each by its number with where it stands and, when the
 * buyer's tracking token is at hand, a link to its PDF. A basket's supplier ordered from twice has two.
 */
export function PurchaseOrders({ quote, token }: { quote: Quote; token?: string | undefined }) {
  const orders = quote.orders ?? [];
  if (orders.length === 0) return null;
  return (
    <ul className="small purchase-orders" aria-label={`Purchase orders to ${quote.supplier.name}`}>
      {orders.map((order) => {
        // One order is of what the card already says was ordered; two of one basket supplier are told apart by their products.
        const products = orders.length > 1 ? orderedProducts(quote, order) : null;
        const cancelled = order.status === 'cancelled';
        return (
          <li key={order.purchaseOrderNumber}>
            <strong>Purchase order {order.purchaseOrderNumber}</strong>
            {products ? ` for ${products}` : ''}: issued {formatDate(order.issuedOn)}
            {cancelled ? '' : `, deliver by ${formatDate(order.deliverBy)}`}, {ORDER_STATUS[order.status]}.{' '}
            {token ? (
              <a href={orderPdfPath(token, order)} download>
                {cancelled ? 'Cancelled purchase order' : 'Purchase order'} {order.purchaseOrderNumber} (PDF)
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
