import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // An embedded RFQ names the partner it is credited to and the host site, not the page's full
  // address (which may carry a visitor's details in its query).
  await db.schema.alterTable('rfqs').addColumn('partner_id', 'text').execute();
  await db.schema.alterTable('rfqs').addColumn('referrer_host', 'text').execute();
  await db.schema.alterTable('rfqs').dropColumn('referrer_url').execute();
  await db.schema.createIndex('rfqs_partner_created_idx').on('rfqs').columns(['partner_id', 'created_at']).execute();
  await db.schema.createIndex('rfqs_embed_created_idx').on('rfqs').columns(['embed_source', 'created_at']).execute();

  // Widget loads, counted per partner, widget, host site and day ('' where there is none).
  await db.schema
    .createTable('widget_loads')
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('embed_id', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('loads', 'integer', (c) => c.notNull())
    .addColumn('compact', 'integer', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('branding_hidden', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('widget_loads_pk', ['partner_id', 'embed_id', 'referrer_host', 'day'])
    .execute();
}
