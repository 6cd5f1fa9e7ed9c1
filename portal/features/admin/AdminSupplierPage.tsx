import { useCallback } from 'react';
import { Link, useParams } from 'wouter';
import type { AdminSupplierScorecard } from '../../../contract/schemas/supplier-performance';
import { OrderOutcome, PerformanceView } from '../../components/scorecard/OrderOutcomes';
import { staffApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import './admin.css';

/** The receipts kept but not counted, each saying why: the buyer's domain is the supplier's own, or the order was not confirmed. */
function NotCounted({ card }: { card: AdminSupplierScorecard }) {
  return (
    <section className="card stack" aria-labelledby="admin-not-counted">
      <h2 id="admin-not-counted">Receipts kept but not counted</h2>
      <p className="small muted">
        A buyer’s receipt counts only for an order the supplier confirmed, from a buyer outside the supplier’s own e-mail domain. The others are kept, listed
        here, and left out of every figure buyers read.
      </p>
      {card.notCounted.length === 0 ? (
        <p className="notice">Every receipt of the last 12 months counts.</p>
      ) : (
        <ol className="outcome-list" aria-labelledby="admin-not-counted">
          {card.notCounted.map((o) => (
            <OrderOutcome key={o.purchaseOrderNumber} order={o} viewer="staff" />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * /admin/suppliers/:id (role admin): a supplier's track record as buyers read it, each order's
 * outcome, and the receipts kept but not counted with why.
 */
export default function AdminSupplierPage() {
  const id = Number(useParams<{ id: string }>().id);
  usePageTitle('Supplier track record');
  const read = useCallback((cursor: string | null, signal?: AbortSignal) => staffApi().admin.scorecard(id, cursor, signal ? { signal } : undefined), [id]);
  return (
    <div className="container page stack">
      <p>
        <Link href="/admin">← Admin Dashboard</Link>
      </p>
      <h1>Supplier track record</h1>
      <PerformanceView
        read={read}
        viewer="staff"
        headingLevel={2}
        headingId="admin-supplier-orders"
        after={(card) => (
          <>
            <p className="small muted">
              {card.scorecard.name}: its public page is <a href={`/suppliers/${card.scorecard.slug}`}>/suppliers/{card.scorecard.slug}</a>.
            </p>
            <NotCounted card={card} />
          </>
        )}
      />
    </div>
  );
}
