import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// What the mail guard counts per address (requests, quote e-mails, data-request e-mails) becomes
// one counter row per address and ten minutes, raised by one upsert, instead of one row per event that
// was inserted and then counted. A rolling 24 hours is the sum of an address's last 145 slots.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  let table = db.schema
    .createTable('address_counts')
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quote_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('address_counts_pk', ['address_hash', 'slot']);
  // On SQLite the key is the table: one b-tree to write, not a table and its index.
  if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.createIndex('address_counts_slot_idx').on('address_counts').column('slot').execute();
  await sql`
    insert into address_counts (address_hash, slot, requests, quote_emails, data_requests)
    select address_hash, substr(created_at, 1, 15),
      sum(case when kind = 'request' then 1 else 0 end),
      sum(case when kind = 'quote-email' then 1 else 0 end),
      sum(case when kind = 'data-request' then 1 else 0 end)
    from address_events
    group by address_hash, substr(created_at, 1, 15)
  `.execute(db);
  await db.schema.dropTable('address_events').execute();
}
