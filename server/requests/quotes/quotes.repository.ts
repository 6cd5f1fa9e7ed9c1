// Kept whole: the quotes table's queries share their selected columns and row types.
import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderDetails } from '../../../sdk/schemas/rfq';
import type { Dialect } from '../../db/database';
import type { Executor } from '../../db/executor';
import { runStatement } from '../../db/statements';
import type { DB, PurchaseOrdersTable, QuotesTable, StoredQuoteStatus } from '../../db/schema';
import type { SupplierCompliance } from '../../domain/market';
import { ASKED_COLUMNS } from '../rfq/rfq.repository';

/** Columns that hold secrets or their hashes: read only where a token is checked. */
type SecretColumns = 'tracking_secret_hash' | 'response_secret_hash' | 'buyer_link_sealed';

/** A stored quote row as the API needs it (the tokens' hashes stay in the database). */
export type QuoteRow = Omit<Selectable<QuotesTable>, ViewColumns | SecretColumns | BasketColumns>;

/** Read only for a basket, with its lines. */
type BasketColumns = 'minimum_order_cents';

/** What a firmed quote adds; a new quote is written without them (they start null). */
export type FirmColumns = 'firmed_at' | 'indicative_unit_price_cents' | 'indicative_total_cents' | 'supplier_note';

/** The view counts: read only by the tracking answer and the staff figures. */
type ViewColumns = 'view_count' | 'own_view_count' | 'own_last_viewed_at';

const SUPPLIER_COLUMNS = [
  's.id as s_id',
  's.name as s_name',
  'c.name as s_city',
  'c.province as s_province',
  's.verified as s_verified',
  's.contact_person as s_contact_person',
  's.email as s_email',
  's.phone as s_phone',
  's.response_time_hours as s_response_time_hours',
] as const;

/** The supplier columns read with a quote, prefixed `s_`. */
export interface SupplierColumns {
  s_id: number;
  s_name: string;
  s_city: string;
  s_province: string;
  s_verified: number;
  s_contact_person: string;
  s_email: string;
  s_phone: string;
  s_response_time_hours: number | null;
}

/** Every column of a stored quote the API reads: all but the view counts and the secrets. */
const QUOTE_COLUMNS = [
  'id',
  'rfq_id',
  'supplier_id',
  'rank',
  'pricing_basis',
  'list_unit_price_cents',
  'unit_price_cents',
  'discount_percent',
  'total_cents',
  'vat_rate',
  'vat_cents',
  'total_incl_vat_cents',
  'minimum_order_quantity',
  'lead_min_days',
  'lead_max_days',
  'payment_terms',
  'validity_days',
  'valid_until',
  'price_list_date',
  'notes',
  'competitive_position',
  'price_difference',
  'quality_score',
  'reliability_rating',
  'risk_level',
  'recommendation',
  'first_viewed_at',
  'last_viewed_at',
  'created_at',
  'status',
  'status_changed_at',
  'accepted_at',
  'withdrawal_reason',
  'courtesy_mailed_at',
  'firmed_at',
  'indicative_unit_price_cents',
  'indicative_total_cents',
  'supplier_note',
] as const satisfies readonly (keyof QuoteRow)[];
// Every column of QuoteRow is listed: a column added to the table and not here fails to compile.
const everyQuoteColumn: [Exclude<keyof QuoteRow, (typeof QUOTE_COLUMNS)[number]>] extends [never] ? true : never = true;
void everyQuoteColumn;

function splitRow(row: QuoteRow & SupplierColumns): { quote: QuoteRow; supplier: SupplierColumns } {
  // Copied column by column: a rest pattern that leaves the other columns out costs several times more.
  const quote: Record<string, unknown> = {};
  for (const column of QUOTE_COLUMNS) quote[column] = row[column];
  return {
    quote: quote as QuoteRow,
    supplier: {
      s_id: row.s_id,
      s_name: row.s_name,
      s_city: row.s_city,
      s_province: row.s_province,
      s_verified: row.s_verified,
      s_contact_person: row.s_contact_person,
      s_email: row.s_email,
      s_phone: row.s_phone,
      s_response_time_hours: row.s_response_time_hours,
    },
  };
}

