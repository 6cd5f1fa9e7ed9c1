import { centsToRand, formatRand } from '../../sdk/format';
import { oneLine } from '../../sdk/text';

/**
 * What Procura's PDFs share: their colours and page margin, stored text as a PDF prints it, money
 * as they write it, a paragraph, rows of a label and its value, and the footer every page gets.
 * The quotation and purchase order (quotes/quotation-and-order.pdf.ts) and the pricing guide and
 * compliance certificate (site/guide-and-certificate.pdf.ts) each set their own fonts.
 */
export type Doc = PDFKit.PDFDocument;

/** The text colour. */
export const INK = '#0f172a';
/** Secondary text, rules and footers. */
export const MUTED = '#475569';
/** Titles. */
export const ACCENT = '#1d4ed8';
/** The page margin on every side, in points. */
export const MARGIN = 50;

/** An amount in cents as the PDFs write it, in rand. */
export const pdfRand = (cents: number): string => formatRand(centsToRand(cents));

/**
 * Stored text as a PDF prints it. On one line (the default), every control character, line
 * break and bidirectional control is a space; as paragraphs (`'multi'`), line breaks stay line
 * breaks and every other control is a space. What was stored before the text rule, or by a path
 * that skips it, cannot start a line of its own on a purchase order or turn its text around.
 */
export function pdfText(text: string, lines: 'single' | 'multi' = 'single'): string {
  return lines === 'single'
    ? oneLine(text)
    : text
        .split(/\r\n|\n/)
        .map(oneLine)
        .join('\n');
}

/** A paragraph across the page between the margins in `font` at `size`, in `color`; the ink is the text colour again after it. */
function paragraph(doc: Doc, text: string, font: string, size: number, color = INK): void {
  doc
    .font(font)
    .fontSize(size)
    .fillColor(color)
    .text(pdfText(text, 'multi'), MARGIN, undefined, { width: doc.page.width - 2 * MARGIN })
    .fillColor(INK);
}

/**
 * Builds a PDFKit document and answers its bytes: `build` writes the pages, then every page gets
 * the footer line `footer` names (its text and font) on the left and its page number on the right.
 * The document must be made with `bufferPages: true`.
 */
export function pdfBytes(
  doc: Doc,
  build: (doc: Doc) => void,
  footer: { text: string; font: string; size: number; color: string; margin: number },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  build(doc);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - footer.margin + 10;
    // Writing below the bottom margin would start a new page; lift the margin for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(footer.font)
      .fontSize(footer.size)
      .fillColor(footer.color)
      .text(footer.text, footer.margin, y, { width: doc.page.width - 2 * footer.margin - 60, lineBreak: false })
      .text(`Page ${i - range.start + 1} of ${range.count}`, doc.page.width - footer.margin - 60, y, { width: 60, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** How {@link labelledRows} sets its rows: the page margin, the label column's width, and the type. */
interface LabelledRowsStyle {
  margin: number;
  labelWidth: number;
  size: number;
  labelFont: string;
  valueFont: string;
  labelColor: string;
  valueColor: string;
}

/** Rows of a label and its value side by side; a long value wraps in its own column, and the next row starts below the longer of the two. */
function labelledRows(doc: Doc, rows: [string, string][], style: LabelledRowsStyle): void {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(style.labelFont).fontSize(style.size).fillColor(style.labelColor).text(pdfText(label), style.margin, y, { width: style.labelWidth });
    const labelBottom = doc.y;
    doc
      .font(style.valueFont)
      .fontSize(style.size)
      .fillColor(style.valueColor)
      .text(pdfText(value), style.margin + style.labelWidth, y, { width: doc.page.width - 2 * style.margin - style.labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }
  doc.x = style.margin;
}

/** A document's type: its body and bold fonts, its body size, and the width of a facts label column. */
export interface PdfType {
  body: string;
  bold: string;
  size: number;
  labelWidth: number;
}

/**
 * The paragraph and the facts (rows of a bold muted label and its value) of a document set in
 * `type`, between the page margins.
 */
export function pdfWriters(type: PdfType) {
  const facts: LabelledRowsStyle = {
    margin: MARGIN,
    labelWidth: type.labelWidth,
    size: type.size,
    labelFont: type.bold,
    valueFont: type.body,
    labelColor: MUTED,
    valueColor: INK,
  };
  return {
    paragraph: (doc: Doc, text: string, color = INK) => paragraph(doc, text, type.body, type.size, color),
    facts: (doc: Doc, rows: [string, string][]) => labelledRows(doc, rows, facts),
  };
}
