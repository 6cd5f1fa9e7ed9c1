import { sql, type Insertable, type Kysely } from 'kysely';
import type { ApiTier } from '../../sdk/data-api';
import type { DB, PartnersTable } from '../db/schema';

export async function insertPartner(db: Kysely<DB>, row: Insertable<PartnersTable>): Promise<void> {
  await db.insertInto('partners').values(row).execute();
}

/** The partner a key hash belongs to: what authentication needs. */
export async function findPartnerByKeyHash(db: Kysely<DB>, keyHash: string) {
  return db.selectFrom('partners').select(['id', 'tier', 'company_name', 'key_prefix']).where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function replacePartnerKey(db: Kysely<DB>, partnerId: string, key: { hash: string; prefix: string }, now: string): Promise<void> {
  await db.updateTable('partners').set({ key_hash: key.hash, key_prefix: key.prefix, key_created_at: now }).where('id', '=', partnerId).execute();
}

export async function partnerExists(db: Kysely<DB>, partnerId: string): Promise<boolean> {
  return (await db.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst()) !== undefined;
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
