import { ACCENT, INK, MARGIN, MUTED, pdfBytes, pdfKit, pdfRand, pdfText, pdfWriters, type Doc } from '../lib/pdf-parts';
import { COMPANY, COMPLIANCE_CHECKLISTS, DATA_QUALITY_STANDARDS } from '../../contract/content';
import { formatDate, formatDateTime } from '../../sdk/format';
import { technicalVerification, type SiteFigures } from '../../sdk/schemas/site';
import type { GuideCategory, PricingGuide } from './site.service';

/** Writes a document with PDFKit's built-in Helvetica (no font files) and answers its bytes. */
function render(title: string, subject: string, build: (doc: Doc) => void): Promise<Buffer> {
  const PDFDocument = pdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Subject: subject, Author: COMPANY.name, Creator: 'Procura' },
  });
  doc.font('Helvetica').fillColor(INK);
  return pdfBytes(doc, build, {
    text: `${COMPANY.name} · ${COMPANY.address} · ${COMPANY.email} · ${COMPANY.phone}`,
    font: 'Helvetica',
    size: 8,
    color: MUTED,
    margin: MARGIN,
  });
}

function heading(doc: Doc, text: string, size = 13) {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(size).fillColor(INK).text(pdfText(text), MARGIN).moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
}

const { paragraph, facts } = pdfWriters({ body: 'Helvetica', bold: 'Helvetica-Bold', size: 10, labelWidth: 150 });

function checklist(doc: Doc, items: readonly string[]) {
  for (const item of items) {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    // A drawn tick: the standard fonts have none.
    doc
      .save()
      .moveTo(MARGIN + 1, y + 4.5)
      .lineTo(MARGIN + 4, y + 7.5)
      .lineTo(MARGIN + 9, y + 1)
      .lineWidth(1.5)
      .strokeColor('#15803d')
      .stroke()
      .restore();
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(item, MARGIN + 16, y, { width: doc.page.width - 2 * MARGIN - 16 })
      .moveDown(0.25);
  }
  doc.x = MARGIN;
}

const days = (lead: { min: number; max: number } | null) =>
  lead === null ? 'none' : lead.min === lead.max ? `${lead.min} days` : `${lead.min}-${lead.max} days`;
const hours = (h: number | null, suppliers: number) => (h !== null ? `${h} hours` : suppliers === 0 ? 'none yet' : 'not recorded yet');

function guideCategory(doc: Doc, category: GuideCategory) {
  heading(doc, `${category.name} (${category.sectorName})`, 12);
  paragraph(
    doc,
    `${category.activeSuppliers} active ${category.activeSuppliers === 1 ? 'supplier' : 'suppliers'} · average response ${hours(category.averageResponseHours, category.activeSuppliers)} · ` +
      `delivery in a supplier's own city ${days(category.localLead)}, nationally ${days(category.nationalLead)}`,
    MUTED,
  );
  if (category.items.length === 0) {
    doc.moveDown(0.3);
    paragraph(doc, 'No catalogue products yet: suppliers quote this category from their own category pricing.');
    return;
  }
  const columns = [
    { label: 'Product', width: 175 },
    { label: '1 unit', width: 70 },
    { label: '100+', width: 70 },
    { label: '500+', width: 70 },
    { label: '1000+', width: 70 },
  ];
  const row = (cells: string[], bold: boolean, sub?: string) => {
    if (doc.y > doc.page.height - MARGIN - 50) doc.addPage();
    const y = doc.y + 4;
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, i) => {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(INK)
        .text(pdfText(cell), x, y, { width: columns[i]!.width - 6, align: i === 0 ? 'left' : 'right' });
      if (i === 0 && sub)
        doc
          .font('Helvetica')
          .fontSize(8)
          .fillColor(MUTED)
          .text(pdfText(sub), x, doc.y, { width: columns[i]!.width - 6 });
      bottom = Math.max(bottom, doc.y);
      x += columns[i]!.width;
    });
    doc.y = bottom;
    doc
      .moveTo(MARGIN, bottom + 2)
      .lineTo(MARGIN + columns.reduce((n, c) => n + c.width, 0), bottom + 2)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.x = MARGIN;
  };
  doc.moveDown(0.4);
  row(
    columns.map((c) => c.label),
    true,
  );
  for (const item of category.items) {
    const cells = item.prices.map((p) => (p.savingPercent > 0 ? `${pdfRand(p.unitPriceCents)} (-${p.savingPercent}%)` : pdfRand(p.unitPriceCents)));
    row(
      [item.name, ...cells],
      false,
      `${item.unitDescription} · ${item.suppliers} price lists · ${pdfRand(item.lowestCents)} to ${pdfRand(item.highestCents)}`,
    );
  }
}

