import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Money that moves: an append-only ledger of money lines, the months closed (the close's lock), the
// invoices and statements a close issues with their yearly numbers, and the partners' payouts.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const key = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // Nothing is updated or deleted: a correction is a line of its own. Amounts are positive cents;
  // the kind says which way the money goes.
  await db.schema
    .createTable('ledger_lines')
    .addColumn('id', id, key)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint')
    // What the line is a share of: a success fee's order value excl. VAT.
    .addColumn('basis_cents', 'bigint')
    .addColumn('supplier_id', 'integer')
    .addColumn('partner_id', 'text')
    .addColumn('rfq_id', 'text')
    .addColumn('purchase_order_id', 'integer')
    .addColumn('po_number', 'text')
    .addColumn('payout_id', 'integer')
    // The Johannesburg day it was written, which decides the month it closes in.
    .addColumn('on_day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_lines_day_idx').on('ledger_lines').columns(['on_day', 'kind']).execute();
  // One fee and one reversal per purchase order, one credit per request, one payout line per payout.
  await db.schema
    .createIndex('ledger_lines_order_idx')
    .on('ledger_lines')
    .columns(['kind', 'purchase_order_id'])
    .unique()
    .where(sql.ref('purchase_order_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_lines_credit_idx')
    .on('ledger_lines')
    .columns(['kind', 'rfq_id'])
    .unique()
    .where(sql.ref('kind'), '=', 'partner_credit')
    .execute();
  await db.schema.createIndex('ledger_lines_payout_idx').on('ledger_lines').column('payout_id').unique().where(sql.ref('payout_id'), 'is not', null).execute();

  // A month is closed once: the row is written first in the close's transaction, so a second close
  // of the same month, in this process or another, waits for the first and then finds it closed.
  await db.schema
    .createTable('month_closes')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'text', (c) => c.notNull())
    .execute();

  // Invoices (INV-2026-000123) and statements (ST-2026-000045) as issued, never changed.
  await db.schema
    .createTable('billing_documents')
    .addColumn('id', id, key)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('month', 'text', (c) => c.notNull().references('month_closes.month'))
    .addColumn('supplier_id', 'integer')
    .addColumn('partner_id', 'text')
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('brought_forward_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('carried_forward_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_documents_month_idx').on('billing_documents').columns(['month', 'kind']).execute();
  await db.schema.createIndex('billing_documents_partner_idx').on('billing_documents').columns(['partner_id', 'month']).execute();

  // Each series' last number in a year, taken with one atomic upsert as purchase orders' are.
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['series', 'year'])
    .execute();

  // What a statement makes payable: due until staff record it paid.
  await db.schema
    .createTable('partner_payouts')
    .addColumn('id', id, key)
    .addColumn('statement_id', 'integer', (c) => c.notNull().unique().references('billing_documents.id'))
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('paid_on', 'text')
    .addColumn('bank_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
