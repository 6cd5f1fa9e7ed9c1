// The read of one address's requests for the buyer's history: each request with its quotes' count
// and best price and what was ordered, newest first, a page at a time.
import type { RfqLine } from '../../../sdk/schemas/rfq';
import type { Executor } from '../../db/executor';
import { toApiLine } from './basket.mapper';

/** A request of the history as stored, with its quotes' figures and its orders. */
export interface HistoryRow {
  id: string;
  createdAt: string;
  /** The address that made it, lower-cased. */
  email: string;
  /** Whether an acceptance of it waits for an approver of the buyer's company. */
  awaitingApproval: boolean;
  productName: string;
  lineCount: number;
  /** A basket's lines, or a single product's one line (`L1`). */
  lines: RfqLine[];
  deliveryLocation: string;
  status: string;
  quoteCount: number;
  bestPriceCents: number | null;
  orders: { poNumber: string; supplierName: string; issuedOn: string; state: 'issued' | 'confirmed' | 'delivered' | 'received' | 'cancelled' }[];
}

/** Where a page starts: after the request of this creation time and id (newest first). */
export interface HistoryKey {
  createdAt: string;
  id: string;
}

/**
 * Up to `limit` requests whose primary e-mail is one of `emails` (lower-cased; in any case), newest first, after `after`.
 * A request whose personal data was deleted has no e-mail left and never appears.
 */
export async function requestsOfAddresses(db: Executor, emails: readonly string[], after: HistoryKey | null, limit: number): Promise<HistoryRow[]> {
  let query = db
    .selectFrom('rfqs as r')
    .select((eb) => [
      'r.id',
      'r.created_at',
      'r.primary_email',
      'r.product_name',
      'r.line_count',
      'r.quantity',
      'r.unit',
      'r.delivery_location',
      'r.status',
      eb
        .selectFrom('quotes as q')
        .whereRef('q.rfq_id', '=', 'r.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('quote_count'),
      eb
        .selectFrom('quotes as q')
        .whereRef('q.rfq_id', '=', 'r.id')
        .select((e) => e.fn.min<number>('q.total_incl_vat_cents').as('m'))
        .as('best_price'),
      eb
        .selectFrom('quotes as q')
        .whereRef('q.rfq_id', '=', 'r.id')
        .where('q.status', '=', 'awaiting_approval')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('awaiting'),
    ])
    .where((eb) => eb(eb.fn('lower', ['r.primary_email']), 'in', emails))
    .where('r.primary_email', '!=', '')
    .where('r.personal_data_deleted_at', 'is', null);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('r.created_at', '<', after.createdAt), eb.and([eb('r.created_at', '=', after.createdAt), eb('r.id', '<', after.id)])]),
    );
  }
  const rows = await query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
  const orders =
    rows.length === 0
      ? []
      : await db
          .selectFrom('purchase_orders as p')
          .leftJoin('order_receipts as o', 'o.purchase_order_id', 'p.id')
          .select(['p.rfq_id', 'p.po_number', 'p.supplier_json', 'p.issued_on', 'p.cancelled_on', 'p.confirmed_on', 'p.delivered_on', 'o.id as receipt_id'])
          .where(
            'p.rfq_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('p.id')
          .execute();
  const baskets = rows.filter((r) => r.line_count > 0).map((r) => r.id);
  const lines =
    baskets.length === 0
      ? []
      : await db
          .selectFrom('rfq_lines')
          .select(['rfq_id', 'line_no', 'product_name', 'quantity', 'unit'])
          .where('rfq_id', 'in', baskets)
          .orderBy('rfq_id')
          .orderBy('line_no')
          .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    email: r.primary_email.toLowerCase(),
    awaitingApproval: Number(r.awaiting ?? 0) > 0,
    productName: r.product_name,
    lineCount: r.line_count,
    lines:
      r.line_count > 0
        ? lines.filter((l) => l.rfq_id === r.id).map(toApiLine)
        : [toApiLine({ line_no: 0, product_name: r.product_name, quantity: r.quantity, unit: r.unit })],
    deliveryLocation: r.delivery_location,
    status: r.status,
    quoteCount: Number(r.quote_count ?? 0),
    bestPriceCents: r.best_price === null || r.best_price === undefined ? null : Number(r.best_price),
    orders: orders
      .filter((o) => o.rfq_id === r.id)
      .map((o) => ({
        poNumber: o.po_number,
        supplierName: (JSON.parse(o.supplier_json) as { name?: string }).name ?? '',
        issuedOn: o.issued_on,
        state: o.cancelled_on ? 'cancelled' : o.receipt_id !== null ? 'received' : o.delivered_on ? 'delivered' : o.confirmed_on ? 'confirmed' : 'issued',
      })),
  }));
}

/** Whether any request kept with its personal data has `email` as its primary e-mail. */
export async function addressMadeRequest(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('rfqs')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['primary_email']), '=', email.toLowerCase()))
    .where('primary_email', '!=', '')
    .where('personal_data_deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
