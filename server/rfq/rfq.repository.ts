import type { Insertable, Transaction } from 'kysely';
import type { DB, IdempotencyKeysTable, QuotesTable, RfqsTable } from '../db/schema';
import type { Executor } from '../db/executor';

/** Stores a request and its quotes; answers the new quote ids in rank order. */
export async function insertRfq(
  trx: Transaction<DB>,
  rfq: Insertable<RfqsTable>,
  quotes: Insertable<QuotesTable>[],
): Promise<number[]> {
  await trx.insertInto('rfqs').values(rfq).execute();
  if (quotes.length === 0) return [];
  const rows = await trx.insertInto('quotes').values(quotes).returning(['id', 'rank']).execute();
  return rows.sort((a, b) => a.rank - b.rank).map((r) => r.id);
}

export async function findRfqRow(db: Executor, rfqId: string) {
  return db
    .selectFrom('rfqs')
    .select([
      'id',
      'product_name',
      'delivery_location',
      'quantity',
      'unit',
      'budget_range',
      'supplier_count',
      'matched_count',
      'matching_message',
      'primary_email',
      'product_description',
      'contact_name',
      'company_name',
      'company_size',
      'status',
      'awarded_quote_id',
      'created_at',
      'personal_data_deleted_at',
    ])
    .where('id', '=', rfqId)
    .executeTakeFirst();
}

export async function findIdempotencyRecord(db: Executor, key: string) {
  return db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function insertIdempotencyRecord(trx: Transaction<DB>, record: Insertable<IdempotencyKeysTable>) {
  await trx.insertInto('idempotency_keys').values(record).execute();
}

/** Forgets idempotency keys older than `before` (ISO date-time). */
export async function pruneIdempotencyRecords(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the buyer's e-mail addresses, name, company and free-text description from requests
 * that ended before `before`; answers how many it cleared. A request ends when the buyer closes
 * it, when the awarded supplier confirms, or when no quote is left that the buyer can accept (the
 * last one's validity passed; `beforeDay` is `before`'s validity day); and, whatever happens,
 * when the validity of its last quote ends (a request with no quote ends when it is made). What
 * the data API reads (product, quantity, city, budget band, company size, intent score) stays.
 */
export async function deletePersonalData(db: Executor, { before, beforeDay, now }: { before: string; beforeDay: string; now: string }): Promise<number> {
  const result = await db
    .updateTable('rfqs')
    .set({ primary_email: '', additional_emails: '[]', company_name: null, contact_name: null, product_description: '', personal_data_deleted_at: now })
    .where('personal_data_deleted_at', 'is', null)
    .where('created_at', '<', before)
    .where((eb) => {
      const quotes = () => eb.selectFrom('quotes as q').select('q.id').whereRef('q.rfq_id', '=', 'rfqs.id');
      const validAtCutoff = () => quotes().where('q.valid_until', '>=', beforeDay);
      return eb.or([
        eb.and([eb('rfqs.status', '=', 'closed'), eb('rfqs.status_changed_at', '<', before)]),
        eb.and([
          eb('rfqs.status', '=', 'awarded'),
          eb.exists(quotes().whereRef('q.id', '=', 'rfqs.awarded_quote_id').where('q.status', '=', 'confirmed').where('q.status_changed_at', '<', before)),
        ]),
        eb.and([
          eb('rfqs.status', '=', 'open'),
          eb(eb.fn.coalesce('rfqs.status_changed_at', 'rfqs.created_at'), '<', before),
          eb.not(eb.exists(validAtCutoff().where('q.status', 'in', ['offered', 'declined']))),
        ]),
        eb.not(eb.exists(validAtCutoff())),
      ]);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
