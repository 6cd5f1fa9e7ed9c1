import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const real = pg ? 'double precision' : 'real';
  const bigint = pg ? 'bigint' : 'integer';
  const serialId = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('cities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('latitude', real, (c) => c.notNull())
    .addColumn('longitude', real, (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sectors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sector_id', 'text', (c) => c.notNull().references('sectors.id'))
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('catalogue_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addColumn('reference_price_cents', 'integer', (c) => c.notNull())
    .addColumn('avg_delivery', 'text', (c) => c.notNull())
    .addColumn('unit_quantity', 'integer')
    .addColumn('unit_description', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('suppliers')
    .addColumn('id', serialId, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact_person', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('home_city_id', 'text', (c) => c.notNull().references('cities.id'))
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('rating', real, (c) => c.notNull())
    .addColumn('on_time_rate', 'integer', (c) => c.notNull())
    .addColumn('response_time_hours', 'integer', (c) => c.notNull())
    .addColumn('dispatch_days', 'integer', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) => c.notNull())
    .addColumn('quote_validity_days', 'integer', (c) => c.notNull())
    .addColumn('price_list_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('supplier_categories')
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addColumn('capacity_units', 'integer', (c) => c.notNull())
    .addColumn('min_order_quantity', 'integer', (c) => c.notNull())
    .addColumn('price_factor', real, (c) => c.notNull())
    .addPrimaryKeyConstraint('supplier_categories_pk', ['supplier_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('supplier_coverage')
    .addColumn('id', serialId, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sqlIn('scope', ['city', 'province', 'national'])))
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('lead_days', 'integer', (c) => c.notNull())
    .addUniqueConstraint('supplier_coverage_unique', ['supplier_id', 'scope', 'area'])
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', serialId, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('catalogue_item_id', 'text', (c) => c.notNull().references('catalogue_items.id'))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('min_order_quantity', 'integer', (c) => c.notNull())
    .addColumn('tiers', 'text', (c) => c.notNull())
    .addUniqueConstraint('offers_supplier_item_unique', ['supplier_id', 'catalogue_item_id'])
    .execute();
  await db.schema.createIndex('offers_item_idx').on('offers').column('catalogue_item_id').execute();

  await db.schema
    .createTable('rfqs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('budget_range', 'text')
    .addColumn('supplier_count', 'integer', (c) => c.notNull())
    .addColumn('matched_count', 'integer', (c) => c.notNull())
    .addColumn('matching_message', 'text', (c) => c.notNull())
    .addColumn('delivery_location', 'text', (c) => c.notNull())
    .addColumn('city_id', 'text', (c) => c.references('cities.id'))
    .addColumn('catalogue_item_id', 'text', (c) => c.references('catalogue_items.id'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id'))
    .addColumn('primary_email', 'text', (c) => c.notNull())
    .addColumn('additional_emails', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('embed_id', 'text')
    .addColumn('referrer_url', 'text')
    .addColumn('embed_source', 'text')
    .addColumn('client_timestamp', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rfqs_created_idx').on('rfqs').column('created_at').execute();
  await db.schema.createIndex('rfqs_item_created_idx').on('rfqs').columns(['catalogue_item_id', 'created_at']).execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', serialId, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('rfq_id', 'text', (c) => c.notNull().references('rfqs.id').onDelete('cascade'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id'))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('pricing_basis', 'text', (c) => c.notNull())
    .addColumn('list_unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_percent', real, (c) => c.notNull())
    .addColumn('total_cents', bigint, (c) => c.notNull())
    .addColumn('vat_rate', real, (c) => c.notNull())
    .addColumn('vat_cents', bigint, (c) => c.notNull())
    .addColumn('total_incl_vat_cents', bigint, (c) => c.notNull())
    .addColumn('minimum_order_quantity', 'integer', (c) => c.notNull())
    .addColumn('lead_min_days', 'integer', (c) => c.notNull())
    .addColumn('lead_max_days', 'integer', (c) => c.notNull())
    .addColumn('payment_terms', 'text', (c) => c.notNull())
    .addColumn('validity_days', 'integer', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('price_list_date', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('competitive_position', 'text', (c) => c.notNull())
    .addColumn('price_difference', real, (c) => c.notNull())
    .addColumn('quality_score', 'integer', (c) => c.notNull())
    .addColumn('reliability_rating', 'integer', (c) => c.notNull())
    .addColumn('risk_level', 'text', (c) => c.notNull())
    .addColumn('recommendation', 'text', (c) => c.notNull())
    // SHA-256 of the token's secret part; the token names the quote id, so no index is needed.
    .addColumn('tracking_secret_hash', 'text', (c) => c.notNull())
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_viewed_at', 'text')
    .addColumn('last_viewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_rfq_idx').on('quotes').columns(['rfq_id', 'rank']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

function sqlIn(column: string, values: string[]) {
  // Literals from this file only, never user input.
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
