import { sql, type Insertable, type Kysely } from 'kysely';
import type { ApiTier } from '../../contract/data-api';
import { ENTERPRISE_COMPANY_SIZES } from '../../contract/revenue';
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
const qualified = sql<number>`coalesce(sum(case when rfqs.partner_credit = 'qualified' then 1 else 0 end), 0)`;
/** Quoted RFQs whose buyer has not yet shown the address is theirs: they pay once qualified, within 30 days. */
const pending = sql<number>`coalesce(sum(case when rfqs.partner_credit = 'pending' then 1 else 0 end), 0)`;
/**
 * Qualified RFQs of companies over 100 employees: the enterprise leads of the revenue model. The
 * sizes are the revenue model's `ENTERPRISE_COMPANY_SIZES` (contract/revenue.ts), written into the
 * statement as literals so its text stays fixed.
 */
const enterpriseSizes = sql.join(ENTERPRISE_COMPANY_SIZES.map((size) => sql.lit(size)));
const enterprise = sql<number>`coalesce(sum(case when rfqs.partner_credit = 'qualified' and rfqs.company_size in (${enterpriseSizes}) then 1 else 0 end), 0)`;
/** RFQs whose buyer accepted a quote (a withdrawal reopens the request, and it counts no more). */
const awarded = sql<number>`coalesce(sum(case when rfqs.status = 'awarded' then 1 else 0 end), 0)`;
/** RFQs from one of the partner's hosts; the others named the partner but earn it nothing. */
const CREDITED = ['host', 'pending', 'qualified'] as const;

/**
 * A partner's credited RFQs, qualified ones (paid for: quoted, the buyer's address shown to be
 * theirs, first from that buyer in 30 days), pending ones, enterprise leads and awarded ones, per month (YYYY-MM) of the request,
 * since the first: a payout carries what earlier months left under the minimum.
 */
export async function partnerRfqsByMonth(db: Kysely<DB>, partnerId: string) {
  const rows = await db
    .selectFrom('rfqs')
    .select([
      rfqMonth.as('month'),
      sql<number>`count(*)`.as('rfqs'),
      qualified.as('qualified'),
      pending.as('pending'),
      enterprise.as('enterprise'),
      awarded.as('awarded'),
    ])
    .where('rfqs.partner_id', '=', partnerId)
    .where('rfqs.partner_credit', 'in', CREDITED)
    .groupBy(rfqMonth)
    .execute();
  return rows.map((r) => ({ month: r.month, ...counts(r) }));
}

/** A partner's RFQ counts: credited, qualified, pending, enterprise leads, awarded. */
export interface PartnerRfqCounts {
  rfqs: number;
  qualified: number;
  pending: number;
  enterprise: number;
  awarded: number;
}

function counts(r: { rfqs: unknown; qualified: unknown; pending: unknown; enterprise: unknown; awarded: unknown } | undefined): PartnerRfqCounts {
  return {
    rfqs: Number(r?.rfqs ?? 0),
    qualified: Number(r?.qualified ?? 0),
    pending: Number(r?.pending ?? 0),
    enterprise: Number(r?.enterprise ?? 0),
    awarded: Number(r?.awarded ?? 0),
  };
}

/** All of a partner's credited RFQs, qualified ones, pending ones, enterprise leads and awarded ones. */
export async function partnerRfqTotals(db: Kysely<DB>, partnerId: string): Promise<PartnerRfqCounts> {
  const row = await db
    .selectFrom('rfqs')
    .select([sql<number>`count(*)`.as('rfqs'), qualified.as('qualified'), pending.as('pending'), enterprise.as('enterprise'), awarded.as('awarded')])
    .where('partner_id', '=', partnerId)
    .where('partner_credit', 'in', CREDITED)
    .executeTakeFirst();
  return counts(row);
}

/** The products most requested through a partner's widgets on its hosts, most first. */
export async function partnerTopProducts(db: Kysely<DB>, partnerId: string, limit: number) {
  const product = sql<string>`coalesce(catalogue_items.name, categories.name)`;
  const rows = await db
    .selectFrom('rfqs')
    .innerJoin('categories', 'categories.id', 'rfqs.category_id')
    .leftJoin('catalogue_items', 'catalogue_items.id', 'rfqs.catalogue_item_id')
    .select([product.as('product'), sql<number>`count(*)`.as('rfqs')])
    .where('rfqs.partner_id', '=', partnerId)
    .where('rfqs.partner_credit', 'in', CREDITED)
    .groupBy(product)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(product)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ product: r.product, rfqs: Number(r.rfqs) }));
}

