import {
  INK,
  MARGIN,
  MUTED,
  facts,
  figureRow,
  heading,
  paperPdf,
  title,
  paragraph as pdfParagraph,
  pdfRand,
  pdfText,
  rule,
  tableHead,
  tableRow,
  type Doc,
  type TableColumn,
} from '../../lib/pdf-parts';
import { COMPANY } from '../../../contract/content';
import { bbeeEvidenceText, bbeeLabel, type BbeeStanding } from '../../../sdk/bbee';
import { formatNumber, possessive, formatDate } from '../../../sdk/format';

/** A supplier as its paperwork names it. */
export interface PaperSupplier {
  name: string;
  /**
   * The CIPC company registration number; null while none is on file. Absent from the suppliers
   * kept with purchase orders issued before Procura asked for it.
   */
  registrationNumber?: string | null;
  registeredAddress: string | null;
  vatNumber: string | null;
  email: string;
  phone: string;
  bbee: BbeeStanding;
}

/** A priced line of a quote or order: one product, its quantity and prices in cents excl. VAT. */
export interface PaperLine {
  productName: string;
  description: string | null;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
}

/** A quote's or order's subtotal excl. VAT, its VAT rate and amount, and its total incl. VAT, in cents. */
export interface PaperTotals {
  totalCents: number;
  vatRate: number;
  vatCents: number;
  totalInclVatCents: number;
}

export interface QuotationInput {
  reference: string;
  /** The day the quotation was made (YYYY-MM-DD, Johannesburg). */
  date: string;
  validUntil: string;
  validityDays: number;
  /** The day the supplier's B-BBEE standing is judged on. */
  asOf: string;
  supplier: PaperSupplier;
  buyerCompany: string | null;
  deliveryLocation: string;
  lines: PaperLine[];
  totals: PaperTotals;
  recognisedCents: number;
  paymentTerms: string;
  leadTime: string;
  pricingBasis: 'price-list' | 'category-estimate';
  priceListDate: string;
  /** When the supplier made the price firm; null while it is indicative. */
  firmedAt: string | null;
  notes: string;
}

/**
 * What a quote's note says beyond its price basis and the closing line, which the quotation prints
 * once each: its sentences but those on where the price comes from and to confirm it (a basket's
 * estimated lines and minimum order stay).
 */
function notesBeyondBasis(notes: string): string {
  return notes
    .split(/(?<=\.)\s+/)
    .filter((sentence) => !/^(Indicative price|Confirm the final price)/.test(sentence))
    .join(' ');
}

export interface PurchaseOrderInput {
  poNumber: string;
  /** The day it was issued (YYYY-MM-DD, Johannesburg). */
  date: string;
  quoteReference: string;
  /**
   * The promised delivery day (YYYY-MM-DD): the day of acceptance plus the longest lead time the
   * quote gave, in Johannesburg days.
   */
  deliverBy: string;
  /** Set on the document that cancels the order: the day and the supplier's reason. */
  cancelled: { date: string; reason: string } | null;
  buyer: {
    company: string | null;
    contactName: string | null;
    email: string;
    phone: string | null;
    vatNumber: string | null;
    deliveryAddress: string;
    deliveryLocation: string;
    purchaseOrderReference: string | null;
  };
  supplier: PaperSupplier;
  lines: PaperLine[];
  totals: PaperTotals;
  recognisedCents: number;
  paymentTerms: string;
  leadTime: string;
}

/** Writes a document with the embedded fonts and Procura's footer; the same inputs give the same bytes. */
const render = (title: string, date: string, build: (doc: Doc) => void): Promise<Buffer> =>
  paperPdf({ title, date, author: COMPANY.name }, build, `${COMPANY.name} · reg. ${COMPANY.registrationNumber} · ${COMPANY.address} · ${COMPANY.email}`);

const width = (doc: Doc) => doc.page.width - 2 * MARGIN;

