import type { Executor } from '../db/executor';
import { numbersParameters, runStatement } from '../db/statements';

/** Hits to count in one window: `n` of them, for one subject of one bucket. */
export interface WindowHits {
  bucket: string;
  subject: string;
  windowKey: string;
  expiresAt: string;
  n: number;
}

/** What tells one window from another: its bucket, its subject and its start. */
export function windowId(w: { bucket: string; subject: string; windowKey: string }): string {
  return `${w.bucket}\n${w.subject}\n${w.windowKey}`;
}

const COUNT_ONE = `insert into rate_limit_windows (bucket, subject, window_key, hits, expires_at) values (?, ?, ?, ?, ?)
   on conflict (bucket, subject, window_key) do update set hits = rate_limit_windows.hits + excluded.hits returning hits`;

// PostgreSQL counts every window of a batch in one statement of fixed text (prepared once per connection).
const COUNT_MANY = `insert into rate_limit_windows (bucket, subject, window_key, hits, expires_at)
   select * from unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::text[])
   on conflict (bucket, subject, window_key) do update set hits = rate_limit_windows.hits + excluded.hits
   returning bucket, subject, window_key, hits`;

/**
 * Counts hits in their windows and answers each window's count so far, including them, in the
 * order given. The windows must be distinct. Each window's count is written before it is read,
 * atomically, so processes counting at once never both see the same count.
 */
export async function countHits(db: Executor, windows: readonly WindowHits[]): Promise<number[]> {
  if (windows.length > 1 && numbersParameters(db)) {
    const rows = await runStatement<{ bucket: string; subject: string; window_key: string; hits: number }>(db, COUNT_MANY, [
      windows.map((w) => w.bucket),
      windows.map((w) => w.subject),
      windows.map((w) => w.windowKey),
      windows.map((w) => w.n),
      windows.map((w) => w.expiresAt),
    ]);
    const counts = new Map(rows.map((r) => [windowId({ ...r, windowKey: r.window_key }), Number(r.hits)]));
    return windows.map((w) => counts.get(windowId(w))!);
  }
  const counts: number[] = [];
  for (const w of windows) {
    const [row] = await runStatement<{ hits: number }>(db, COUNT_ONE, [w.bucket, w.subject, w.windowKey, w.n, w.expiresAt]);
    counts.push(Number(row!.hits));
  }
  return counts;
}

/** Counts one hit in a window and answers the window's count so far (one atomic statement). */
export async function countHit(db: Executor, hit: Omit<WindowHits, 'n'>): Promise<number> {
  const [count] = await countHits(db, [{ ...hit, n: 1 }]);
  return count!;
}

/** The hits counted so far in the windows of one subject of one bucket, by window key (a window with none is missing). */
export async function windowsHits(db: Executor, w: { bucket: string; subject: string; windowKeys: string[] }): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('rate_limit_windows')
    .select(['window_key', 'hits'])
    .where('bucket', '=', w.bucket)
    .where('subject', '=', w.subject)
    .where('window_key', 'in', w.windowKeys)
    .execute();
  return new Map(rows.map((r) => [r.window_key, Number(r.hits)]));
}

const COUNT_BELOW = `insert into rate_limit_windows (bucket, subject, window_key, hits, expires_at) values (?, ?, ?, 1, ?)
   on conflict (bucket, subject, window_key) do update set hits = rate_limit_windows.hits + 1 where rate_limit_windows.hits < ? returning hits`;

/**
 * Counts one hit in a window only while the window holds fewer than `below` hits, in one atomic
 * statement, so processes counting at once never pass the bound together. Answers the window's
 * count with the hit, or undefined when the bound refused it (and nothing was counted). A new
 * window takes its first hit whatever `below` is: callers ask only with room for one.
 */
export async function countHitBelow(db: Executor, hit: Omit<WindowHits, 'n'>, below: number): Promise<number | undefined> {
  const [row] = await runStatement<{ hits: number }>(db, COUNT_BELOW, [hit.bucket, hit.subject, hit.windowKey, hit.expiresAt, below]);
  return row ? Number(row.hits) : undefined;
}

/** Drops the counters of windows that have ended; answers how many. */
export async function pruneWindows(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limit_windows').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
