import { Migrator, sql } from 'kysely';
import type { Database } from './database';
import { migrationsFor } from './migrations';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest({ db, dialect, schema }: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  // Up to date (a command run beside a live server): one read of the migration table, so no write
  // lock is contended. A database without the table yet falls through to the migrator.
  const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db).then(
    (r) => new Set(r.rows.map((row) => row.name)),
    () => null,
  );
  if (done && Object.keys(migrationsFor(dialect)).every((name) => done.has(name))) return [];
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
