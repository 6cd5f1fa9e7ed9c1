import { useState, type ReactNode } from 'react';
import { countedText, type SupplierOrderOutcome, type SupplierPerformance } from '../../../contract/schemas/supplier-performance';
import { formatDate, formatRand } from '../../../sdk/format';
import { errorMessage } from '../../lib/api-errors';
import { useLoad } from '../../lib/use-load';
import { ErrorAlert } from '../ui/ErrorAlert';
import { ScorecardBlock } from './ScorecardBlock';

type Viewer = 'you' | 'staff';

const STATUS_TEXT: Record<SupplierOrderOutcome['status'], string> = { sent: 'Not confirmed', confirmed: 'Confirmed', cancelled: 'Cancelled' };

/** What the buyer recorded of a delivery, in words. */
function receiptText(receipt: NonNullable<SupplierOrderOutcome['receipt']>): string {
  return [
    `Received ${formatDate(receipt.receivedOn)}`,
    receipt.onTime ? 'on time' : 'late',
    receipt.inFull ? 'in full' : 'not in full',
    `rated ${receipt.rating} of 5`,
  ].join(', ');
}

/** One order with its outcome: its number, product and value, its days, the buyer's receipt and whether it counts. */
export function OrderOutcome({ order, viewer }: { order: SupplierOrderOutcome; viewer: Viewer }) {
  return (
    <li className="outcome">
      <p className="outcome-head">
        <strong>{order.purchaseOrderNumber}</strong> <span className="badge">{STATUS_TEXT[order.status]}</span>
        <span className="outcome-product">
          {order.productName} · {formatRand(order.value)} excl. VAT
        </span>
      </p>
      <p className="small muted">
        Ordered {formatDate(order.issuedOn)} · promised by {formatDate(order.promisedOn)} ·{' '}
        {order.deliveredOn === null ? 'not marked delivered' : `delivered ${formatDate(order.deliveredOn)}`}
      </p>
      <p className="small">{order.receipt === null ? 'No receipt recorded by the buyer yet.' : `${receiptText(order.receipt)}.`}</p>
      <p className={`small outcome-count${order.counted ? '' : ' outcome-not-counted'}`}>{countedText(order, viewer)}</p>
    </li>
  );
}

/**
 * A supplier's scorecard and its orders of the last 12 months, newest first, 20 at a time: the
 * workspace's Performance tab and the staff's supplier page read it through their own call.
 */
export function PerformanceView<T extends SupplierPerformance>({
  read,
  viewer,
  headingId,
  headingLevel = 3,
  after,
}: {
  /** The level of the track record's and the orders' headings: 2 on a page of their own, 3 in a tab. */
  headingLevel?: 2 | 3;
  read: (cursor: string | null, signal?: AbortSignal) => Promise<T>;
  viewer: Viewer;
  headingId: string;
  /** What the page shows after the orders, from the first answer. */
  after?: (first: T) => ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const first = useLoad((signal) => read(null, signal), [read]);
  const [more, setMore] = useState<{ orders: SupplierOrderOutcome[]; nextCursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  if (first.status === 'error') return <ErrorAlert title="Track record not loaded" message={errorMessage(first.error)} inline />;
  if (!first.data) return <div className="skeleton" style={{ height: '16rem' }} role="status" aria-label="Loading the track record" />;
  const orders = [...first.data.orders, ...(more?.orders ?? [])];
  const cursor = more ? more.nextCursor : first.data.nextCursor;
  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await read(cursor);
      setMore((m) => ({ orders: [...(m?.orders ?? []), ...page.orders], nextCursor: page.nextCursor }));
    } catch (err) {
      setMoreError(errorMessage(err));
    } finally {
      setLoadingMore(false);
    }
  };
  return (
    <div className="form-stack">
      <ScorecardBlock card={first.data.scorecard} headingLevel={headingLevel} />
      <section className="stack" aria-labelledby={headingId}>
        <Heading id={headingId}>Orders in the last 12 months</Heading>
        {orders.length === 0 ? (
          <p className="notice">
            No orders yet. {viewer === 'you' ? 'When a buyer accepts one of your quotes' : 'When a buyer accepts one of its quotes'}, the order and its delivery
            appear here.
          </p>
        ) : (
          <ol className="outcome-list" aria-labelledby={headingId}>
            {orders.map((o) => (
              <OrderOutcome key={o.purchaseOrderNumber} order={o} viewer={viewer} />
            ))}
          </ol>
        )}
        {moreError ? <ErrorAlert title="Older orders not loaded" message={moreError} inline /> : null}
        {cursor ? (
          <button type="button" className="button button-secondary" onClick={() => void loadMore()} disabled={loadingMore}>
            {loadingMore ? 'Loading older orders…' : 'Show older orders'}
          </button>
        ) : null}
      </section>
      {after ? after(first.data) : null}
    </div>
  );
}
