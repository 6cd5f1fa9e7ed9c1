import { useCallback } from 'react';
import { PerformanceView } from '../../components/scorecard/OrderOutcomes';
import { supplierApi } from '../../lib/api';
import { SupplierStatsTab } from './SupplierStats';

/**
 * The Performance tab: the supplier's track record as buyers read it (its scorecard, with counts,
 * "New on Procura" before 3 receipts) and each order's outcome, then how its leads went.
 */
export function SupplierPerformanceTab() {
  const read = useCallback((cursor: string | null, signal?: AbortSignal) => supplierApi().performance(cursor, signal ? { signal } : undefined), []);
  return (
    <div className="form-stack">
      <PerformanceView read={read} viewer="you" headingId="performance-orders" />
      <h3>Your leads</h3>
      <SupplierStatsTab />
    </div>
  );
}
