import type { Executor } from '../db/executor';
import { runStatement } from '../db/statements';

/** Counts one hit in a window and answers the window's count so far (one atomic statement). */
export async function countHit(db: Executor, hit: { bucket: string; subject: string; windowKey: string; expiresAt: string }): Promise<number> {
  const [row] = await runStatement<{ hits: number }>(
    db,
    `insert into rate_limit_windows (bucket, subject, window_key, hits, expires_at) values (?, ?, ?, 1, ?)
     on conflict (bucket, subject, window_key) do update set hits = rate_limit_windows.hits + 1 returning hits`,
    [hit.bucket, hit.subject, hit.windowKey, hit.expiresAt],
  );
  return Number(row!.hits);
}

/** Drops the counters of windows that have ended; answers how many. */
export async function pruneWindows(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limit_windows').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
