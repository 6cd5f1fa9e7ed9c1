import { sql, type Insertable, type Kysely } from 'kysely';
import type { ApiTier } from '../../sdk/data-api';
import type { DB, PartnersTable } from '../db/schema';
import type { Executor } from '../db/executor';

export async function insertPartner(db: Kysely<DB>, row: Insertable<PartnersTable>): Promise<void> {
  await db.insertInto('partners').values(row).execute();
}

/** A partner's whole row, as the e-mails about its registration need it. */
export async function findPartner(db: Kysely<DB>, partnerId: string) {
  return db.selectFrom('partners').selectAll().where('id', '=', partnerId).executeTakeFirst();
}

/** The partner a key hash belongs to: what authentication needs. */
export async function findPartnerByKeyHash(db: Kysely<DB>, keyHash: string) {
  return db.selectFrom('partners').select(['id', 'tier', 'company_name', 'key_prefix']).where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function replacePartnerKey(db: Kysely<DB>, partnerId: string, key: { hash: string; prefix: string }, now: string): Promise<void> {
  await db.updateTable('partners').set({ key_hash: key.hash, key_prefix: key.prefix, key_created_at: now }).where('id', '=', partnerId).execute();
}

export async function partnerExists(db: Kysely<DB>, partnerId: string): Promise<boolean> {
  return (await db.selectFrom('partners').select('id').where('id', '=', partnerId).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined;
}

/** Counts one request in a window and answers the window's count so far (one atomic statement). */
export async function countRequest(db: Kysely<DB>, partnerId: string, windowKey: string, expiresAt: string): Promise<number> {
  const row = await db
    .insertInto('api_usage')
    .values({ partner_id: partnerId, window_key: windowKey, requests: 1, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['partner_id', 'window_key']).doUpdateSet({ requests: sql<number>`api_usage.requests + 1` }))
    .returning('requests')
    .executeTakeFirstOrThrow();
  return Number(row.requests);
}

/** Drops the counters of windows that have ended. */
export async function pruneUsage(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('api_usage').where('expires_at', '<', now).execute();
}

/** Moves a partner to another tier; answers whether the partner exists. */
export async function setPartnerTier(db: Kysely<DB>, partnerId: string, tier: ApiTier): Promise<boolean> {
  const result = await db.updateTable('partners').set({ tier }).where('id', '=', partnerId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The columns a partner's profile shows. */
export async function findPartnerProfile(db: Kysely<DB>, partnerId: string) {
  return db.selectFrom('partners').select(['id', 'company_name', 'tier', 'key_prefix', 'key_created_at']).where('id', '=', partnerId).executeTakeFirst();
}

const rfqMonth = sql<string>`substr(rfqs.created_at, 1, 7)`;
const qualified = sql<number>`coalesce(sum(case when rfqs.matched_count > 0 then 1 else 0 end), 0)`;

/** A partner's RFQs and qualified RFQs (at least one supplier quoted) per month (YYYY-MM) since `from`. */
export async function partnerRfqsByMonth(db: Kysely<DB>, partnerId: string, from: string) {
  const rows = await db
    .selectFrom('rfqs')
    .select([rfqMonth.as('month'), sql<number>`count(*)`.as('rfqs'), qualified.as('qualified')])
    .where('rfqs.partner_id', '=', partnerId)
    .where('rfqs.created_at', '>=', from)
    .groupBy(rfqMonth)
    .execute();
  return rows.map((r) => ({ month: r.month, rfqs: Number(r.rfqs), qualified: Number(r.qualified) }));
}

/** All of a partner's RFQs and qualified RFQs. */
export async function partnerRfqTotals(db: Kysely<DB>, partnerId: string): Promise<{ rfqs: number; qualified: number }> {
  const row = await db
    .selectFrom('rfqs')
    .select([sql<number>`count(*)`.as('rfqs'), qualified.as('qualified')])
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return { rfqs: Number(row?.rfqs ?? 0), qualified: Number(row?.qualified ?? 0) };
}

/** The products most requested through a partner's widgets, most first. */
export async function partnerTopProducts(db: Kysely<DB>, partnerId: string, limit: number) {
  const product = sql<string>`coalesce(catalogue_items.name, categories.name)`;
  const rows = await db
    .selectFrom('rfqs')
    .innerJoin('categories', 'categories.id', 'rfqs.category_id')
    .leftJoin('catalogue_items', 'catalogue_items.id', 'rfqs.catalogue_item_id')
    .select([product.as('product'), sql<number>`count(*)`.as('rfqs')])
    .where('rfqs.partner_id', '=', partnerId)
    .groupBy(product)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(product)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ product: r.product, rfqs: Number(r.rfqs) }));
}

/** Loads of a partner's widgets since `fromDay` (YYYY-MM-DD). */
export async function partnerWidgetLoads(db: Kysely<DB>, partnerId: string, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('widget_loads')
    .select(sql<number>`coalesce(sum(loads), 0)`.as('loads'))
    .where('partner_id', '=', partnerId)
    .where('day', '>=', fromDay)
    .executeTakeFirst();
  return Number(row?.loads ?? 0);
}

/**
 * Deletes a partner's key and contact details, keeping its id (and with it the anonymous counts
 * of its RFQs and widget loads); answers whether a partner not yet deleted was found.
 */
export async function deletePartnerDetails(db: Executor, partnerId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('partners')
    .set({
      company_name: '',
      contact_email: '',
      contact_name: '',
      website: '',
      use_case: '',
      // Unique like a key hash, but never the SHA-256 of any key, so nothing authenticates as it.
      key_hash: `deleted:${partnerId}`,
      key_prefix: '',
      deleted_at: now,
    })
    .where('id', '=', partnerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('api_usage').where('partner_id', '=', partnerId).execute();
  return true;
}