/** A request's quotes with their suppliers, best first: read on every view of a request, so one fixed statement. */
const QUOTES_OF_RFQ = `select ${QUOTE_COLUMNS.map((c) => `q."${c}"`).join(', ')}, q.tracking_secret_hash, ${SUPPLIER_COLUMNS.join(', ')}
from quotes q join suppliers s on s.id = q.supplier_id join cities c on c.id = s.home_city_id where q.rfq_id = ? order by q."rank"`;

/** The quotes of a request with their suppliers, best first. */
export async function findQuotesForRfq(db: Executor, rfqId: string) {
  const rows = await runStatement<QuoteRow & SupplierColumns & { tracking_secret_hash: string }>(db, QUOTES_OF_RFQ, [rfqId]);
  return rows.map((row) => ({ ...splitRow(row), trackingSecretHash: row.tracking_secret_hash }));
}

/** What a supplier's paperwork names of it beside its compliance: its company registration number. */
export type SupplierOnFile = SupplierCompliance & { registrationNumber: string | null };

/** What is on file of the suppliers who quoted a request: registration and VAT numbers, registered address, B-BBEE standing. */
export async function findComplianceOfRfq(db: Executor, rfqId: string): Promise<Map<number, SupplierOnFile>> {
  const rows = await db
    .selectFrom('suppliers')
    .select(['id', 'registration_number', 'vat_number', 'registered_address', 'bbee_level', 'bbee_evidence', 'bbee_expires_on'])
    .where('id', 'in', (eb) => eb.selectFrom('quotes').select('supplier_id').where('rfq_id', '=', rfqId))
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        registrationNumber: r.registration_number,
        vatNumber: r.vat_number,
        registeredAddress: r.registered_address,
        bbeeLevel: r.bbee_level,
        bbeeEvidence: r.bbee_evidence,
        bbeeExpiresOn: r.bbee_expires_on,
      },
    ]),
  );
}

/** A request's quotes, best first, with the address of each quote's supplier: its leads. */
export async function findLeadsOfRfq(db: Executor, rfqId: string): Promise<{ quoteId: number; supplierEmail: string; digestMinutes: number }[]> {
  return db
    .selectFrom('quotes as q')
    .innerJoin('suppliers as s', 's.id', 'q.supplier_id')
    .select(['q.id as quoteId', 's.email as supplierEmail', 's.lead_digest_minutes as digestMinutes'])
    .where('q.rfq_id', '=', rfqId)
    .orderBy('q.rank')
    .execute();
}

/** The stored hash of a quote's tracking secret. */
export async function findTrackingSecretHash(db: Executor, quoteId: number): Promise<string | undefined> {
  const row = await db.selectFrom('quotes').select('tracking_secret_hash').where('id', '=', quoteId).executeTakeFirst();
  return row?.tracking_secret_hash;
}

/** Counts a view of a quote: the buyer's own apart from everyone else's. */
export async function recordQuoteView(db: Executor, quoteId: number, now: string, own: boolean): Promise<void> {
  await db
    .updateTable('quotes')
    .set((eb) =>
      own
        ? { own_view_count: eb('own_view_count', '+', 1), own_last_viewed_at: now }
        : { view_count: eb('view_count', '+', 1), first_viewed_at: eb.fn.coalesce('first_viewed_at', eb.val(now)), last_viewed_at: now },
    )
    .where('id', '=', quoteId)
    .execute();
}

/** The request columns the buyer's and the supplier's pages and the order e-mails read. */
async function findRequestOfQuote(db: Executor, rfqId: string) {
  return db
    .selectFrom('rfqs')
    .select([
      'id',
      ...ASKED_COLUMNS,
      'delivery_address',
      'phone',
      'purchase_order_reference',
      'vat_number',
      'status',
      'status_changed_at',
      'awarded_quote_id',
      'personal_data_deleted_at',
      'demo',
      'line_count',
    ])
    .where('id', '=', rfqId)
    .executeTakeFirst();
}

/**
 * A quote with its view figures and secrets, its request, and every quote of that request (it
 * among them): what the buyer's and the supplier's calls decide from. Undefined for no such quote.
 */
export async function findQuoteInRequest(db: Executor, quoteId: number) {
  const own = await db
    .selectFrom('quotes')
    .select(['rfq_id', 'view_count', 'first_viewed_at', 'last_viewed_at', 'response_secret_hash', 'buyer_link_sealed'])
    .where('id', '=', quoteId)
    .executeTakeFirst();
  if (!own) return undefined;
  const [rfq, quotes, compliance] = await Promise.all([
    findRequestOfQuote(db, own.rfq_id),
    findQuotesForRfq(db, own.rfq_id),
    findComplianceOfRfq(db, own.rfq_id),
  ]);
  const quote = quotes.find((q) => q.quote.id === quoteId);
  if (!rfq || !quote) return undefined;
  return { own, rfq, quote, quotes, compliance };
}

