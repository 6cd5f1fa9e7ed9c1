import type { Insertable, Kysely } from 'kysely';
import type { Executor } from '../db/executor';
import type { BillingDocumentsTable, DB, LedgerKind, LedgerLinesTable } from '../db/schema';

/** Writes ledger lines; a line the ledger already holds (the same fee, credit or payout) is left as it was. */
export async function insertLedgerLines(trx: Executor, rows: Insertable<LedgerLinesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('ledger_lines')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** An order's success fee, with its reversal once written. */
export async function feeOfOrder(db: Executor, purchaseOrderId: number) {
  return db
    .selectFrom('ledger_lines as l')
    .leftJoin('ledger_lines as r', (j) => j.onRef('r.purchase_order_id', '=', 'l.purchase_order_id').on('r.kind', '=', 'fee_reversal'))
    .select(['l.amount_cents', 'l.vat_cents', 'l.basis_cents', 'l.supplier_id', 'l.rfq_id', 'l.po_number', 'r.on_day as reversed_on'])
    .where('l.kind', '=', 'success_fee')
    .where('l.purchase_order_id', '=', purchaseOrderId)
    .executeTakeFirst();
}

/**
 * Writes a fee's reversal; false when the order's reversal was written already (the ledger's
 * index holds one per order, so two reversals at once write one).
 */
export async function insertFeeReversal(trx: Executor, row: Insertable<LedgerLinesTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto('ledger_lines')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The success fees written from `from` to `to`, first written first, each with its supplier's name and its reversal if any. */
export async function feesBetween(db: Executor, from: string, to: string) {
  return (
    db
      .selectFrom('ledger_lines as l')
      .leftJoin('suppliers as s', 's.id', 'l.supplier_id')
      .leftJoin('ledger_lines as r', (j) => j.onRef('r.purchase_order_id', '=', 'l.purchase_order_id').on('r.kind', '=', 'fee_reversal'))
      .select([
        'l.purchase_order_id',
        'l.po_number',
        'l.rfq_id',
        'l.supplier_id',
        's.name as supplier_name',
        'l.on_day',
        'l.basis_cents',
        'l.amount_cents',
        'l.vat_cents',
        'r.on_day as reversed_on',
        'r.reason as reversal_reason',
      ])
      .where('l.kind', '=', 'success_fee')
      // Every fee is written with its order; a line without one could not be reversed.
      .where('l.purchase_order_id', 'is not', null)
      .where('l.on_day', '>=', from)
      .where('l.on_day', '<=', to)
      .orderBy('l.id')
      .execute()
  );
}

/** The next number of a series in a year, taken with one atomic upsert so numbers run on across processes. */
export async function nextDocumentNumber(trx: Executor, series: 'INV' | 'ST', year: number): Promise<number> {
  const row = await trx
    .insertInto('document_counters')
    .values({ series, year, last_number: 1 })
    .onConflict((oc) => oc.columns(['series', 'year']).doUpdateSet((eb) => ({ last_number: eb('document_counters.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * Claims a month for its close: true for the one close that writes its row. Another close of the
 * same month waits on the row (PostgreSQL) or the write lock (SQLite) and then finds it taken.
 */
export async function claimMonth(trx: Executor, month: string, closedBy: string, at: string): Promise<boolean> {
  const row = await trx
    .insertInto('month_closes')
    .values({ month, closed_at: at, closed_by: closedBy })
    .onConflict((oc) => oc.column('month').doNothing())
    .returning('month')
    .executeTakeFirst();
  return row !== undefined;
}

/** The closed months nearest `month` on either side, if any. */
export async function closedMonthsAround(db: Executor, month: string): Promise<{ before: string | undefined; after: string | undefined }> {
  const [before, after] = await Promise.all([
    db.selectFrom('month_closes').select('month').where('month', '<', month).orderBy('month', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('month_closes').select('month').where('month', '>', month).orderBy('month').limit(1).executeTakeFirst(),
  ]);
  return { before: before?.month, after: after?.month };
}

/** Whether `month` is closed. */
export async function isMonthClosed(db: Executor, month: string): Promise<boolean> {
  return (await db.selectFrom('month_closes').select('month').where('month', '=', month).executeTakeFirst()) !== undefined;
}

/** The ledger's lines of `kinds` written from `from` to `to` (Johannesburg days), first written first, with the supplier's or partner's name. */
export async function ledgerLinesBetween(db: Executor, kinds: readonly LedgerKind[], from: string, to: string) {
  return db
    .selectFrom('ledger_lines as l')
    .leftJoin('suppliers as s', 's.id', 'l.supplier_id')
    .leftJoin('partners as p', 'p.id', 'l.partner_id')
    .leftJoin('partner_payouts as o', 'o.id', 'l.payout_id')
    .leftJoin('billing_documents as d', 'd.id', 'o.statement_id')
    .select([
      'l.id',
      'l.kind',
      'l.amount_cents',
      'l.vat_cents',
      'l.basis_cents',
      'l.supplier_id',
      'l.partner_id',
      'l.rfq_id',
      'l.po_number',
      'l.on_day',
      's.name as supplier_name',
      's.vat_number as supplier_vat_number',
      's.registered_address as supplier_address',
      'p.company_name as partner_name',
      'd.number as statement_number',
    ])
    .where('l.kind', 'in', [...kinds])
    .where('l.on_day', '>=', from)
    .where('l.on_day', '<=', to)
    .orderBy('l.id')
    .execute();
}

export type LedgerLineRow = Awaited<ReturnType<typeof ledgerLinesBetween>>[number];

/** What each partner carried forward on its statement of `month`. */
export async function carriedForwardOf(db: Executor, month: string): Promise<Map<string, { cents: number; name: string | null }>> {
  const rows = await db
    .selectFrom('billing_documents as d')
    .leftJoin('partners as p', 'p.id', 'd.partner_id')
    .select(['d.partner_id', 'd.carried_forward_cents', 'p.company_name'])
    .where('d.kind', '=', 'statement')
    .where('d.month', '=', month)
    .where('d.carried_forward_cents', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.partner_id!, { cents: Number(r.carried_forward_cents), name: r.company_name }]));
}

/** Records an invoice or statement as issued; answers its id. */
export async function insertDocument(trx: Executor, row: Insertable<BillingDocumentsTable>): Promise<number> {
  const inserted = await trx.insertInto('billing_documents').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Records what a statement makes payable; answers the payout's id. */
export async function insertPayout(
  trx: Executor,
  row: { statement_id: number; partner_id: string; amount_cents: number; due_on: string; created_at: string },
): Promise<number> {
  const inserted = await trx.insertInto('partner_payouts').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The columns the books read of an issued document, with its payout where it has one. */
const LISTED_DOCUMENT_COLUMNS = [
  'd.id',
  'd.kind',
  'd.number',
  'd.supplier_id',
  'd.partner_id',
  'd.issued_on',
  'd.subtotal_cents',
  'd.vat_cents',
  'd.total_cents',
  'd.brought_forward_cents',
  'd.carried_forward_cents',
  'o.amount_cents as payout_cents',
  'o.due_on',
  'o.paid_on',
] as const;

/** The columns every read of one party's documents takes: what the books read, with the month and the parties as issued. */
const DOCUMENT_COLUMNS = [...LISTED_DOCUMENT_COLUMNS, 'd.month', 'd.parties_json'] as const;

/** The invoices and statements a month's close issued, with their payouts, in number order, and whom each is for as staff see it. */
export async function documentsOfMonth(db: Executor, month: string) {
  return db
    .selectFrom('billing_documents as d')
    .leftJoin('partner_payouts as o', 'o.statement_id', 'd.id')
    .leftJoin('suppliers as s', 's.id', 'd.supplier_id')
    .leftJoin('partners as p', 'p.id', 'd.partner_id')
    .select([...LISTED_DOCUMENT_COLUMNS, 's.name as supplier_name', 'p.company_name as partner_name', 'o.id as payout_id', 'o.bank_reference'])
    .where('d.month', '=', month)
    .orderBy('d.kind')
    .orderBy('d.number')
    .execute();
}

export type DocumentRow = Awaited<ReturnType<typeof documentsOfMonth>>[number];

/** A payout with its statement's number. */
export async function findPayout(db: Executor, id: number) {
  return db
    .selectFrom('partner_payouts as o')
    .innerJoin('billing_documents as d', 'd.id', 'o.statement_id')
    .select(['o.id', 'o.partner_id', 'o.amount_cents', 'o.due_on', 'o.paid_on', 'o.bank_reference', 'd.number', 'd.month', 'd.issued_on'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** Records a payout paid, once: answers whether this call did. */
export async function setPayoutPaid(trx: Executor, id: number, paidOn: string, bankReference: string): Promise<boolean> {
  const r = await trx
    .updateTable('partner_payouts')
    .set({ paid_on: paidOn, bank_reference: bankReference })
    .where('id', '=', id)
    .where('paid_on', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The ledger's sums by kind over days `from` to `to`. */
export async function ledgerSums(db: Kysely<DB>, from: string, to: string): Promise<Map<LedgerKind, { amount: number; vat: number; lines: number }>> {
  const rows = await db
    .selectFrom('ledger_lines')
    .select([
      'kind',
      (eb) => eb.fn.sum<number | string>('amount_cents').as('amount'),
      (eb) => eb.fn.sum<number | string | null>('vat_cents').as('vat'),
      (eb) => eb.fn.countAll<number | string>().as('lines'),
    ])
    .where('on_day', '>=', from)
    .where('on_day', '<=', to)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, { amount: Number(r.amount), vat: Number(r.vat ?? 0), lines: Number(r.lines) }]));
}

/** Links an issued document to the ledger lines it sums. */
export async function insertDocumentLines(trx: Executor, documentId: number, ledgerLineIds: readonly number[]): Promise<void> {
  if (ledgerLineIds.length === 0) return;
  await trx
    .insertInto('billing_document_lines')
    .values(ledgerLineIds.map((id) => ({ document_id: documentId, ledger_line_id: id })))
    .execute();
}

/** Who a close e-mails: each supplier's enabled people, and each partner's contact. */
export async function billingRecipients(db: Executor, supplierIds: readonly number[], partnerIds: readonly string[]) {
  const [people, partners] = await Promise.all([
    supplierIds.length === 0
      ? []
      : db
          .selectFrom('supplier_users')
          .select(['supplier_id', 'email'])
          .where('supplier_id', 'in', [...supplierIds])
          .where('disabled_at', 'is', null)
          .orderBy('id')
          .execute(),
    partnerIds.length === 0
      ? []
      : db
          .selectFrom('partners')
          .select(['id', 'contact_email'])
          .where('id', 'in', [...partnerIds])
          .execute(),
  ]);
  return { people, partners: new Map(partners.map((p) => [p.id, p.contact_email])) };
}

/** A supplier's invoices or a partner's statements, newest first; or the one numbered `number`. */
export async function documentsOf(db: Executor, owner: { supplierId: number } | { partnerId: string }, number?: string) {
  let q = db.selectFrom('billing_documents as d').leftJoin('partner_payouts as o', 'o.statement_id', 'd.id').select(DOCUMENT_COLUMNS);
  q =
    'supplierId' in owner
      ? q.where('d.kind', '=', 'invoice').where('d.supplier_id', '=', owner.supplierId)
      : q.where('d.kind', '=', 'statement').where('d.partner_id', '=', owner.partnerId);
  if (number !== undefined) q = q.where('d.number', '=', number);
  return q.orderBy('d.id', 'desc').execute();
}

/** A document by its id, for its e-mail. */
export async function documentById(db: Executor, id: number) {
  return db
    .selectFrom('billing_documents as d')
    .leftJoin('partner_payouts as o', 'o.statement_id', 'd.id')
    .select(DOCUMENT_COLUMNS)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export type IssuedDocumentRow = Awaited<ReturnType<typeof documentsOf>>[number];

/** The ledger lines each of `documentIds` sums, first written first. */
export async function linesOfDocuments(db: Executor, documentIds: readonly number[]) {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('billing_document_lines as dl')
    .innerJoin('ledger_lines as l', 'l.id', 'dl.ledger_line_id')
    .select(['dl.document_id', 'l.kind', 'l.amount_cents', 'l.vat_cents', 'l.basis_cents', 'l.rfq_id', 'l.po_number', 'l.on_day'])
    .where('dl.document_id', 'in', [...documentIds])
    .orderBy('l.id')
    .execute();
}
