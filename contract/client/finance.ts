/**
 * The books' calls (role admin): a month's figures, fees and the documents its close issued, the
 * close itself (or its preview), a success fee reversed, a payout recorded paid, and the link to
 * the month's export.
 * They need a signed-in staff session with the admin role; they are not part of the published package.
 *
 * @module
 */
import {
  feeReversalResultSchema,
  monthBooksSchema,
  monthCloseResultSchema,
  paidPayoutSchema,
  type FeeReversal,
  type FeeReversalInput,
  type MonthBooks,
  type MonthCloseInput,
  type MonthCloseResult,
  type PaidPayout,
  type PayoutPaidInput,
} from '../schemas/finance';
import type { CallOptions, Transport } from '../../sdk/client/transport';

/**
 * The finance calls, from {@link financeCalls}.
 *
 * @example
 * const finance: FinanceCalls = financeCalls(createTransport({ baseUrl: location.origin }));
 * const { sums } = await finance.books('2026-12');
 */
export interface FinanceCalls {
  /** A month's books (`GET /api/admin/finance?month=`): the ledger's sums and the documents issued. */
  books(month: string, options?: CallOptions): Promise<MonthBooks>;
  /** Closes a month, or with `preview` answers what a close would issue (`POST /api/admin/finance/close`). */
  close(input: MonthCloseInput, options?: CallOptions): Promise<MonthCloseResult>;
  /**
   * Reverses an order's success fee, once, for a reason (`POST /api/admin/finance/fees/:purchaseOrderId/reversal`):
   * the reversal is a line of today's month and comes off the supplier's next invoice.
   */
  reverseFee(purchaseOrderId: number, input: FeeReversalInput, options?: CallOptions): Promise<FeeReversal>;
  /** Records a payout paid (`POST /api/admin/payouts/:id/paid`) and answers it. */
  markPaid(payoutId: number, input: PayoutPaidInput, options?: CallOptions): Promise<PaidPayout>;
}

/**
 * The path of a month's CSV export, for a link (the browser sends the session cookie with it).
 *
 * @example
 * <a href={financeExportPath('2026-12')} download>Download CSV</a>
 */
export function financeExportPath(month: string): string {
  return `/api/admin/finance/export?${new URLSearchParams({ month, format: 'csv' })}`;
}

/**
 * The finance calls over a transport. A close, a reversal and a payout are sent once, never
 * retried: a second close answers what the first issued and the same payout details answer the
 * same, but a second reversal is refused (409 `fee_reversed`), and the person should see the first
 * answer, not a retry's.
 *
 * @example
 * const finance = financeCalls(createTransport({ baseUrl: location.origin }));
 * const preview = await finance.close({ month: '2026-12', preview: true });
 */
export function financeCalls(api: Transport): FinanceCalls {
  return {
    books: (month, opts) => api.get(monthBooksSchema, 'api/admin/finance', { month }, opts),
    close: (input, opts) => api.post(monthCloseResultSchema, 'api/admin/finance/close', input, null, opts),
    reverseFee: (purchaseOrderId, input, opts) =>
      api.post(feeReversalResultSchema, `api/admin/finance/fees/${encodeURIComponent(String(purchaseOrderId))}/reversal`, input, null, opts),
    markPaid: (payoutId, input, opts) => api.post(paidPayoutSchema, `api/admin/payouts/${encodeURIComponent(String(payoutId))}/paid`, input, null, opts),
  };
}
