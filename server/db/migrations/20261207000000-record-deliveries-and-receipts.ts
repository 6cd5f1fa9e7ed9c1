import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// The track record: the day each order was promised for, the day its supplier says it delivered,
// the buyer's receipt (on time, in full, a rating), and a public address for each supplier.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // The promised day: the day the order was issued (the buyer's acceptance) plus the longest lead
  // time its quote gave, in Johannesburg calendar days. A receipt on or before it is on time.
  await db.schema.alterTable('purchase_orders').addColumn('promised_on', 'text').execute();
  // The day (YYYY-MM-DD, Johannesburg) the supplier says it delivered; null until it says so.
  await db.schema.alterTable('purchase_orders').addColumn('delivered_on', 'text').execute();
  // When the buyer was asked, once, to confirm receipt; null while not asked.
  await db.schema.alterTable('purchase_orders').addColumn('receipt_reminded_at', 'text').execute();
  const promised =
    dialect === 'postgres'
      ? sql`(purchase_orders.issued_on::date + quotes.lead_max_days)::text`
      : sql`date(purchase_orders.issued_on, '+' || quotes.lead_max_days || ' days')`;
  await sql`update purchase_orders set promised_on = (select ${promised} from quotes where quotes.id = purchase_orders.quote_id)`.execute(db);

  // One receipt per order, recorded by the holder of the order's tracking token. It is about the
  // supplier, so it outlives the buyer's personal data: deleting that clears only the comment.
  await db.schema
    .createTable('order_receipts')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('purchase_order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('supplier_id', 'integer', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    // 1 when received on or before the order's promised day.
    .addColumn('on_time', 'integer', (c) => c.notNull())
    .addColumn('in_full', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    // 0 when the buyer's e-mail domain is the supplier's own: kept, shown to staff, never counted.
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_receipts_supplier_idx').on('order_receipts').columns(['supplier_id', 'received_on']).execute();

  // The supplier's public page lives at /suppliers/{slug}: its name in lower case, words joined by
  // hyphens, with the id appended when two names would meet.
  await db.schema.alterTable('suppliers').addColumn('slug', 'text').execute();
  const suppliers: { id: number; name: string }[] = await db.selectFrom('suppliers').select(['id', 'name']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const s of suppliers) {
    const base =
      s.name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/&/g, ' and ')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 80) || 'supplier';
    const slug = taken.has(base) ? `${base}-${s.id}` : base;
    taken.add(slug);
    await db.updateTable('suppliers').set({ slug }).where('id', '=', s.id).execute();
  }
  await db.schema.createIndex('suppliers_slug_idx').on('suppliers').column('slug').unique().execute();
}
