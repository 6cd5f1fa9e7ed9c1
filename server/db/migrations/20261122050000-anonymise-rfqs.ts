import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // A buyer's e-mail addresses, name and company are deleted 72 hours after the request. The
  // intent score reads whether they were given, so it is kept as a column, computed when the RFQ
  // is stored, instead of from the columns that go.
  await db.schema
    .alterTable('rfqs')
    .addColumn('intent_score', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('rfqs').addColumn('personal_data_deleted_at', 'text').execute();
  await sql`update rfqs set intent_score = 20
    + case when budget_range is null then 0 else 25 end
    + case when company_name is null then 0 else 20 end
    + case when quantity >= 100 then 15 else 0 end
    + case when contact_name is null then 0 else 10 end
    + case when additional_emails = '[]' then 0 else 10 end`.execute(db);
  // The data API names an RFQ by a random pseudonym of its own, never by its id.
  await db.schema
    .alterTable('rfqs')
    .addColumn('public_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const random20 = dialect === 'postgres' ? sql`substr(md5(random()::text || id), 1, 20)` : sql`lower(hex(randomblob(10)))`;
  await sql`update rfqs set public_id = 'r_' || ${random20}`.execute(db);
  // The hourly sweep finds the RFQs still holding personal data without reading the rest.
  await db.schema.createIndex('rfqs_personal_data_idx').on('rfqs').column('created_at').where(sql.ref('personal_data_deleted_at'), 'is', null).execute();
}
