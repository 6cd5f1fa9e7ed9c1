import type { Executor } from '../db/executor';

/** A supplier as its e-mails' claim line and stop link need it. */
export interface ListedSupplierRow {
  id: number;
  name: string;
  email: string;
  slug: string | null;
  /** Whether enabled people sign in for it: a listing that was never asked has none. */
  hasUsers: boolean;
}

/** The supplier a quote was made in the name of, with whether it has workspace users. */
export async function supplierOfQuote(db: Executor, quoteId: number): Promise<ListedSupplierRow | undefined> {
  const row = await db
    .selectFrom('quotes as q')
    .innerJoin('suppliers as s', 's.id', 'q.supplier_id')
    .select(['s.id', 's.name', 's.email', 's.slug'])
    .select((eb) =>
      eb.exists(eb.selectFrom('supplier_users as u').select('u.id').whereRef('u.supplier_id', '=', 's.id').where('u.disabled_at', 'is', null)).as('has_users'),
    )
    .where('q.id', '=', quoteId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, email: row.email, slug: row.slug, hasUsers: Boolean(row.has_users) };
}

/** A supplier by id, with whether it has workspace users. */
export async function listedSupplier(db: Executor, supplierId: number): Promise<ListedSupplierRow | undefined> {
  const row = await db
    .selectFrom('suppliers as s')
    .select(['s.id', 's.name', 's.email', 's.slug'])
    .select((eb) =>
      eb.exists(eb.selectFrom('supplier_users as u').select('u.id').whereRef('u.supplier_id', '=', 's.id').where('u.disabled_at', 'is', null)).as('has_users'),
    )
    .where('s.id', '=', supplierId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, email: row.email, slug: row.slug, hasUsers: Boolean(row.has_users) };
}

export async function insertStopLink(
  db: Executor,
  link: { token_hash: string; supplier_id: number; address_hash: string; masked_address: string; created_at: string },
): Promise<void> {
  await db.insertInto('supplier_stop_links').values(link).execute();
}

/** Deletes the stop links made before `before`; the stops they made stay. Answers how many. */
export async function deleteStopLinksBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('supplier_stop_links').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The link of a token's hash, with its supplier's name, page and users, and whether its address is stopped. */
export async function findStopLink(db: Executor, tokenHash: string) {
  return db
    .selectFrom('supplier_stop_links as l')
    .innerJoin('suppliers as s', 's.id', 'l.supplier_id')
    .leftJoin('supplier_mail_stops as st', 'st.address_hash', 'l.address_hash')
    .select(['l.address_hash', 'l.masked_address', 's.name', 's.slug', 'st.created_at as stopped_at'])
    .select((eb) =>
      eb.exists(eb.selectFrom('supplier_users as u').select('u.id').whereRef('u.supplier_id', '=', 's.id').where('u.disabled_at', 'is', null)).as('has_users'),
    )
    .where('l.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Stops an address; a second stop keeps the first one's time. */
export async function insertStop(db: Executor, addressHash: string, now: string): Promise<void> {
  await db
    .insertInto('supplier_mail_stops')
    .values({ address_hash: addressHash, created_at: now })
    .onConflict((oc) => oc.column('address_hash').doNothing())
    .execute();
}

export async function deleteStop(db: Executor, addressHash: string): Promise<number> {
  const result = await db.deleteFrom('supplier_mail_stops').where('address_hash', '=', addressHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of the hashes are stopped, with when. */
export async function stopsAmong(db: Executor, hashes: string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.selectFrom('supplier_mail_stops').select(['address_hash', 'created_at']).where('address_hash', 'in', hashes).execute();
  return new Map(rows.map((r) => [r.address_hash, r.created_at]));
}
