import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Businesses that apply to supply through Procura: what they gave, whether the address is
// verified, the listing they claim and why, and staff's decision. Unverified ones are deleted
// after a week by the retention sweep.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const key = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('supplier_applications')
    .addColumn('id', id, key)
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('trading_name', 'text')
    .addColumn('registration_number', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text')
    // 1-8, 0 for non-compliant, null when none was given.
    .addColumn('bbee_level', 'integer')
    .addColumn('bbee_expires_on', 'text')
    .addColumn('contact_name', 'text', (c) => c.notNull())
    // Lower-cased; deleted with the row.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('city_id', 'text', (c) => c.notNull())
    // JSON array of category ids.
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    // 'unverified' until the e-mail's link is opened, then 'pending', 'approved' or 'rejected'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claim_supplier_id', 'integer')
    .addColumn('claim_reason', 'text')
    .addColumn('supplier_id', 'integer')
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('supplier_applications_status_idx').on('supplier_applications').columns(['status', 'created_at']).execute();
}