/** Loads of a partner's widgets on its hosts since `fromDay` (YYYY-MM-DD), the same pages its credited RFQs come from. */
export async function partnerWidgetLoads(db: Kysely<DB>, partnerId: string, fromDay: string): Promise<number> {
  const row = await db
    .selectFrom('widget_loads')
    .select(sql<number>`coalesce(sum(loads), 0)`.as('loads'))
    .where('partner_id', '=', partnerId)
    .where('day', '>=', fromDay)
    .where('referrer_host', 'in', (eb) => eb.selectFrom('partner_hosts').select('host').where('partner_id', '=', partnerId))
    .executeTakeFirst();
  return Number(row?.loads ?? 0);
}

/** Adds a host to the partner's list; answers false when it is there already. */
export async function insertPartnerHost(db: Kysely<DB>, partnerId: string, host: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('partner_hosts')
    .values({ partner_id: partnerId, host, created_at: now })
    .onConflict((oc) => oc.columns(['partner_id', 'host']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Removes a host from the partner's list; answers false when it was not there. */
export async function deletePartnerHost(db: Kysely<DB>, partnerId: string, host: string): Promise<boolean> {
  const result = await db.deleteFrom('partner_hosts').where('partner_id', '=', partnerId).where('host', '=', host).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countPartnerHosts(db: Kysely<DB>, partnerId: string): Promise<number> {
  const row = await db.selectFrom('partner_hosts').select(sql<number>`count(*)`.as('n')).where('partner_id', '=', partnerId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The partner's hosts, oldest first. */
export async function partnerHosts(db: Kysely<DB>, partnerId: string) {
  return db.selectFrom('partner_hosts').select(['host', 'created_at']).where('partner_id', '=', partnerId).orderBy('created_at').orderBy('host').execute();
}

export async function isPartnerHost(db: Kysely<DB>, partnerId: string, host: string): Promise<boolean> {
  return (await db.selectFrom('partner_hosts').select('host').where('partner_id', '=', partnerId).where('host', '=', host).executeTakeFirst()) !== undefined;
}

/** Hosts, not on the partner's list, of pages whose widget RFQs named the partner and were not credited; most first. */
export async function uncreditedHosts(db: Kysely<DB>, partnerId: string, limit: number) {
  const rows = await db
    .selectFrom('rfqs')
    .select(['referrer_host', sql<number>`count(*)`.as('rfqs'), sql<string>`max(created_at)`.as('last_rfq_at')])
    .where('partner_id', '=', partnerId)
    .where('partner_credit', '=', 'uncredited')
    .where('referrer_host', 'is not', null)
    .where('referrer_host', 'not in', (eb) => eb.selectFrom('partner_hosts').select('host').where('partner_id', '=', partnerId))
    .groupBy('referrer_host')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('referrer_host')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ host: r.referrer_host!, rfqs: Number(r.rfqs), lastRfqAt: r.last_rfq_at }));
}

/** The key of the buyer-address hashes, made once by the migration that made the table. */
export async function partnerCreditKey(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'partner_credit_key').executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Marks a buyer as credited to a partner until `expiresAt`, unless an earlier mark still holds;
 * answers whether this call made the mark. One statement, so two requests cannot both claim it.
 */
export async function claimPartnerCredit(db: Kysely<DB>, partnerId: string, buyerKey: string, expiresAt: string, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('partner_credits')
    .values({ partner_id: partnerId, buyer_key: buyerKey, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(['partner_id', 'buyer_key'])
        .doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') })
        .where('partner_credits.expires_at', '<=', now),
    )
    .returning('partner_id')
    .execute();
  return rows.length === 1;
}

/** A pending RFQ's partner, buyer address (null once deleted), company size and time; undefined when it is not pending. */
export async function findPendingCredit(db: Executor, rfqId: string) {
  const row = await db
    .selectFrom('rfqs')
    .select(['partner_id', 'primary_email', 'personal_data_deleted_at', 'created_at', 'company_size'])
    .where('id', '=', rfqId)
    .where('partner_credit', '=', 'pending')
    .executeTakeFirst();
  if (!row || row.partner_id === null) return undefined;
  return {
    partner_id: row.partner_id,
    primary_email: row.personal_data_deleted_at === null ? row.primary_email : null,
    created_at: row.created_at,
    company_size: row.company_size,
  };
}

/** Settles a pending RFQ's credit; answers whether it was still pending. */
export async function settlePendingCredit(db: Executor, rfqId: string, credit: 'qualified' | 'host'): Promise<boolean> {
  const result = await db
    .updateTable('rfqs')
    .set({ partner_credit: credit })
    .where('id', '=', rfqId)
    .where('partner_credit', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending RFQs made at or before `before` never qualify: they count as from the partner's host, unpaid. */
export async function expirePendingCredits(db: Executor, before: string): Promise<number> {
  const result = await db
    .updateTable('rfqs')
    .set({ partner_credit: 'host' })
    .where('partner_id', 'is not', null)
    .where('partner_credit', '=', 'pending')
    .where('created_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Drops the marks whose 30 days have passed. */
export async function prunePartnerCredits(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('partner_credits').where('expires_at', '<=', now).execute();
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
  return true;
}
