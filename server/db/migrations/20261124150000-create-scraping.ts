import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  // One crawl at a time across every server process: `running` is 1 while a session runs and
  // null otherwise, and a unique index allows one 1 (nulls never collide). The runner renews
  // `heartbeat_at`; a running session whose heartbeat stopped was cut off by a restart.
  await db.schema
    .createTable('scrape_sessions')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in ('url', 'directories', 'products', 'sample')`)))
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in ('running', 'completed', 'stopped', 'failed', 'interrupted')`)))
    .addColumn('running', 'integer', (c) => c.check(sql.raw('running = 1')))
    .addColumn('start_urls', 'text', (c) => c.notNull())
    .addColumn('pages_planned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stop_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('scrape_sessions_one_running_idx').unique().on('scrape_sessions').column('running').execute();

  // The pages of a session: planned (pending), fetched (done) or not (failed), in crawl order.
  await db.schema
    .createTable('scrape_pages')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('scrape_sessions.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // A product crawl's pages belong to an approved supplier; what they list is that supplier's.
    .addColumn('supplier_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in ('pending', 'done', 'failed')`)))
    .addColumn('error', 'text')
    .addColumn('suppliers_found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('products_found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fetched_at', 'text')
    .addUniqueConstraint('scrape_pages_session_url_key', ['session_id', 'url'])
    .execute();
  await db.schema.createIndex('scrape_pages_next_idx').on('scrape_pages').columns(['session_id', 'status', 'id']).execute();

  // What crawls found, waiting for staff: suppliers and products with their source, the checks'
  // notes and failures, the duplicate they repeat, and the decision.
  await db.schema
    .createTable('scrape_items')
    .addColumn('id', pg ? 'serial' : 'integer', id)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('scrape_sessions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in ('supplier', 'product')`)))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('website', 'text')
    .addColumn('domain', 'text')
    .addColumn('city_id', 'text')
    .addColumn('city_text', 'text')
    .addColumn('province', 'text')
    .addColumn('category_id', 'text')
    .addColumn('catalogue_item_id', 'text')
    .addColumn('price_cents', pg ? 'bigint' : 'integer')
    .addColumn('currency', 'text')
    .addColumn('unit', 'text')
    .addColumn('sku', 'text')
    .addColumn('seller_name', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('failures', 'text', (c) => c.notNull())
    .addColumn('duplicate_of_item_id', 'integer')
    .addColumn('duplicate_of_supplier_id', 'integer')
    .addColumn('duplicate_reason', 'text', (c) => c.check(sql.raw(`duplicate_reason in ('email', 'domain', 'name', 'product')`)))
    .addColumn('decision', 'text', (c) => c.notNull().check(sql.raw(`decision in ('pending', 'approved', 'rejected')`)))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    // The supplier an approved supplier item became, or the one a product item belongs to.
    .addColumn('supplier_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scrape_items_session_idx').on('scrape_items').columns(['session_id', 'id']).execute();
  await db.schema.createIndex('scrape_items_decision_idx').on('scrape_items').columns(['decision', 'id']).execute();

  // The directory URLs staff keep for the "crawl the saved list" call.
  await db.schema
    .createTable('scrape_directories')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
}
