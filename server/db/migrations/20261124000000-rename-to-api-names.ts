import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One name per concept, the API's: a quote's `minimumOrderQuantity` and `validityPeriod` come
  // from these, and a widget's `hideProcuraBranding` setting is counted in the last.
  await db.schema.alterTable('supplier_categories').renameColumn('min_order_quantity', 'minimum_order_quantity').execute();
  await db.schema.alterTable('offers').renameColumn('min_order_quantity', 'minimum_order_quantity').execute();
  await db.schema.alterTable('suppliers').renameColumn('quote_validity_days', 'validity_days').execute();
  await db.schema.alterTable('widget_loads').renameColumn('branding_hidden', 'hide_procura_branding').execute();
}
