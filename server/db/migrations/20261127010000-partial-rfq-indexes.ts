import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
// Most requests come from no partner and no widget; their rows need no entry in the indexes that
// only partner and widget reports read (`partner_id = ?`, `embed_source is not null`). Partial
// indexes skip them, so a request writes two index entries fewer.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('rfqs_partner_counts_idx').execute();
  await db.schema
    .createIndex('rfqs_partner_counts_idx')
    .on('rfqs')
    .columns(['partner_id', 'created_at', 'partner_credit', 'status', 'company_size'])
    .where(sql.ref('partner_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('rfqs_embed_created_idx').execute();
  await db.schema
    .createIndex('rfqs_embed_created_idx')
    .on('rfqs')
    .columns(['embed_source', 'created_at'])
    .where(sql.ref('embed_source'), 'is not', null)
    .execute();
}
