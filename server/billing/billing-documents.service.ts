import { writeCsv } from '../../contract/csv';
import type { SupplierInvoice } from '../../contract/schemas/supplier-billing';
import type { PartnerStatement } from '../../sdk/schemas/partners';
import type { Executor } from '../db/executor';
import { ApiError } from '../errors';
import { renderPaperwork } from '../requests/paperwork/paperwork-render';
import { documentById, documentsOf, linesOfDocuments, type IssuedDocumentRow } from './billing.repository';
import type { BillingIssuer, InvoiceInput, StatementInput } from './invoice-and-statement.pdf';

/** An issued document's file: its bytes and a file name that names no person. */
export interface BillingFile {
  body: Buffer;
  fileName: string;
}

type Line = Awaited<ReturnType<typeof linesOfDocuments>>[number];

interface InvoiceParties {
  issuer: BillingIssuer;
  supplier: InvoiceInput['supplier'];
  vatRate: number;
}

interface StatementParties {
  issuer: BillingIssuer;
  partner: StatementInput['partner'];
  minimumPayoutCents: number;
  paymentTerms: string;
}

const signed = (l: Line, cents: number | string | null) => (l.kind === 'fee_reversal' ? -1 : 1) * Number(cents ?? 0);

function invoiceLines(lines: readonly Line[]): SupplierInvoice['lines'] {
  return lines.map((l) => ({
    poNumber: l.po_number,
    rfqId: l.rfq_id,
    reversed: l.kind === 'fee_reversal',
    valueCents: signed(l, l.basis_cents),
    feeCents: signed(l, l.amount_cents),
    vatCents: signed(l, l.vat_cents),
  }));
}

function supplierInvoice(d: IssuedDocumentRow, lines: readonly Line[]): SupplierInvoice {
  return {
    number: d.number,
    month: d.month,
    issuedOn: d.issued_on,
    subtotalCents: Number(d.subtotal_cents),
    vatCents: Number(d.vat_cents),
    totalCents: Number(d.total_cents),
    lines: invoiceLines(lines),
  };
}

function partnerStatement(d: IssuedDocumentRow, lines: readonly Line[]): PartnerStatement {
  const payable = d.payout_cents === null ? 0 : Number(d.payout_cents);
  return {
    number: d.number,
    month: d.month,
    issuedOn: d.issued_on,
    qualifiedRequests: lines.length,
    creditsCents: Number(d.subtotal_cents),
    broughtForwardCents: Number(d.brought_forward_cents),
    carriedForwardCents: Number(d.carried_forward_cents),
    payableCents: payable,
    dueOn: d.due_on,
    paidOn: d.paid_on,
  };
}

/** Each document's lines, by its id. */
async function linesBy(db: Executor, docs: readonly IssuedDocumentRow[]): Promise<Map<number, Line[]>> {
  const byDocument = new Map<number, Line[]>(docs.map((d) => [Number(d.id), []]));
  for (const l of await linesOfDocuments(
    db,
    docs.map((d) => Number(d.id)),
  )) {
    byDocument.get(Number(l.document_id))?.push(l);
  }
  return byDocument;
}

/** A supplier's tax invoices, newest first, each with its orders' fees. */
export async function supplierInvoices(db: Executor, supplierId: number): Promise<SupplierInvoice[]> {
  const docs = await documentsOf(db, { supplierId });
  const lines = await linesBy(db, docs);
  return docs.map((d) => supplierInvoice(d, lines.get(Number(d.id)) ?? []));
}

/** A partner's statements, newest first. */
export async function partnerStatements(db: Executor, partnerId: string): Promise<PartnerStatement[]> {
  const docs = await documentsOf(db, { partnerId });
  const lines = await linesBy(db, docs);
  return docs.map((d) => partnerStatement(d, lines.get(Number(d.id)) ?? []));
}

