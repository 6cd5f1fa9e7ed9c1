import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// A returning buyer's saved details, one row per account address, deleted with the account: the
// company, contact, phone and VAT number the forms prefill, and the delivery addresses as JSON.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('buyer_profiles')
    .addColumn('buyer_account_id', 'integer', (c) => c.primaryKey().references('buyer_accounts.id').onDelete('cascade'))
    .addColumn('company_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('vat_number', 'text')
    .addColumn('addresses_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_purchase_order_prefix', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
