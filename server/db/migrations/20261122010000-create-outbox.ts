import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('outbox')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    // Lower goes first: a buyer waiting for quotes before a supplier's lead.
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql.raw(`status in ('pending', 'sending', 'sent', 'held', 'dead')`)))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a pending row is due, or when a claimed row's lease runs out.
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'priority', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
}
