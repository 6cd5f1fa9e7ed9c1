import { type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction, sql } from 'kysely';
import type { DB, IdempotencyKeysTable, MailLinksTable, OutboxTable, QuoteLinesTable, QuotesTable, RfqLinesTable, RfqsTable } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { insertRowsLater, insertTogether, runStatement, writeLater } from '../../db/statements';

/**
 * Stores a request, its quotes and what it sends (its e-mails' unsubscribe links and outbox rows)
 * together; answers the new quote ids in rank order. Quotes whose ids were drawn ahead (`ids`, in
 * rank order: see `sequence-ids.ts`) are written with them, and the statement needs no answer:
 * it travels with the transaction's next statement or its COMMIT.
 */
export async function insertRfq(
  trx: Transaction<DB>,
  rfq: Insertable<RfqsTable>,
  quotes: Insertable<QuotesTable>[],
  sent: { links: Insertable<MailLinksTable>[]; outbox: Insertable<OutboxTable>[] },
  ids?: number[],
): Promise<number[]> {
  const inserts = [
    { table: 'rfqs', rows: [rfq] },
    { table: 'mail_links', rows: sent.links },
    { table: 'outbox', rows: sent.outbox },
  ] as const;
  if (ids) {
    await insertTogether(trx, [...inserts, { table: 'quotes', rows: quotes.map((q, i) => ({ ...q, id: ids[i]! })) }], [], true);
    return ids;
  }
  const rows = await insertTogether(trx, [...inserts, { table: 'quotes', rows: quotes }], ['id', 'rank']);
  return rows.sort((a, b) => Number(a.rank) - Number(b.rank)).map((r) => Number(r.id));
}

/**
 * What a request asks for and who asked: the columns its pages, its e-mails and a repeat of it
 * all read, and a repeat copies.
 */
export const ASKED_COLUMNS = [
  'product_name',
  'product_description',
  'quantity',
  'unit',
  'delivery_location',
  'primary_email',
  'contact_name',
  'company_name',
  'company_size',
] as const;

/** The request columns its views read. */
const RFQ_COLUMNS = [
  'id',
  ...ASKED_COLUMNS,
  'budget_range',
  'supplier_count',
  'matched_count',
  'matching_message',
  'status',
  'awarded_quote_id',
  'created_at',
  'personal_data_deleted_at',
  'partner_credit',
  'demo',
  'delivery_address',
  'phone',
  'purchase_order_reference',
  'vat_number',
  'line_count',
] as const;
export type RfqRow = Pick<Selectable<RfqsTable>, (typeof RFQ_COLUMNS)[number]>;

// Read on every view of a request and for every e-mail about one: one fixed statement.
const RFQ_ROW = `select ${RFQ_COLUMNS.join(', ')} from rfqs where id = ?`;

export async function findRfqRow(db: Executor, rfqId: string): Promise<RfqRow | undefined> {
  const [row] = await runStatement<RfqRow>(db, RFQ_ROW, [rfqId]);
  return row;
}

/** What replaying an answer reads of its idempotency record. */
type IdempotencyRecord = Pick<Selectable<IdempotencyKeysTable>, 'request_hash' | 'status_code' | 'response_body'>;

// Read first by every request that carries an Idempotency-Key: one fixed statement, prepared once per connection.
const IDEMPOTENCY_RECORD = 'select request_hash, status_code, response_body from idempotency_keys where key = ?';

export async function findIdempotencyRecord(db: Executor, key: string): Promise<IdempotencyRecord | undefined> {
  const [row] = await runStatement<IdempotencyRecord>(db, IDEMPOTENCY_RECORD, [key]);
  return row;
}

/** Keeps a request's answer under its key; on PostgreSQL it is sent with the transaction's COMMIT, whose failure says the key was taken. */
export async function insertIdempotencyRecord(trx: Transaction<DB>, record: Insertable<IdempotencyKeysTable>) {
  await insertRowsLater(trx, 'idempotency_keys', [record]);
}

/** Forgets the idempotency records of these requests. */
export async function deleteIdempotencyRecordsOf(db: Executor, rfqIds: string[]): Promise<void> {
  if (rfqIds.length > 0) await db.deleteFrom('idempotency_keys').where('rfq_id', 'in', rfqIds).execute();
}