function supplierRows(s: PaperSupplier, asOf: string): [string, string][] {
  return [
    ['Supplier', s.name],
    ['Company registration', s.registrationNumber ?? 'Not on file with Procura'],
    ['Registered address', s.registeredAddress?.replace(/\s*\n\s*/g, ', ') ?? 'Not on file with Procura'],
    ['VAT number', s.vatNumber ?? 'Not on file with Procura'],
    ['Contact', [s.email, s.phone].filter(Boolean).join(' · ')],
    ['B-BBEE', bbeeText(s.bbee, asOf)],
  ];
}

function bbeeText(b: BbeeStanding, asOf: string): string {
  const evidence = b.evidence ? `${bbeeEvidenceText(b.evidence)}${b.expiresOn ? ` expiring ${formatDate(b.expiresOn)}` : ''}` : null;
  // An expired level's label names its expiry and no level.
  const base = b.status === 'valid' ? `${bbeeLabel(b)}${evidence ? ` (${evidence})` : ''}` : bbeeLabel(b);
  return `${base}; procurement recognition ${b.recognitionPercent}% as at ${formatDate(asOf)}`;
}

/** The line table: product, quantity, unit, unit price excl. VAT, line total; then subtotal, VAT and total. */
function lines(doc: Doc, items: readonly PaperLine[], totals: PaperTotals, recognisedCents: number) {
  const cols: TableColumn[] = [
    { label: 'Description', w: 195 },
    { label: 'Quantity', w: 60, align: 'right' },
    { label: 'Unit', w: 55 },
    { label: 'Unit price excl. VAT', w: 90, align: 'right' },
    { label: 'Line total excl. VAT', w: 95, align: 'right' },
  ];
  tableHead(doc, cols);
  for (const line of items) {
    const name = line.description ? `${pdfText(line.productName)}\n${pdfText(line.description, 'multi')}` : pdfText(line.productName);
    tableRow(doc, cols, [name, formatNumber(line.quantity), pdfText(line.unit), pdfRand(line.unitPriceCents), pdfRand(line.totalCents)], 'Body');
  }
  rule(doc, doc.y);
  doc.moveDown(0.4);
  const figures: [string, string, 'Body' | 'Bold'][] = [
    ['Subtotal excl. VAT', pdfRand(totals.totalCents), 'Body'],
    [`VAT at ${Math.round(totals.vatRate * 10000) / 100}%`, pdfRand(totals.vatCents), 'Body'],
    ['Total incl. VAT', pdfRand(totals.totalInclVatCents), 'Bold'],
    ['B-BBEE recognised spend', pdfRand(recognisedCents), 'Body'],
  ];
  for (const [label, value, font] of figures) figureRow(doc, label, value, font, 150);
  doc.x = MARGIN;
}

const paragraph = (doc: Doc, text: string, color = INK) => pdfParagraph(doc, text, 'Body', 9, color);

/** What a quotation and its purchase order both set out: the supplier as of `asOf`, the lines under `linesTitle` with their totals, and the terms. */
function supplierAndLines(
  doc: Doc,
  supplier: PaperSupplier,
  asOf: string,
  linesTitle: string,
  priced: { lines: readonly PaperLine[]; totals: PaperTotals; recognisedCents: number },
  terms: [string, string][],
) {
  heading(doc, 'Supplier');
  facts(doc, supplierRows(supplier, asOf));
  heading(doc, linesTitle);
  lines(doc, priced.lines, priced.totals, priced.recognisedCents);
  heading(doc, 'Terms');
  facts(doc, terms);
}

