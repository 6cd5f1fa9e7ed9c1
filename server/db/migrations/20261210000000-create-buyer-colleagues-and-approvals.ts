import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A buyer account becomes a company's: its first user invites colleagues at the same domain, each
// a requester or an approver, a requester perhaps with a spending limit; an acceptance above it
// waits in buyer_approvals for an approver.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const key = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  // The company's first user (null: this account is its company's first user). Deleting the first
  // user's account leaves each colleague an account of its own.
  await db.schema
    .alterTable('buyer_accounts')
    .addColumn('company_id', 'integer', (c) => c.references('buyer_accounts.id').onDelete('set null'))
    .execute();
  // 'approver' or 'requester'; the first user is an approver.
  await db.schema
    .alterTable('buyer_accounts')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('approver'))
    .execute();
  // The name the colleague was invited by; personal data, deleted with the row.
  await db.schema.alterTable('buyer_accounts').addColumn('name', 'text').execute();
  // A requester's limit per order, in cents incl. VAT; null: none.
  await db.schema.alterTable('buyer_accounts').addColumn('spending_limit_cents', 'integer').execute();
  await db.schema.createIndex('buyer_accounts_company_idx').on('buyer_accounts').column('company_id').execute();

  // An acceptance held for approval: the quotes and lines it would order, the order details and
  // the tracking token it was made with (both cleared once it is decided), and the order total.
  await db.schema
    .createTable('buyer_approvals')
    .addColumn('id', id, key)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('buyer_accounts.id').onDelete('cascade'))
    .addColumn('requester_account_id', 'integer', (c) => c.references('buyer_accounts.id').onDelete('set null'))
    .addColumn('rfq_id', 'text', (c) => c.notNull())
    // 'accept' (one quote, perhaps some of its lines) or 'split' (a basket's cheapest split).
    .addColumn('kind', 'text', (c) => c.notNull())
    // `[{ quoteId, lineNos }]`, lineNos null for one product.
    .addColumn('awards_json', 'text', (c) => c.notNull())
    .addColumn('order_details_json', 'text')
    .addColumn('tracking_token', 'text')
    .addColumn('total_incl_vat_cents', 'integer', (c) => c.notNull())
    // 'waiting', 'approved' or 'rejected'.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('reason', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by_account_id', 'integer', (c) => c.references('buyer_accounts.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('buyer_approvals_company_idx').on('buyer_approvals').columns(['company_id', 'status']).execute();
  await db.schema.createIndex('buyer_approvals_rfq_idx').on('buyer_approvals').column('rfq_id').execute();
}
