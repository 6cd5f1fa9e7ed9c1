import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// What an invoice's or statement's PDF shows, kept with it at issue so the document never changes:
// the parties as they stood (Procura's name, address and VAT number, the supplier's or partner's
// details), and the ledger lines it sums, each line on one document only.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('billing_documents').addColumn('parties_json', 'text').execute();
  await db.schema
    .createTable('billing_document_lines')
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('ledger_line_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_document_lines_pk', ['document_id', 'ledger_line_id'])
    .execute();
  await db.schema.createIndex('billing_document_lines_line_idx').on('billing_document_lines').column('ledger_line_id').unique().execute();
}
