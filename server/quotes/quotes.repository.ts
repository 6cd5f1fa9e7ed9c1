import type { Kysely, Selectable } from 'kysely';
import type { DB, QuotesTable } from '../db/schema';

/** A stored quote row as the API needs it (the token's hash stays in the database). */
export type QuoteRow = Omit<Selectable<QuotesTable>, 'view_count' | 'tracking_secret_hash'>;

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
  const { view_count: _v, tracking_secret_hash: _t, s_id, s_name, s_city, s_province, s_rating, s_verified, s_contact_person, s_email, s_phone, s_response_time_hours, ...quote } = row;
  return {
    quote,
    supplier: { s_id, s_name, s_city, s_province, s_rating, s_verified, s_contact_person, s_email, s_phone, s_response_time_hours },
  };
}

/** The quotes of a request with their suppliers, best first. */
export async function findQuotesForRfq(db: Kysely<DB>, rfqId: string) {
  const rows = await db
    .selectFrom('quotes as q')
    .innerJoin('suppliers as s', 's.id', 'q.supplier_id')
    .innerJoin('cities as c', 'c.id', 's.home_city_id')
    .selectAll('q')
    .select(SUPPLIER_COLUMNS)
    .where('q.rfq_id', '=', rfqId)
    .orderBy('q.rank')
    .execute();
  return rows.map(splitRow);
}

/** The stored hash of a quote's tracking secret. */
export async function findTrackingSecretHash(db: Kysely<DB>, quoteId: number): Promise<string | undefined> {
  const row = await db.selectFrom('quotes').select('tracking_secret_hash').where('id', '=', quoteId).executeTakeFirst();
  return row?.tracking_secret_hash;
}

/** Counts a view of a quote and returns it with its supplier, its request and the new view figures. */
export async function recordQuoteView(db: Kysely<DB>, quoteId: number, now: string) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('quotes')
      .set((eb) => ({
        view_count: eb('view_count', '+', 1),
        first_viewed_at: eb.fn.coalesce('first_viewed_at', eb.val(now)),
        last_viewed_at: now,
      }))
      .where('id', '=', quoteId)
      .execute();
    const row = await trx
      .selectFrom('quotes as q')
      .innerJoin('suppliers as s', 's.id', 'q.supplier_id')
      .innerJoin('cities as c', 'c.id', 's.home_city_id')
      .innerJoin('rfqs as r', 'r.id', 'q.rfq_id')
      .selectAll('q')
      .select(SUPPLIER_COLUMNS)
      .select(['r.product_name as r_product_name', 'r.quantity as r_quantity', 'r.unit as r_unit'])
      .where('q.id', '=', quoteId)
      .executeTakeFirstOrThrow();
    const { r_product_name, r_quantity, r_unit, ...rest } = row;
    return {
      ...splitRow(rest),
      view_count: row.view_count,
      first_viewed_at: row.first_viewed_at ?? now,
      last_viewed_at: row.last_viewed_at ?? now,
      rfq: { product_name: r_product_name, quantity: r_quantity, unit: r_unit },
    };
  });
}