/** A document's PDF, drawn from what was kept at issue (so the same bytes each time); undefined for one issued before that was kept. */
async function drawn(db: Executor, d: IssuedDocumentRow): Promise<BillingFile | undefined> {
  if (d.parties_json === null) return undefined;
  const lines = (await linesBy(db, [d])).get(Number(d.id)) ?? [];
  const fileName = `procura-${d.number.toLowerCase()}.pdf`;
  if (d.kind === 'invoice') {
    const parties = JSON.parse(d.parties_json) as InvoiceParties;
    const input: InvoiceInput = {
      number: d.number,
      month: d.month,
      issuedOn: d.issued_on,
      ...parties,
      lines: invoiceLines(lines),
      subtotalCents: Number(d.subtotal_cents),
      vatCents: Number(d.vat_cents),
      totalCents: Number(d.total_cents),
    };
    return { body: await renderPaperwork({ kind: 'invoice', input }), fileName };
  }
  const parties = JSON.parse(d.parties_json) as StatementParties;
  const s = partnerStatement(d, lines);
  const input: StatementInput = {
    number: d.number,
    month: d.month,
    issuedOn: d.issued_on,
    ...parties,
    lines: lines.map((l) => ({ rfqId: l.rfq_id ?? '', onDay: l.on_day, creditCents: Number(l.amount_cents) })),
    creditsCents: s.creditsCents,
    broughtForwardCents: s.broughtForwardCents,
    payableCents: s.payableCents,
    carriedForwardCents: s.carriedForwardCents,
    dueOn: s.dueOn,
  };
  return { body: await renderPaperwork({ kind: 'statement', input }), fileName };
}

const invoiceNotFound = () => new ApiError(404, 'invoice_not_found', 'Invoice not found');
const statementNotFound = () => new ApiError(404, 'statement_not_found', 'Statement not found');

/** The supplier's own invoice `number` as a PDF; another supplier's answers 404 as a missing one does. */
export async function supplierInvoicePdf(db: Executor, supplierId: number, number: string): Promise<BillingFile> {
  const [d] = await documentsOf(db, { supplierId }, number);
  const file = d && (await drawn(db, d));
  if (!file) throw invoiceNotFound();
  return file;
}

/** The partner's own statement `number` as a PDF; another partner's answers 404 as a missing one does. */
export async function partnerStatementPdf(db: Executor, partnerId: string, number: string): Promise<BillingFile> {
  const [d] = await documentsOf(db, { partnerId }, number);
  const file = d && (await drawn(db, d));
  if (!file) throw statementNotFound();
  return file;
}

/**
 * The partner's own statement `number` as CSV: one row per qualified request (day, request,
 * share in rand), then the statement's figures, each a row of its own.
 */
export async function partnerStatementCsv(db: Executor, partnerId: string, number: string): Promise<{ text: string; fileName: string }> {
  const [d] = await documentsOf(db, { partnerId }, number);
  if (!d) throw statementNotFound();
  const lines = (await linesBy(db, [d])).get(Number(d.id)) ?? [];
  const s = partnerStatement(d, lines);
  const rand = (cents: number) => cents / 100;
  const rows: (string | number | null)[][] = [
    ...lines.map((l) => [d.number, l.on_day, `Qualified request ${l.rfq_id}`, rand(Number(l.amount_cents))]),
    [d.number, d.issued_on, 'Share of the month', rand(s.creditsCents)],
    [d.number, d.issued_on, 'Brought forward', rand(s.broughtForwardCents)],
    [d.number, d.issued_on, 'Carried over', rand(s.carriedForwardCents)],
    [d.number, s.dueOn ?? d.issued_on, s.dueOn ? 'Payout due' : 'Payout due (none: below the minimum payout)', rand(s.payableCents)],
  ];
  return { text: writeCsv(['Statement', 'Date', 'Description', 'Amount (R)'], rows), fileName: `procura-${d.number.toLowerCase()}.csv` };
}

/** An issued document with the number of ledger lines it sums, for its e-mail. */
export async function issuedDocument(db: Executor, documentId: number): Promise<{ document: IssuedDocumentRow; lines: number } | undefined> {
  const d = await documentById(db, documentId);
  return d && { document: d, lines: (await linesBy(db, [d])).get(Number(d.id))?.length ?? 0 };
}

/** An issued document's PDF, for its e-mail: undefined once it cannot be drawn. */
export async function issuedDocumentFile(db: Executor, documentId: number): Promise<BillingFile | undefined> {
  const d = await documentById(db, documentId);
  return d && drawn(db, d);
}
