import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface WidgetLoadRow {
  partnerId: string;
  embedId: string;
  referrerHost: string;
  day: string;
  compact: boolean;
  theme: string;
  hideProcuraBranding: boolean;
}

/** Counts one widget load on its day; the latest settings seen win. */
export async function countWidgetLoad(db: Kysely<DB>, load: WidgetLoadRow): Promise<void> {
  const settings = { compact: load.compact ? 1 : 0, theme: load.theme, hide_procura_branding: load.hideProcuraBranding ? 1 : 0 };
  await db
    .insertInto('widget_loads')
    .values({ partner_id: load.partnerId, embed_id: load.embedId, referrer_host: load.referrerHost, day: load.day, loads: 1, ...settings })
    .onConflict((oc) => oc.columns(['partner_id', 'embed_id', 'referrer_host', 'day']).doUpdateSet({ loads: sql<number>`widget_loads.loads + 1`, ...settings }))
    .execute();
}

/** The latest requests sent through embedded widgets, with only what may be shown publicly. */
export async function recentEmbedRfqs(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('rfqs')
    .innerJoin('categories', 'categories.id', 'rfqs.category_id')
    .leftJoin('catalogue_items', 'catalogue_items.id', 'rfqs.catalogue_item_id')
    .leftJoin('cities', 'cities.id', 'rfqs.city_id')
    .select(['catalogue_items.name as item', 'categories.name as category', 'cities.name as city', 'rfqs.quantity', 'rfqs.created_at'])
    .where('rfqs.embed_source', 'is not', null)
    .orderBy('rfqs.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes the widget-load counts of days before `day` (YYYY-MM-DD); answers how many. */
export async function deleteWidgetLoadsBefore(db: Kysely<DB>, day: string): Promise<number> {
  const result = await db.deleteFrom('widget_loads').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
