// The e-mails of a month's close: each supplier's tax invoice and each partner's statement, with
// the document's PDF attached as purchase orders are, and a link to where it is kept.
import type { Kysely } from 'kysely';
import { issuedDocument, issuedDocumentFile } from '../billing/billing-documents.service';
import { monthLabel } from '../billing/invoice-and-statement.pdf';
import type { DB } from '../db/schema';
import type { OutboxMessage } from '../mail/messages';
import type { Attachment, Email } from './templates/layout';
import { partnerStatementEmail } from './templates/partner';
import { supplierInvoiceEmail } from './templates/supplier';

type BillingMessage = Extract<OutboxMessage, { kind: 'supplier-invoice' | 'partner-statement' }>;

/** The e-mail of an invoice or statement, or why it cannot be rendered. */
export async function billingEmail(db: Kysely<DB>, publicUrl: string, message: BillingMessage): Promise<Email | string> {
  const issued = await issuedDocument(db, message.payload.documentId);
  if (!issued) return `Document ${message.payload.documentId} no longer exists`;
  const d = issued.document;
  if (message.kind === 'supplier-invoice') {
    return supplierInvoiceEmail({
      number: d.number,
      monthName: monthLabel(d.month),
      orders: issued.lines,
      subtotalCents: Number(d.subtotal_cents),
      vatCents: Number(d.vat_cents),
      totalCents: Number(d.total_cents),
      billingUrl: `${publicUrl}/supplier?tab=billing`,
    });
  }
  return partnerStatementEmail({
    number: d.number,
    monthName: monthLabel(d.month),
    qualifiedRequests: issued.lines,
    creditsCents: Number(d.subtotal_cents),
    carriedForwardCents: Number(d.carried_forward_cents),
    payableCents: d.payout_cents === null ? 0 : Number(d.payout_cents),
    dueOn: d.due_on,
    areaUrl: `${publicUrl}/partners`,
  });
}

/** The document's PDF, attached. */
export async function billingAttachments(db: Kysely<DB>, payload: string): Promise<Attachment[]> {
  const file = await issuedDocumentFile(db, (JSON.parse(payload) as BillingMessage['payload']).documentId);
  return file ? [{ filename: file.fileName, content: file.body, contentType: 'application/pdf' }] : [];
}
