import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Requests per catalogue item since `since` (ISO date-time), the widget demo's left out. */
export async function rfqCountsByItem(db: Kysely<DB>, since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('rfqs')
    .select(['catalogue_item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .where('catalogue_item_id', 'is not', null)
    .where('demo', '=', 0)
    .groupBy('catalogue_item_id')
    .execute();
  return new Map(rows.map((r) => [r.catalogue_item_id!, Number(r.n)]));
}
