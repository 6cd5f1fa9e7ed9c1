import type { Transaction } from 'kysely';
import type { DB } from '../schema';

/** Inserts seed rows 500 to a statement, well within either database's limit on a statement's parameters. */
export async function insertChunked<T extends keyof DB>(trx: Transaction<DB>, table: T, rows: readonly Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}