/** Forgets idempotency keys older than `before` (ISO date-time). */
export async function pruneIdempotencyRecords(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What clearing a request's personal data writes: the buyer's e-mail addresses, name, company,
 * free-text description and the order details given at acceptance (address, phone,
 * purchase-order reference, VAT number), all at once (see {@link clearPersonalData}).
 */
function clearedPersonalData(now: string) {
  return {
    primary_email: '',
    additional_emails: '[]',
    company_name: null,
    contact_name: null,
    product_description: '',
    delivery_address: null,
    phone: null,
    purchase_order_reference: null,
    vat_number: null,
    personal_data_deleted_at: now,
  } as const;
}

/**
 * Deletes the buyer's e-mail addresses, name, company, free-text description and order details from requests
 * that ended before `before`; answers how many it cleared. A request ends when the buyer closes
 * it, when the awarded supplier confirms, or when no quote is left that the buyer can accept or
 * that waits for a company's approval (the last one's validity passed; `beforeDay` is `before`'s
 * validity day); and, whatever happens,
 * when the validity of its last quote ends (a request with no quote ends when it is made). What
 * the data API reads (product, quantity, city, budget band, company size, intent score) stays.
 * A request whose primary address has a buyer account keeps all of it while the account exists.
 */
export async function deletePersonalData(db: Kysely<DB>, { before, beforeDay, now }: { before: string; beforeDay: string; now: string }): Promise<number> {
  return db.transaction().execute((trx) =>
    clearPersonalData(trx, now, (eb) => {
      const quotes = () => eb.selectFrom('quotes as q').select('q.id').whereRef('q.rfq_id', '=', 'rfqs.id');
      const validAtCutoff = () => quotes().where('q.valid_until', '>=', beforeDay);
      return eb.and([
        eb('created_at', '<', before),
        // A buyer with an account keeps their requests' contact while it exists.
        eb.not(eb.exists(eb.selectFrom('buyer_accounts as a').select('a.id').whereRef('a.email', '=', sql<string>`lower(rfqs.primary_email)`))),
        eb.or([
          eb.and([eb('rfqs.status', '=', 'closed'), eb('rfqs.status_changed_at', '<', before)]),
          eb.and([
            eb('rfqs.status', '=', 'awarded'),
            eb.exists(quotes().whereRef('q.id', '=', 'rfqs.awarded_quote_id').where('q.status', '=', 'confirmed').where('q.status_changed_at', '<', before)),
          ]),
          eb.and([
            eb('rfqs.status', '=', 'open'),
            eb(eb.fn.coalesce('rfqs.status_changed_at', 'rfqs.created_at'), '<', before),
            // An order held for approval may still be placed: the request has not ended while it waits.
            eb.not(eb.exists(validAtCutoff().where('q.status', 'in', ['offered', 'declined', 'awaiting_approval']))),
          ]),
          eb.not(eb.exists(validAtCutoff())),
        ]),
      ]);
    }),
  );
}

/**
 * Clears the personal data of the requests `which` picks that still hold it, and in the same
 * transaction what their parts hold of it ({@link clearPartsOf}); answers how many requests it
 * cleared. The sweep ({@link deletePersonalData}) and a buyer's own deletion both clear through it,
 * so a request's data never goes without its parts'.
 */
export async function clearPersonalData(db: Executor, now: string, which: (eb: ExpressionBuilder<DB, 'rfqs'>) => Expression<SqlBool>): Promise<number> {
  const cleared = await db
    .updateTable('rfqs')
    .set(clearedPersonalData(now))
    .where('personal_data_deleted_at', 'is', null)
    .where(which)
    .returning('id')
    .execute();
  await clearPartsOf(
    db,
    cleared.map((r) => r.id),
  );
  return cleared.length;
}

/** Requests whose parts one statement clears: well within either database's limit on parameters. */
const PARTS_CLEARED_TOGETHER = 500;

/**
 * Clears what the parts of the requests `rfqIds` hold of the buyer's personal data, in the
 * transaction that clears the requests' own ({@link clearPersonalData}): their basket lines'
 * free-text descriptions, their purchase orders' order details (address, phone, purchase-order
 * reference, VAT number) and the token kept for the receipt reminder, and their receipts'
 * comments. The work follows the requests just cleared, not every request ever cleared. Nothing
 * adds to these parts once a request's data is deleted: no order is placed on it, and a receipt
 * recorded after keeps no comment.
 */
async function clearPartsOf(db: Executor, rfqIds: readonly string[]): Promise<void> {
  for (let from = 0; from < rfqIds.length; from += PARTS_CLEARED_TOGETHER) {
    const ids = rfqIds.slice(from, from + PARTS_CLEARED_TOGETHER);
    await db.updateTable('rfq_lines').set({ product_description: '' }).where('rfq_id', 'in', ids).where('product_description', '<>', '').execute();
    await db
      .updateTable('purchase_orders')
      .set({ delivery_address: null, phone: null, purchase_order_reference: null, vat_number: null, receipt_tracking_token: null })
      .where('rfq_id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb('delivery_address', 'is not', null),
          eb('phone', 'is not', null),
          eb('purchase_order_reference', 'is not', null),
          eb('vat_number', 'is not', null),
          eb('receipt_tracking_token', 'is not', null),
        ]),
      )
      .execute();
    // A receipt is about the supplier: its outcome and rating stay, the buyer's words go.
    await db
      .updateTable('order_receipts')
      .set({ comment: null })
      .where('comment', 'is not', null)
      .where('purchase_order_id', 'in', (eb) => eb.selectFrom('purchase_orders').select('id').where('rfq_id', 'in', ids))
      .execute();
  }
}

