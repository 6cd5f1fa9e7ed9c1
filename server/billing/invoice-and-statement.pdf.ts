import { formatDate } from '../../sdk/format';
import {
  facts,
  figureRow,
  heading,
  MARGIN,
  MUTED,
  paperPdf,
  paragraph,
  pdfRand,
  pdfText,
  rule,
  tableHead,
  tableRow,
  title,
  type Doc,
  type TableColumn,
} from '../lib/pdf-parts';

/** Who issues: Procura's name, address and VAT number as configured at issue. */
export interface BillingIssuer {
  name: string;
  address: string;
  vatNumber: string | null;
}

/** A success fee (or its reversal, negative) on one confirmed order, as an invoice lists it. */
export interface InvoiceLine {
  poNumber: string | null;
  rfqId: string | null;
  /** The order's value excl. VAT the fee is on. */
  valueCents: number;
  feeCents: number;
  vatCents: number;
}

export interface InvoiceInput {
  number: string;
  /** The month it invoices, `YYYY-MM`. */
  month: string;
  /** The Johannesburg day of issue. */
  issuedOn: string;
  issuer: BillingIssuer;
  supplier: { name: string; address: string | null; vatNumber: string | null };
  vatRate: number;
  lines: InvoiceLine[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** A qualified request a statement credits. */
export interface StatementLine {
  rfqId: string;
  /** The Johannesburg day it qualified. */
  onDay: string;
  creditCents: number;
}

export interface StatementInput {
  number: string;
  month: string;
  issuedOn: string;
  issuer: BillingIssuer;
  partner: { partnerId: string; name: string };
  lines: StatementLine[];
  creditsCents: number;
  broughtForwardCents: number;
  payableCents: number;
  carriedForwardCents: number;
  /** The payout's due day; null when the balance is carried over. */
  dueOn: string | null;
  minimumPayoutCents: number;
  paymentTerms: string;
}

/** A month's name: "December 2026". */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const footer = (issuer: BillingIssuer) => [issuer.name, issuer.address, issuer.vatNumber ? `VAT ${issuer.vatNumber}` : null].filter(Boolean).join(' · ');

/** A table of `cols` with a rule under its header and its rows, each row on a new page when too little of this one is left. */
function table(doc: Doc, cols: TableColumn[], rows: string[][]) {
  const roomForRow = () => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
  };
  roomForRow();
  tableHead(doc, cols);
  for (const cells of rows) {
    roomForRow();
    tableRow(
      doc,
      cols,
      cells.map((cell) => pdfText(cell)),
      'Body',
    );
  }
  rule(doc, doc.y - 2);
  doc.x = MARGIN;
}

/** Figures under a table: a label and its amount, right-aligned; the last in bold. */
function figures(doc: Doc, rows: [string, string][]) {
  doc.moveDown(0.3);
  for (const [i, [label, value]] of rows.entries()) figureRow(doc, label, value, i === rows.length - 1 ? 'Bold' : 'Body', 200);
  doc.x = MARGIN;
}

const percent = (n: number) => `${Math.round(n * 100) / 100}%`;

/** Procura's tax invoice to a supplier for a month's success fees (VAT Act, section 20). */
export function invoicePdf(i: InvoiceInput): Promise<Buffer> {
  return paperPdf(
    { title: `Tax invoice ${i.number}`, date: i.issuedOn, author: i.issuer.name },
    (doc) => {
      title(doc, 'Tax invoice', `${i.number} · success fees of ${monthLabel(i.month)}`);
      facts(doc, [
        ['Invoice number', i.number],
        ['Date of issue', formatDate(i.issuedOn)],
        ['Period', monthLabel(i.month)],
      ]);
      heading(doc, 'From');
      facts(doc, [
        ['Supplier of the service', i.issuer.name],
        ['Address', i.issuer.address],
        ['VAT number', i.issuer.vatNumber ?? 'Not registered'],
      ]);
      heading(doc, 'To');
      facts(doc, [
        ['Recipient', i.supplier.name],
        ['Address', i.supplier.address?.replace(/\s*\n\s*/g, ', ') ?? 'Not on file with Procura'],
        ['VAT number', i.supplier.vatNumber ?? 'Not on file with Procura'],
      ]);
      heading(doc, "Success fees on the orders confirmed, each a share of the order's value excl. VAT");
      table(
        doc,
        [
          { label: 'Purchase order', w: 120 },
          { label: 'Request', w: 115 },
          { label: 'Order value excl. VAT', w: 100, align: 'right' },
          { label: 'Fee excl. VAT', w: 80, align: 'right' },
          { label: 'VAT', w: 80, align: 'right' },
        ],
        i.lines.map((l) => [
          `${l.poNumber ?? 'Order'}${l.feeCents < 0 ? ' (reversed)' : ''}`,
          l.rfqId ?? '',
          pdfRand(l.valueCents),
          pdfRand(l.feeCents),
          pdfRand(l.vatCents),
        ]),
      );
      figures(doc, [
        ['Fees excl. VAT', pdfRand(i.subtotalCents)],
        [`VAT at ${percent(i.vatRate * 100)}`, pdfRand(i.vatCents)],
        ['Total incl. VAT', pdfRand(i.totalCents)],
      ]);
      doc.moveDown(0.6);
      paragraph(doc, `Each fee is on an order placed through Procura and confirmed by ${i.supplier.name}; its purchase order names it.`, 'Body', 9, MUTED);
    },
    footer(i.issuer),
  );
}

/** A partner's statement of a month's revenue share: the qualified requests, the balance, and its payout or carry-over. */
export function statementPdf(s: StatementInput): Promise<Buffer> {
  return paperPdf(
    { title: `Statement ${s.number}`, date: s.issuedOn, author: s.issuer.name },
    (doc) => {
      title(doc, 'Partner statement', `${s.number} · revenue share of ${monthLabel(s.month)}`);
      facts(doc, [
        ['Statement number', s.number],
        ['Date of issue', formatDate(s.issuedOn)],
        ['Period', monthLabel(s.month)],
        ['Partner', `${s.partner.name} (${s.partner.partnerId})`],
        ['From', `${s.issuer.name}, ${s.issuer.address}`],
      ]);
      heading(doc, `Qualified requests: ${s.lines.length}`);
      table(
        doc,
        [
          { label: 'Request', w: 200 },
          { label: 'Qualified on', w: 150 },
          { label: 'Share', w: 145, align: 'right' },
        ],
        s.lines.map((l) => [l.rfqId, formatDate(l.onDay), pdfRand(l.creditCents)]),
      );
      figures(doc, [
        ['Share of the month', pdfRand(s.creditsCents)],
        ['Brought forward', pdfRand(s.broughtForwardCents)],
        ['Carried over', pdfRand(s.carriedForwardCents)],
        ['Payout due', pdfRand(s.payableCents)],
      ]);
      doc.moveDown(0.6);
      paragraph(
        doc,
        s.dueOn
          ? `The payout of ${pdfRand(s.payableCents)} is due by ${formatDate(s.dueOn)} (${s.paymentTerms}).`
          : `The balance of ${pdfRand(s.carriedForwardCents)} is below the minimum payout of ${pdfRand(s.minimumPayoutCents)} and is carried over to next month.`,
        'Body',
        9,
      );
    },
    footer(s.issuer),
  );
}
