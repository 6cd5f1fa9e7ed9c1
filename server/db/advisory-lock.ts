import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * Runs `work` in this process only if no other process is running work under the same `name`:
 * on PostgreSQL under a session advisory lock (`pg_try_advisory_lock`) on one connection, on
 * which `work` is given its database so that it needs no second connection from the pool; the
 * lock ends with the work, or with the connection if the process dies. SQLite serves one machine,
 * where `work` runs as it is. Answers `{ ran: false }` when another process holds the lock.
 *
 * @example
 * const result = await exclusively(database, 'procura.retention-sweep', (db) => sweepWith(db));
 * if (!result.ran) logger.debug('another process is sweeping');
 */
export async function exclusively<T>(
  database: Database,
  name: string,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (database.dialect !== 'postgres') return { ran: true, value: await work(database.db) };
  return database.db.connection().execute(async (db) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(db);
    if (!rows[0]?.locked) return { ran: false } as const;
    try {
      return { ran: true, value: await work(db) } as const;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(db);
    }
  });
}