/** Whether an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Stores a basket's lines and how each quote prices them, in the request's transaction; nothing waits for their answer. */
export async function insertBasketLines(trx: Transaction<DB>, lines: Insertable<RfqLinesTable>[], quoteLines: Insertable<QuoteLinesTable>[]): Promise<void> {
  await writeLater(trx, trx.insertInto('rfq_lines').values(lines));
  // 50 lines of 10 quotes at 13 columns stays well inside either database's parameter limit.
  if (quoteLines.length > 0) await writeLater(trx, trx.insertInto('quote_lines').values(quoteLines));
}

/** A basket's lines, in order. */
export async function findRfqLines(db: Executor, rfqId: string) {
  return db.selectFrom('rfq_lines').select(['line_no', 'product_name', 'quantity', 'unit']).where('rfq_id', '=', rfqId).orderBy('line_no').execute();
}

/**
 * What Procura matched a request's products to, by name, in order (one for a single request, one
 * per line of a basket): the catalogue item, else its category in lower case ('cleaning supplies').
 */
export async function findMatchedNames(db: Executor, rfqId: string, lineCount: number): Promise<string[]> {
  const rows =
    lineCount === 0
      ? await db
          .selectFrom('rfqs as r')
          .leftJoin('catalogue_items as i', 'i.id', 'r.catalogue_item_id')
          .innerJoin('categories as c', 'c.id', 'r.category_id')
          .select(['i.name as item', 'c.name as category'])
          .where('r.id', '=', rfqId)
          .execute()
      : await db
          .selectFrom('rfq_lines as l')
          .leftJoin('catalogue_items as i', 'i.id', 'l.catalogue_item_id')
          .innerJoin('categories as c', 'c.id', 'l.category_id')
          .select(['i.name as item', 'c.name as category'])
          .where('l.rfq_id', '=', rfqId)
          .orderBy('l.line_no')
          .execute();
  return rows.map((r) => r.item ?? r.category.toLowerCase());
}

/**
 * The lines basket quotes price, with each line's product, in order, by quote id: what a quote's
 * paperwork lists, what a supplier's leads show of each, and what a buyer's data counts as ordered.
 * One statement for all of them.
 */
export async function findLinesOfQuotes(db: Executor, quoteIds: readonly number[]) {
  const rows =
    quoteIds.length === 0
      ? []
      : await db
          .selectFrom('quote_lines as l')
          .innerJoin('rfq_lines as r', (j) => j.onRef('r.rfq_id', '=', 'l.rfq_id').onRef('r.line_no', '=', 'l.line_no'))
          .select([
            'l.quote_id',
            'l.line_no',
            'r.product_name',
            'r.product_description',
            'r.quantity',
            'r.unit',
            'l.unit_price_cents',
            'l.total_cents',
            'l.status',
            'l.firmed_at',
            'l.indicative_unit_price_cents',
            'l.withdrawal_reason',
          ])
          .where('l.quote_id', 'in', quoteIds)
          .orderBy('l.quote_id')
          .orderBy('l.line_no')
          .execute();
  const byQuote = new Map<number, typeof rows>();
  for (const row of rows) {
    const of = byQuote.get(row.quote_id);
    if (of) of.push(row);
    else byQuote.set(row.quote_id, [row]);
  }
  return byQuote;
}

/** How a basket's quotes price its lines, with each quote's minimum order, by quote and line. */
export async function findQuoteLines(db: Executor, rfqId: string) {
  return db
    .selectFrom('quote_lines as l')
    .innerJoin('quotes as q', 'q.id', 'l.quote_id')
    .select([
      'l.quote_id',
      'l.line_no',
      'l.pricing_basis',
      'l.list_unit_price_cents',
      'l.unit_price_cents',
      'l.discount_percent',
      'l.total_cents',
      'l.minimum_order_quantity',
      'l.lead_min_days',
      'l.lead_max_days',
      'l.status',
      'l.firmed_at',
      'l.indicative_unit_price_cents',
      'l.withdrawn_at',
      'l.withdrawal_reason',
      'q.minimum_order_cents',
    ])
    .where('l.rfq_id', '=', rfqId)
    .orderBy('l.quote_id')
    .orderBy('l.line_no')
    .execute();
}
