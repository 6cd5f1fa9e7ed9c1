import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { clearPersonalData } from '../rfq/rfq.repository';

export async function insertDataRequest(db: Executor, row: { token_hash: string; email: string; created_at: string; expires_at: string }): Promise<void> {
  await db
    .insertInto('data_requests')
    .values({ ...row, used_at: null })
    .execute();
}

/** The address of a link that is still good at `now`. */
export async function findOpenDataRequest(db: Executor, tokenHash: string, now: string): Promise<{ email: string; expires_at: string } | undefined> {
  return db
    .selectFrom('data_requests')
    .select(['email', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Deletes every data request of an address: its links stop working and the address goes. */
export async function deleteDataRequestsOf(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('data_requests').where('email', '=', email).execute();
}

/** Deletes the requests whose links have expired, and the addresses they held. */
export async function pruneDataRequests(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('data_requests').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The RFQs whose personal data is still held and that name `email` (lower-cased), as the sender
 * or among the copied addresses. Candidates are found by text and then checked exactly, since an
 * address may hold characters that LIKE reads as wildcards.
 */
export async function rfqsNaming(db: Executor, email: string) {
  const rows = await db
    .selectFrom('rfqs')
    .selectAll('rfqs')
    .select((eb) => eb.selectFrom('quotes').select(sql<number>`count(*)`.as('n')).whereRef('quotes.rfq_id', '=', 'rfqs.id').as('quote_count'))
    .where('personal_data_deleted_at', 'is', null)
    .where((eb) => eb.or([eb(sql`lower(primary_email)`, '=', email), eb('additional_emails', 'like', `%${email}%`)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows
    .map((r) => ({ ...r, sender: r.primary_email.toLowerCase() === email, copied: (JSON.parse(r.additional_emails) as string[]).includes(email) }))
    .filter((r) => r.sender || r.copied);
}

/** The purchase orders of the requests `rfqIds`, with the order details given for each and their quotes' totals, oldest first. */
export async function purchaseOrdersOf(db: Executor, rfqIds: string[]) {
  if (rfqIds.length === 0) return [];
  return db
    .selectFrom('purchase_orders as po')
    .innerJoin('quotes as q', 'q.id', 'po.quote_id')
    .select([
      'po.rfq_id',
      'po.quote_id',
      'po.po_number',
      'po.issued_on',
      'po.cancelled_on',
      'po.supplier_json',
      'po.delivery_address',
      'po.phone',
      'po.purchase_order_reference',
      'po.vat_number',
      'q.vat_rate',
      'q.total_cents',
      'q.vat_cents',
      'q.total_incl_vat_cents',
    ])
    .where('po.rfq_id', 'in', rfqIds)
    .orderBy('po.id')
    .execute();
}

/** The e-mails the outbox holds for `email`. */
export async function emailsTo(db: Executor, email: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'status', 'created_at', 'sent_at'])
    .where(sql`lower(recipient)`, '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Clears an RFQ's personal data as the sweep does once the request has ended; the RFQ stays, anonymous. */
export async function anonymiseRfqs(db: Executor, ids: string[], now: string): Promise<number> {
  if (ids.length === 0) return 0;
  return clearPersonalData(db, now, (eb) => eb('id', 'in', ids));
}

export async function setAdditionalEmails(db: Executor, id: string, emails: string[]): Promise<void> {
  await db
    .updateTable('rfqs')
    .set({ additional_emails: JSON.stringify(emails) })
    .where('id', '=', id)
    .execute();
}

export async function deleteEmailsTo(db: Executor, email: string): Promise<number> {
  const result = await db.deleteFrom('outbox').where(sql`lower(recipient)`, '=', email).executeTakeFirst();
  return Number(result.numDeletedRows);
}
