import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

function hostOf(website: string): string | null {
  try {
    return new URL(website).host.toLowerCase();
  } catch {
    return null;
  }
}

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // The hosts whose widget RFQs are credited to a partner; registration adds the website's host.
  await db.schema
    .createTable('partner_hosts')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_hosts_pk', ['partner_id', 'host'])
    .execute();

  // A keyed hash of a buyer's address per partner, until the 30 days in which a second qualified
  // RFQ from that buyer earns the partner nothing have passed; the address itself is not kept.
  await db.schema
    .createTable('partner_credits')
    .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_credits_pk', ['partner_id', 'buyer_key'])
    .execute();
  await db.schema.createIndex('partner_credits_expires_idx').on('partner_credits').column('expires_at').execute();
  await db
    .insertInto('meta')
    .values({ key: 'partner_credit_key', value: randomBytes(32).toString('hex') })
    .execute();

  // 'uncredited' (not from one of the partner's hosts), 'host' (from one, but not a qualified RFQ
  // to pay for) or 'qualified'; null when no partner is named.
  await db.schema.alterTable('rfqs').addColumn('partner_credit', 'text').execute();

  const partners: { id: string; website: string; created_at: string }[] = await db.selectFrom('partners').select(['id', 'website', 'created_at']).execute();
  for (const p of partners) {
    const host = hostOf(p.website);
    if (host) await db.insertInto('partner_hosts').values({ partner_id: p.id, host, created_at: p.created_at }).execute();
    // Earlier RFQs are judged by the host rule alone: the buyers' addresses needed for the 30-day rule may be gone.
    await db
      .updateTable('rfqs')
      .set({
        partner_credit:
          host === null
            ? 'uncredited'
            : (eb: any) =>
                eb
                  .case()
                  .when('referrer_host', '=', host)
                  .then(eb.case().when('matched_count', '>', 0).then('qualified').else('host').end())
                  .else('uncredited')
                  .end(),
      })
      .where('partner_id', '=', p.id)
      .execute();
  }
}