/**
 * On PostgreSQL, holds the row of the quote's request until the transaction ends. Read committed
 * reads each statement afresh, so without it a transaction could read the request before another
 * action on it committed and its quotes after; with it, an action that waited reads both after.
 * SQLite writes one transaction at a time.
 */
export async function lockRequestOfQuote(trx: Executor, dialect: Dialect, quoteId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx
    .selectFrom('rfqs')
    .select('rfqs.id')
    .where('rfqs.id', '=', (eb) => eb.selectFrom('quotes').select('quotes.rfq_id').where('quotes.id', '=', quoteId))
    .forUpdate()
    .execute();
}

/** The state of a request and its quotes, as {@link findQuoteInRequest} answers it. */
export type QuoteInRequest = NonNullable<Awaited<ReturnType<typeof findQuoteInRequest>>>;

/** The columns that keep the buyer's order details, on the request and on each purchase order. */
function orderColumns(details: OrderDetails) {
  return {
    delivery_address: details.deliveryAddress,
    phone: details.phone,
    purchase_order_reference: details.purchaseOrderReference,
    vat_number: details.vatNumber,
  };
}

/** Awards an open request to a quote, keeping the buyer's order details; false when the request is no longer open. */
export async function awardRfq(trx: Executor, rfqId: string, quoteId: number, now: string, details: OrderDetails): Promise<boolean> {
  const result = await trx
    .updateTable('rfqs')
    .set({ status: 'awarded', awarded_quote_id: quoteId, status_changed_at: now, ...orderColumns(details) })
    .where('id', '=', rfqId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the buyer's order details on an open basket whose lines are being awarded; false when it is no longer open. */
export async function recordOrderDetails(trx: Executor, rfqId: string, details: OrderDetails): Promise<boolean> {
  const result = await trx.updateTable('rfqs').set(orderColumns(details)).where('id', '=', rfqId).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an open basket as awarded, every line ordered or none left to order; false when it is no longer open. */
export async function finishBasket(trx: Executor, rfqId: string, quoteId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('rfqs')
    .set({ status: 'awarded', awarded_quote_id: quoteId, status_changed_at: now })
    .where('id', '=', rfqId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Awards lines of a basket to a quote: its offered lines `lineNos` accepted, every other quote's
 * offer of them not selected. False when one of the quote's lines was no longer offered.
 */
export async function awardLines(trx: Executor, rfqId: string, quoteId: number, lineNos: number[]): Promise<boolean> {
  const won = await trx
    .updateTable('quote_lines')
    .set({ status: 'accepted' })
    .where('quote_id', '=', quoteId)
    .where('line_no', 'in', lineNos)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  if (Number(won.numUpdatedRows) !== lineNos.length) return false;
  await trx
    .updateTable('quote_lines')
    .set({ status: 'not_selected' })
    .where('rfq_id', '=', rfqId)
    .where('line_no', 'in', lineNos)
    .where('quote_id', '!=', quoteId)
    .where('status', '=', 'offered')
    .execute();
  return true;
}

/**
 * After a supplier withdrew from lines `lineNos` of a basket, offers them again from every quote
 * that priced them and is still valid on `validOn` (a supplier already ordered from for other
 * lines too: they can be its second order), and those quotes not selected with them.
 */
export async function reofferLines(trx: Executor, rfqId: string, lineNos: number[], validOn: string, now: string): Promise<void> {
  if (lineNos.length === 0) return;
  const reopenable = (eb: ExpressionBuilder<DB, 'quote_lines'>) =>
    eb
      .selectFrom('quotes')
      .select('quotes.id')
      .where('quotes.rfq_id', '=', rfqId)
      .where('quotes.status', 'in', ['offered', 'declined', 'not_selected', 'accepted', 'confirmed'])
      .where('quotes.valid_until', '>=', validOn);
  await trx
    .updateTable('quote_lines')
    .set({ status: 'offered' })
    .where('rfq_id', '=', rfqId)
    .where('line_no', 'in', lineNos)
    .where('status', '=', 'not_selected')
    .where('quote_id', 'in', reopenable)
    .execute();
  await trx
    .updateTable('quotes')
    .set({ status: 'offered', status_changed_at: now })
    .where('rfq_id', '=', rfqId)
    .where('status', '=', 'not_selected')
    .where('valid_until', '>=', validOn)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('quote_lines')
          .select('quote_lines.line_no')
          .whereRef('quote_lines.quote_id', '=', 'quotes.id')
          .where('quote_lines.status', '=', 'offered'),
      ),
    )
    .execute();
}

/** Opens a basket again after one of its suppliers withdrew, whether it was awarded or still open. */
export async function reopenBasket(trx: Executor, rfqId: string, now: string): Promise<void> {
  await trx
    .updateTable('rfqs')
    .set({ status: 'open', awarded_quote_id: null, status_changed_at: now })
    .where('id', '=', rfqId)
    .where('status', '=', 'awarded')
    .execute();
}

/** Closes an open request without a winner; false when it is no longer open. */
export async function closeRfq(trx: Executor, rfqId: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('rfqs')
    .set({ status: 'closed', status_changed_at: now })
    .where('id', '=', rfqId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Opens an awarded request again after its supplier withdrew; false when it is not awarded to that quote. */
export async function reopenRfq(trx: Executor, rfqId: string, quoteId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('rfqs')
    .set({ status: 'open', awarded_quote_id: null, status_changed_at: now })
    .where('id', '=', rfqId)
    .where('status', '=', 'awarded')
    .where('awarded_quote_id', '=', quoteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Which of the requests `rfqIds` have a quote held for approval that can no longer be ordered: past
 * its validity on `day`, or on a request whose personal data was deleted.
 */
export async function findEndedHolds(db: Executor, rfqIds: readonly string[], day: string): Promise<string[]> {
  if (rfqIds.length === 0) return [];
  const rows = await db
    .selectFrom('quotes as q')
    .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
    .select('q.rfq_id')
    .distinct()
    .where('q.rfq_id', 'in', [...rfqIds])
    .where('q.status', '=', 'awaiting_approval')
    .where((eb) => eb.or([eb('q.valid_until', '<', day), eb('r.personal_data_deleted_at', 'is not', null)]))
    .execute();
  return rows.map((r) => r.rfq_id);
}

/** Moves a quote from one of `from` to `to`, with any other columns to set; false when it was in none of `from`. */
export async function moveQuote(
  trx: Executor,
  quoteId: number,
  from: readonly StoredQuoteStatus[],
  to: StoredQuoteStatus,
  now: string,
  extra: Partial<Pick<Updateable<QuotesTable>, 'accepted_at' | 'withdrawal_reason' | 'response_secret_hash' | 'buyer_link_sealed'>> = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('quotes')
    .set({ ...extra, status: to, status_changed_at: now })
    .where('id', '=', quoteId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves every quote of a request in one of `from` (but `except`) to `to`; answers the ids moved. */
export async function moveRequestQuotes(
  trx: Executor,
  rfqId: string,
  from: readonly StoredQuoteStatus[],
  to: StoredQuoteStatus,
  now: string,
  options: { except?: number; validOn?: string } = {},
): Promise<number[]> {
  let query = trx.updateTable('quotes').set({ status: to, status_changed_at: now }).where('rfq_id', '=', rfqId).where('status', 'in', from);
  if (options.except !== undefined) query = query.where('id', '!=', options.except);
  if (options.validOn !== undefined) query = query.where('valid_until', '>=', options.validOn);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Marks quotes' suppliers as told they were not selected; answers the ones not told before. */
export async function markCourtesyMailed(trx: Executor, quoteIds: number[], now: string): Promise<number[]> {
  if (quoteIds.length === 0) return [];
  const rows = await trx
    .updateTable('quotes')
    .set({ courtesy_mailed_at: now })
    .where('id', 'in', quoteIds)
    .where('courtesy_mailed_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The next purchase-order number of `year`: one atomic upsert, so no two transactions get the same. */
export async function nextPurchaseOrderNumber(trx: Executor, year: number): Promise<number> {
  const row = await trx
    .insertInto('purchase_order_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_number: eb('purchase_order_counters.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Records a purchase order issued for an accepted quote, with the order details its buyer gave; answers its id. */
export async function insertPurchaseOrder(
  trx: Executor,
  row: Omit<Insertable<PurchaseOrdersTable>, keyof ReturnType<typeof orderColumns>>,
  details: OrderDetails,
): Promise<number> {
  const inserted = await trx
    .insertInto('purchase_orders')
    .values({ ...row, ...orderColumns(details) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Marks lines of a basket quote withdrawn by its supplier: they are not offered again. */
export async function withdrawQuoteLines(trx: Executor, quoteId: number, lineNos: readonly number[]): Promise<void> {
  if (lineNos.length === 0) return;
  await trx
    .updateTable('quote_lines')
    .set({ status: 'withdrawn' })
    .where('quote_id', '=', quoteId)
    .where('line_no', 'in', [...lineNos])
    .execute();
}

/**
 * What the buyer gave when accepting a quote, as its latest purchase order keeps it: each field
 * null when not given, once cleared with the request's personal data, or while the quote has no order.
 */
export async function findOrderDetails(db: Executor, quoteId: number): Promise<{ [K in keyof OrderDetails]: string | null }> {
  const po = await db
    .selectFrom('purchase_orders')
    .select(['delivery_address', 'phone', 'purchase_order_reference', 'vat_number'])
    .where('quote_id', '=', quoteId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return orderDetailsOf(po);
}

/** The order details columns of a request or purchase order row. */
type OrderDetailsColumns = { [K in 'delivery_address' | 'phone' | 'purchase_order_reference' | 'vat_number']: string | null };

/**
 * The order details a request or purchase order row holds, as the API names them; all null for
 * no row (none given, or not to be shown).
 */
export function orderDetailsOf(row: OrderDetailsColumns | undefined): { [K in keyof OrderDetails]: string | null } {
  return {
    deliveryAddress: row?.delivery_address ?? null,
    phone: row?.phone ?? null,
    purchaseOrderReference: row?.purchase_order_reference ?? null,
    vatNumber: row?.vat_number ?? null,
  };
}

export type PurchaseOrderRow = Selectable<PurchaseOrdersTable>;

/** The purchase orders of a quote, first issued first: a basket's supplier may be ordered from twice. */
export async function findPurchaseOrders(db: Executor, quoteId: number): Promise<PurchaseOrderRow[]> {
  return db.selectFrom('purchase_orders').selectAll().where('quote_id', '=', quoteId).orderBy('id').execute();
}

/** The purchase orders of quotes `quoteIds`, first issued first. */
export async function findPurchaseOrdersOfQuotes(db: Executor, quoteIds: readonly number[]): Promise<PurchaseOrderRow[]> {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom('purchase_orders')
    .selectAll()
    .where('quote_id', 'in', [...quoteIds])
    .orderBy('id')
    .execute();
}

/** The purchase orders of a request, first issued first. */
export async function findPurchaseOrdersOfRequest(db: Executor, rfqId: string): Promise<PurchaseOrderRow[]> {
  return db.selectFrom('purchase_orders').selectAll().where('rfq_id', '=', rfqId).orderBy('id').execute();
}

/** The basket lines a purchase order is for; null for one product's. */
export function orderedLines(po: Pick<PurchaseOrderRow, 'line_nos'>): number[] | null {
  return po.line_nos === null ? null : (JSON.parse(po.line_nos) as number[]);
}

/** Records the supplier's confirmation of its quote's orders not yet confirmed nor cancelled; answers those it confirmed. */
export async function confirmPurchaseOrders(trx: Executor, quoteId: number, day: string): Promise<PurchaseOrderRow[]> {
  return trx
    .updateTable('purchase_orders')
    .set({ confirmed_on: day })
    .where('quote_id', '=', quoteId)
    .where('confirmed_on', 'is', null)
    .where('cancelled_on', 'is', null)
    .returningAll()
    .execute();
}

/**
 * Cancels a quote's orders its supplier had not confirmed, once; an order it confirmed stands.
 * Answers those cancelled.
 */
export async function cancelPurchaseOrders(trx: Executor, quoteId: number, day: string, reason: string): Promise<PurchaseOrderRow[]> {
  const open = (await findPurchaseOrders(trx, quoteId)).filter((po) => po.confirmed_on === null && po.cancelled_on === null);
  if (open.length === 0) return [];
  await trx
    .updateTable('purchase_orders')
    .set({ cancelled_on: day, cancel_reason: reason })
    .where(
      'id',
      'in',
      open.map((po) => po.id),
    )
    .execute();
  return open;
}
