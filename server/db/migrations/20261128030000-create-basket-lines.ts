import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const real = pg ? 'double precision' : 'real';
  const bigint = pg ? 'bigint' : 'integer';

  // A basket is one request of many products: 0 lines is a single-product request, as every
  // request so far. Read with the request's row, so a single request costs no extra statement.
  await db.schema
    .alterTable('rfqs')
    .addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The supplier's minimum order at the time of its quote, which the basket's split respects.
  await db.schema
    .alterTable('quotes')
    .addColumn('minimum_order_cents', bigint, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('rfq_lines')
    .addColumn('rfq_id', 'text', (c) => c.notNull().references('rfqs.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    // Free text of the buyer's: cleared with the request's personal data.
    .addColumn('product_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('catalogue_item_id', 'text')
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rfq_lines_pk', ['rfq_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('quote_lines')
    .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('rfq_id', 'text', (c) => c.notNull())
    .addColumn('pricing_basis', 'text', (c) => c.notNull())
    .addColumn('list_unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_percent', real, (c) => c.notNull())
    .addColumn('total_cents', bigint, (c) => c.notNull())
    .addColumn('minimum_order_quantity', 'integer', (c) => c.notNull())
    .addColumn('lead_min_days', 'integer', (c) => c.notNull())
    .addColumn('lead_max_days', 'integer', (c) => c.notNull())
    // 'offered' until the buyer awards the line to this supplier ('accepted') or to another ('not_selected').
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offered'))
    .addPrimaryKeyConstraint('quote_lines_pk', ['quote_id', 'line_no'])
    .execute();
  await db.schema.createIndex('quote_lines_rfq_idx').on('quote_lines').columns(['rfq_id', 'line_no']).execute();
}
