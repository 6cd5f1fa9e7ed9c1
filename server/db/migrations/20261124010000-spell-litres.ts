import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Litres, as the guides and the page text spell it, in the catalogue and in stored requests.
  await sql`update catalogue_items set unit = 'litres' where unit = 'liters'`.execute(db);
  await sql`update catalogue_items set
    unit_description = replace(unit_description, 'per liter', 'per litre'),
    description = replace(description, ' liter ', ' litre ')`.execute(db);
  await sql`update rfqs set unit = 'litres' where unit = 'liters'`.execute(db);
  // Running processes reload the catalogue when the market revision changes.
  await sql`update meta set value = value || '-litres' where key = 'market_revision'`.execute(db);
}
