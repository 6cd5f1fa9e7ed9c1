/** Where the server keeps its data when `DATABASE_URL` is not set: a SQLite file under `data/`. */
export const DEFAULT_DATABASE_URL = 'sqlite:./data/procura.sqlite';

/** The SQLite file a database URL names; undefined for PostgreSQL and for a database in memory. */
export function sqliteFileOf(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' ? undefined : file;
}
