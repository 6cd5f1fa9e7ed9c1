import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // Employees ('1-10' … '250+'), as the buyer stated it; not personal data, so the sweep keeps it.
  await db.schema.alterTable('rfqs').addColumn('company_size', 'text').execute();
  // 'open', 'awarded' or 'closed'; 'expired' is never stored: it follows from the quotes' validity
  // and the clock, so nothing has to run at midnight to make it true.
  await db.schema
    .alterTable('rfqs')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .execute();
  await db.schema.alterTable('rfqs').addColumn('status_changed_at', 'text').execute();
  // No foreign key: quotes reference rfqs, and a cycle would make either insert order fail.
  await db.schema.alterTable('rfqs').addColumn('awarded_quote_id', 'integer').execute();

  // 'offered', 'accepted', 'not_selected', 'declined', 'confirmed' or 'withdrawn' ('expired' is computed).
  await db.schema
    .alterTable('quotes')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offered'))
    .execute();
  await db.schema.alterTable('quotes').addColumn('status_changed_at', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('accepted_at', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('withdrawal_reason', 'text').execute();
  // The accepted supplier's response link: only its secret's SHA-256 is kept, as for tracking tokens.
  await db.schema.alterTable('quotes').addColumn('response_secret_hash', 'text').execute();
  // The buyer's tracking token, encrypted under the supplier's response secret: the supplier's
  // answer can then link the buyer back to their quotes, and the database alone opens nothing.
  await db.schema.alterTable('quotes').addColumn('buyer_link_sealed', 'text').execute();
  // When the supplier was told its quote was not selected, so a request awarded twice tells it once.
  await db.schema.alterTable('quotes').addColumn('courtesy_mailed_at', 'text').execute();

  // The partner area counts awarded requests and enterprise leads per month from the index alone.
  await db.schema.createIndex('rfqs_partner_counts_idx').on('rfqs').columns(['partner_id', 'created_at', 'partner_credit', 'status', 'company_size']).execute();
  await db.schema.dropIndex('rfqs_partner_created_idx').execute();
}
