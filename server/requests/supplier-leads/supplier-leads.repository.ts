import type { Executor } from '../../db/executor';
import type { LeadFilter } from '../../../contract/schemas/supplier-workspace';

/** At most this many leads in one answer, newest first. */
const LEADS_PAGE = 200;

/** A supplier's quotes with their requests, newest first, narrowed to a status; `day` is today in Johannesburg. */
export async function findLeads(db: Executor, supplierId: number, status: LeadFilter | undefined, day: string) {
  let query = db
    .selectFrom('quotes as q')
    .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
    // A won quote's latest purchase order keeps the address and phone its buyer gave for it.
    .leftJoin('purchase_orders as po', (join) =>
      join.onRef('po.quote_id', '=', 'q.id').on((eb) =>
        eb(
          'po.id',
          '=',
          eb
            .selectFrom('purchase_orders as latest')
            .select((e) => e.fn.max('latest.id').as('id'))
            .whereRef('latest.quote_id', '=', 'q.id'),
        ),
      ),
    )
    .select([
      'q.id',
      'q.status',
      'q.unit_price_cents',
      'q.total_cents',
      'q.total_incl_vat_cents',
      'q.vat_rate',
      'q.lead_min_days',
      'q.lead_max_days',
      'q.valid_until',
      'q.firmed_at',
      'q.indicative_unit_price_cents',
      'q.indicative_total_cents',
      'q.withdrawal_reason',
      'q.created_at',
      'r.product_name',
      'r.quantity',
      'r.unit',
      'r.delivery_location',
      'r.line_count',
      'r.personal_data_deleted_at',
      'r.primary_email',
      'r.contact_name',
      'r.company_name',
      'r.product_description',
      'po.phone',
      'po.delivery_address',
      'po.purchase_order_reference',
      'po.vat_number',
    ])
    .where('q.supplier_id', '=', supplierId)
    // A request from the widget demo is told to no supplier.
    .where('r.demo', '=', 0);
  // An order waiting for the buyer's company to approve it is, to its supplier, still an offer.
  const offered = ['offered', 'awaiting_approval'] as const;
  if (status === 'offered') query = query.where('q.status', 'in', offered).where('q.valid_until', '>=', day);
  else if (status === 'expired') query = query.where('q.status', 'in', offered).where('q.valid_until', '<', day);
  else if (status === 'firm') query = query.where('q.status', 'in', offered).where('q.firmed_at', 'is not', null);
  else if (status) query = query.where('q.status', '=', status);
  return query.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc').limit(LEADS_PAGE).execute();
}

export type LeadRow = Awaited<ReturnType<typeof findLeads>>[number];

/** A firm price as a quote and a basket's line both keep it, with the indicative unit price it replaced. */
interface FirmPrice {
  now: string;
  unitPriceCents: number;
  listUnitPriceCents: number;
  discountPercent: number;
  totalCents: number;
  indicativeUnitPriceCents: number;
}

const firmPriceColumns = (set: FirmPrice) => ({
  firmed_at: set.now,
  unit_price_cents: set.unitPriceCents,
  list_unit_price_cents: set.listUnitPriceCents,
  discount_percent: set.discountPercent,
  total_cents: set.totalCents,
  indicative_unit_price_cents: set.indicativeUnitPriceCents,
});