/**
 * The pricing guide as a PDF: per category, typical unit prices at each volume, the spread of
 * list prices, lead times and response times, and the dates of the data.
 */
export function pricingGuidePdf(guide: PricingGuide): Promise<Buffer> {
  return render('Procura pricing guide', `Typical prices on ${formatDate(guide.generatedOn)}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text('Procura pricing guide');
    doc.moveDown(0.3);
    paragraph(doc, `Generated on ${formatDate(guide.generatedOn)} from the current market.`);
    paragraph(
      doc,
      guide.priceListDates
        ? `Computed from the price lists of suppliers in good standing, dated ${formatDate(guide.priceListDates.from)} to ${formatDate(guide.priceListDates.to)}.`
        : 'No supplier price lists are held yet.',
    );
    doc.moveDown(0.4);
    paragraph(
      doc,
      'Prices are in rand per unit, excluding VAT: the median of what each supplier would quote at that order size (their own volume tiers, or Procura’s volume discount of 5% from 100 units, 10% from 500 and 15% from 1000, whichever is lower). Below each product, the range of one-unit prices. A quote request gives the exact prices for your quantity and delivery address.',
      MUTED,
    );
    for (const category of guide.categories) guideCategory(doc, category);
  });
}

export interface CertificateData {
  certificateId: string;
  issuedOn: string;
  figures: SiteFigures;
}

/** The compliance certificate as a PDF: the same sections as the compliance page. */
export function complianceCertificatePdf({ certificateId, issuedOn, figures }: CertificateData): Promise<Buffer> {
  const v = figures.verification;
  return render('Procura compliance certificate', `Certificate ${certificateId}, issued ${formatDate(issuedOn)}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text('Compliance Certificate');
    doc.moveDown(0.3);
    facts(doc, [
      ['Certificate ID', certificateId],
      ['Issued', formatDate(issuedOn)],
    ]);
    heading(doc, 'Company registration');
    facts(doc, [
      ['Registered name', COMPANY.name],
      ['Registration number', `${COMPANY.registrationNumber} (CIPC, ${COMPANY.registeredIn})`],
      ['Registered address', COMPANY.address],
      ['Contact', `${COMPANY.email} · ${COMPANY.phone} · ${COMPANY.supportHours}`],
      ['Information officer', COMPANY.privacyEmail],
    ]);
    for (const list of COMPLIANCE_CHECKLISTS) {
      heading(doc, list.title);
      checklist(doc, list.items);
    }
    heading(doc, 'Technical verification');
    facts(doc, [...technicalVerification(figures), ['Checked', formatDateTime(v.tls?.checkedAt ?? figures.asOf)]]);
    heading(doc, 'Data quality standards');
    checklist(doc, DATA_QUALITY_STANDARDS);
    heading(doc, 'Categories');
    const served = figures.categories.filter((c) => c.activeSuppliers > 0);
    paragraph(doc, served.map((c) => `${c.name} (${c.activeSuppliers})`).join(' · '));
    doc.moveDown(0.3);
    paragraph(doc, `Counted from the database on ${formatDate(figures.asOf)}: active suppliers per category.`, MUTED);
  });
}