/** The supplier's quotation as a buyer's finance team files it. */
export function quotationPdf(q: QuotationInput): Promise<Buffer> {
  return render(`Quotation ${q.reference}`, q.date, (doc) => {
    title(doc, 'Quotation', `Procura quotation reference ${q.reference} · issued through Procura on behalf of the supplier`);
    facts(doc, [
      ['Quotation reference', q.reference],
      ['Date', formatDate(q.date)],
      ['Valid until', `${formatDate(q.validUntil)} (${q.validityDays} days)`],
      ['Prepared for', q.buyerCompany ?? 'Not given'],
      ['Delivery to', q.deliveryLocation],
    ]);
    supplierAndLines(doc, q.supplier, q.asOf, 'Quoted', q, [
      ['Payment terms', q.paymentTerms],
      ['Lead time', q.leadTime],
      [
        'Price basis',
        q.firmedAt
          ? `Firm price confirmed by ${q.supplier.name} on ${formatDate(q.firmedAt)}.`
          : q.pricingBasis === 'price-list'
            ? `Indicative price from ${possessive(q.supplier.name)} price list of ${formatDate(q.priceListDate)}.`
            : `Indicative price estimated from ${possessive(q.supplier.name)} category pricing (price list of ${formatDate(q.priceListDate)}); the product is not on its list.`,
      ],
    ]);
    // The note's price basis is the row above; a firmed quote's note was written while it was indicative.
    const beyond = q.firmedAt ? '' : notesBeyondBasis(q.notes);
    if (beyond) {
      doc.moveDown(0.4);
      paragraph(doc, beyond, MUTED);
    }
    doc.moveDown(0.4);
    paragraph(doc, 'This quotation is not a tax invoice. The supplier confirms price, stock and delivery when it accepts the order.', MUTED);
  });
}

/** The buyer's purchase order to the supplier, issued once when the buyer accepts; a cancelled one says so. */
export function purchaseOrderPdf(po: PurchaseOrderInput): Promise<Buffer> {
  const day = po.cancelled?.date ?? po.date;
  return render(`${po.cancelled ? 'Cancelled purchase order' : 'Purchase order'} ${po.poNumber}`, day, (doc) => {
    title(
      doc,
      po.cancelled ? 'Purchase order: CANCELLED' : 'Purchase order',
      `${po.poNumber} · issued through Procura on the buyer’s acceptance of quotation ${po.quoteReference}`,
    );
    if (po.cancelled) {
      doc
        .font('Bold')
        .fontSize(10)
        .fillColor('#b91c1c')
        .text(
          `Cancelled on ${formatDate(po.cancelled.date)}: the supplier withdrew the order. Reason given: ${pdfText(po.cancelled.reason)}`,
          MARGIN,
          undefined,
          {
            width: width(doc),
          },
        );
      doc.fillColor(INK).moveDown(0.6);
    }
    facts(doc, [
      ['Purchase order number', po.poNumber],
      ['Date', formatDate(po.date)],
      ['Deliver by', formatDate(po.deliverBy)],
      ['Quotation reference', po.quoteReference],
      ['Buyer’s reference', po.buyer.purchaseOrderReference ?? 'Not given'],
      ['Accepted by', [po.buyer.contactName, po.buyer.email].filter(Boolean).join(' · ')],
    ]);
    heading(doc, 'Buyer');
    facts(doc, [
      ['Company', po.buyer.company ?? 'Not given'],
      ['Contact', [po.buyer.contactName, po.buyer.email, po.buyer.phone].filter(Boolean).join(' · ')],
      ['VAT number', po.buyer.vatNumber ?? 'Not given'],
      ['Delivery address', `${po.buyer.deliveryAddress.replace(/\s*\n\s*/g, ', ')} (${po.buyer.deliveryLocation})`],
    ]);
    supplierAndLines(doc, po.supplier, po.date, 'Ordered', po, [
      ['Payment terms', po.paymentTerms],
      ['Delivery lead time', po.leadTime],
    ]);
    doc.moveDown(0.4);
    // A cancelled order is not to be invoiced.
    if (!po.cancelled) paragraph(doc, 'Please send a full tax invoice (VAT Act, section 20) naming this purchase order number.', MUTED);
  });
}
