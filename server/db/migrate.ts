import { Migrator } from 'kysely';
import type { Database } from './database';
import { migrationsFor } from './migrations';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest({ db, dialect, schema }: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  // Up to date (a command run beside a live server): only read, so no write lock is contended.
  if ((await migrator.getMigrations()).every((m) => m.executedAt !== undefined)) return [];
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
