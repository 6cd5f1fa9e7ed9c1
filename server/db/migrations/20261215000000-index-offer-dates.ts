import { sql, type Kysely } from 'kysely';

// Migrations never import app code and are frozen once shipped: they see the database as `any`.
export async function up(db: Kysely<any>): Promise<void> {
  // The market is read again on the day an offer's dates start or end, found as the earliest date
  // to come. Read from the offers themselves that was a scan of every offer, twice (about a third of
  // a second at two million, on the loading thread). Few offers carry dates, and these indexes hold
  // only those that do, so an offer without dates costs them nothing to write.
  for (const column of ['valid_from', 'valid_until']) {
    await db.schema.createIndex(`offers_${column}_idx`).on('offers').column(column).where(sql.ref(column), 'is not', null).execute();
  }
}