/** Makes an offered, not yet firm quote firm at the figures given; false when it is no longer offered or was firmed. */
export async function firmQuote(
  trx: Executor,
  quoteId: number,
  set: FirmPrice & {
    vatCents: number;
    totalInclVatCents: number;
    indicativeTotalCents: number;
    leadMinDays: number;
    leadMaxDays: number;
    validUntil: string;
    note: string | null;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('quotes')
    .set({
      ...firmPriceColumns(set),
      vat_cents: set.vatCents,
      total_incl_vat_cents: set.totalInclVatCents,
      indicative_total_cents: set.indicativeTotalCents,
      lead_min_days: set.leadMinDays,
      lead_max_days: set.leadMaxDays,
      valid_until: set.validUntil,
      supplier_note: set.note,
    })
    .where('id', '=', quoteId)
    .where('status', '=', 'offered')
    .where('firmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which supplier a quote is of, if it exists. */
export async function supplierOfQuote(db: Executor, quoteId: number): Promise<number | undefined> {
  return (await db.selectFrom('quotes').select('supplier_id').where('id', '=', quoteId).executeTakeFirst())?.supplier_id;
}

/** A supplier's leads made since `since` (none of the widget demo's), as its measured response time reads them. */
export async function findLeadAnswers(db: Executor, supplierId: number, since: string) {
  return db
    .selectFrom('quotes as q')
    .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
    .select(['q.created_at', 'q.firmed_at', 'q.status', 'q.accepted_at', 'q.status_changed_at', 'q.valid_until'])
    .where('q.supplier_id', '=', supplierId)
    .where('r.demo', '=', 0)
    .where('q.created_at', '>=', since)
    .execute();
}

/** When the supplier's first person was given workspace access, if any was. */
export async function findWorkspaceStart(db: Executor, supplierId: number): Promise<string | null> {
  const row = await db
    .selectFrom('supplier_users')
    .select((eb) => eb.fn.min('created_at').as('since'))
    .where('supplier_id', '=', supplierId)
    .executeTakeFirst();
  return (row?.since as string | null | undefined) ?? null;
}

/** Sets the response time the market quotes the supplier with; false when it had that figure already. */
export async function setResponseTime(db: Executor, supplierId: number, hours: number): Promise<boolean> {
  const result = await db
    .updateTable('suppliers')
    .set({ response_time_hours: hours })
    .where('id', '=', supplierId)
    .where((eb) => eb.or([eb('response_time_hours', 'is', null), eb('response_time_hours', '!=', hours)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A basket quote's lines as its supplier answers them, with the request's product and quantity of each. */
export async function findAnswerLines(db: Executor, quoteId: number) {
  return db
    .selectFrom('quote_lines as l')
    .innerJoin('rfq_lines as r', (j) => j.onRef('r.rfq_id', '=', 'l.rfq_id').onRef('r.line_no', '=', 'l.line_no'))
    .select([
      'l.line_no',
      'l.status',
      'l.list_unit_price_cents',
      'l.unit_price_cents',
      'l.discount_percent',
      'l.total_cents',
      'l.firmed_at',
      'l.indicative_unit_price_cents',
      'r.product_name',
      'r.quantity',
    ])
    .where('l.quote_id', '=', quoteId)
    .orderBy('l.line_no')
    .execute();
}

export type AnswerLine = Awaited<ReturnType<typeof findAnswerLines>>[number];

/** Makes an offered line's price firm, keeping the indicative price it replaced; false when it is no longer offered. */
export async function firmLine(trx: Executor, quoteId: number, lineNo: number, set: FirmPrice): Promise<boolean> {
  const result = await trx
    .updateTable('quote_lines')
    .set(firmPriceColumns(set))
    .where('quote_id', '=', quoteId)
    .where('line_no', '=', lineNo)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws offered lines of a quote with the supplier's reason; answers how many were withdrawn. */
export async function withdrawOfferedLines(trx: Executor, quoteId: number, lineNos: readonly number[], now: string, reason: string): Promise<number> {
  const result = await trx
    .updateTable('quote_lines')
    .set({ status: 'withdrawn', withdrawn_at: now, withdrawal_reason: reason })
    .where('quote_id', '=', quoteId)
    .where('line_no', 'in', [...lineNos])
    .where('status', '=', 'offered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets a basket quote's totals from its lines and, once every line it still offers is firm, makes it firm. */
export async function setBasketQuoteTotals(
  trx: Executor,
  quoteId: number,
  set: {
    totalCents: number;
    vatCents: number;
    totalInclVatCents: number;
    firm: { at: string; indicativeTotalCents: number } | null;
    note?: string | undefined;
  },
): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({
      total_cents: set.totalCents,
      vat_cents: set.vatCents,
      total_incl_vat_cents: set.totalInclVatCents,
      ...(set.firm ? { firmed_at: set.firm.at, indicative_unit_price_cents: 0, indicative_total_cents: set.firm.indicativeTotalCents } : {}),
      ...(set.note ? { supplier_note: set.note } : {}),
    })
    .where('id', '=', quoteId)
    .execute();
}
