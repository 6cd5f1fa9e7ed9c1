import { useCallback } from 'react';
import { Link, useParams } from 'wouter';
import type { AdminSupplierScorecard } from '../../../contract/schemas/supplier-performance';
import { OrderOutcome, PerformanceView } from '../../components/scorecard/OrderOutcomes';
import { staffApi } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { ReadinessBadge } from './ReadinessBadge';
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

/** Whether the supplier is quoted yet: the steps of its workspace's checklist, each done or not. */
function Readiness({ card }: { card: AdminSupplierScorecard }) {
  const { readiness } = card;
  return (
    <section className="card stack" aria-labelledby="admin-readiness">
      <h2 id="admin-readiness">Ready to quote</h2>
      <p>
        <ReadinessBadge readiness={readiness} />
      </p>
      <p className="small muted">
        A supplier is quoted once it has at least one price-list item in stock and a delivery area; its workspace shows it what is left.
      </p>
      <ol className="ready-steps" aria-label="Steps before it is quoted">
        <ReadinessStep done={readiness.inStockItem} text="An in-stock price-list item" />
        <ReadinessStep done={readiness.deliveryArea} text="A delivery area" />
      </ol>
    </section>
  );
}

function ReadinessStep({ done, text }: { done: boolean; text: string }) {
  return (
    <li className={done ? 'ready-step ready-step-done' : 'ready-step'}>
      <span>
        {text}: <strong>{done ? 'done' : 'not yet'}</strong>
      </span>
    </li>
  );
}

/**
 * /admin/suppliers/:id (role admin): a supplier's track record as buyers read it, each order's
 * outcome, the receipts kept but not counted with why, and whether it is ready to quote.
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
            <Readiness card={card} />
            <NotCounted card={card} />
          </>
        )}
      />
    </div>
  );
}
