import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Counts one hit in a window and answers the window's count so far (one atomic statement). */
export async function countHit(db: Kysely<DB>, hit: { bucket: string; subject: string; windowKey: string; expiresAt: string }): Promise<number> {
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ bucket: hit.bucket, subject: hit.subject, window_key: hit.windowKey, hits: 1, expires_at: hit.expiresAt })
    .onConflict((oc) => oc.columns(['bucket', 'subject', 'window_key']).doUpdateSet({ hits: sql<number>`rate_limit_windows.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** A window's count so far, without counting a hit. */
export async function readHits(db: Kysely<DB>, key: { bucket: string; subject: string; windowKey: string }): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_windows')
    .select('hits')
    .where('bucket', '=', key.bucket)
    .where('subject', '=', key.subject)
    .where('window_key', '=', key.windowKey)
    .executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

/** Drops the counters of windows that have ended; answers how many. */
export async function pruneWindows(db: Kysely<DB>, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limit_windows').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
