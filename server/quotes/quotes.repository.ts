import type { Selectable, Updateable } from 'kysely';
import type { Dialect } from '../db/database';
import type { Executor } from '../db/executor';
import type { QuotesTable, StoredQuoteStatus } from '../db/schema';

/** Columns that hold secrets or their hashes: read only where a token is checked. */
type SecretColumns = 'tracking_secret_hash' | 'response_secret_hash' | 'buyer_link_sealed';

/** A stored quote row as the API needs it (the tokens' hashes stay in the database). */
export type QuoteRow = Omit<Selectable<QuotesTable>, 'view_count' | SecretColumns>;

const SUPPLIER_COLUMNS = [
  's.id as s_id',
  's.name as s_name',
  'c.name as s_city',
  'c.province as s_province',
  's.rating as s_rating',
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
  s_rating: number;
  s_verified: number;
  s_contact_person: string;
  s_email: string;
  s_phone: string;
  s_response_time_hours: number;
}

function splitRow<T extends Selectable<QuotesTable> & SupplierColumns>(row: T): { quote: QuoteRow; supplier: SupplierColumns } {
  const { view_count: _v, tracking_secret_hash: _t, response_secret_hash: _r, buyer_link_sealed: _b, s_id, s_name, s_city, s_province, s_rating, s_verified, s_contact_person, s_email, s_phone, s_response_time_hours, ...quote } = row;
  return {
    quote,
    supplier: { s_id, s_name, s_city, s_province, s_rating, s_verified, s_contact_person, s_email, s_phone, s_response_time_hours },
  };
}

/** The quotes of a request with their suppliers, best first. */
export async function findQuotesForRfq(db: Executor, rfqId: string) {
  const rows = await db
    .selectFrom('quotes as q')
    .innerJoin('suppliers as s', 's.id', 'q.supplier_id')
    .innerJoin('cities as c', 'c.id', 's.home_city_id')
    .selectAll('q')
    .select(SUPPLIER_COLUMNS)
    .where('q.rfq_id', '=', rfqId)
    .orderBy('q.rank')
    .execute();
  return rows.map((row) => ({ ...splitRow(row), trackingSecretHash: row.tracking_secret_hash }));
}

/** The stored hash of a quote's tracking secret. */
export async function findTrackingSecretHash(db: Executor, quoteId: number): Promise<string | undefined> {
  const row = await db.selectFrom('quotes').select('tracking_secret_hash').where('id', '=', quoteId).executeTakeFirst();
  return row?.tracking_secret_hash;
}

/** Counts a view of a quote. */
export async function recordQuoteView(db: Executor, quoteId: number, now: string): Promise<void> {
  await db
    .updateTable('quotes')
    .set((eb) => ({
      view_count: eb('view_count', '+', 1),
      first_viewed_at: eb.fn.coalesce('first_viewed_at', eb.val(now)),
      last_viewed_at: now,
    }))
    .where('id', '=', quoteId)
    .execute();
}

/** The request columns the buyer's and the supplier's pages and the order e-mails read. */
export async function findRequestOfQuote(db: Executor, rfqId: string) {
  return db
    .selectFrom('rfqs')
    .select([
      'id',
      'product_name',
      'product_description',
      'quantity',
      'unit',
      'delivery_location',
      'primary_email',
      'contact_name',
      'company_name',
      'company_size',
      'status',
      'status_changed_at',
      'awarded_quote_id',
      'personal_data_deleted_at',
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
  const [rfq, quotes] = await Promise.all([findRequestOfQuote(db, own.rfq_id), findQuotesForRfq(db, own.rfq_id)]);
  const quote = quotes.find((q) => q.quote.id === quoteId);
  if (!rfq || !quote) return undefined;
  return { own, rfq, quote, quotes };
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

/** Awards an open request to a quote; false when the request is no longer open. */
export async function awardRfq(trx: Executor, rfqId: string, quoteId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('rfqs')
    .set({ status: 'awarded', awarded_quote_id: quoteId, status_changed_at: now })
    .where('id', '=', rfqId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes an open request without a winner; false when it is no longer open. */
export async function closeRfq(trx: Executor, rfqId: string, now: string): Promise<boolean> {
  const result = await trx.updateTable('rfqs').set({ status: 'closed', status_changed_at: now }).where('id', '=', rfqId).where('status', '=', 'open').executeTakeFirst();
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
