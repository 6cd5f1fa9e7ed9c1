import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type PDFKitDocument from 'pdfkit';
import { whenNeeded } from './when-needed';
import { centsToRand, formatRand } from '../../sdk/format';
import { oneLine } from '../../sdk/text';

/**
 * What Procura's PDFs share: their colours and page margin, stored text as a PDF prints it, money
 * as they write it, a paragraph, rows of a label and its value, and the footer every page gets.
 * The paperwork (quotations, purchase orders, invoices and statements) is written with embedded
 * DejaVu Sans by {@link paperPdf}; the pricing guide and compliance certificate
 * (site/guide-and-certificate.pdf.ts) set their own fonts.
 */
export type Doc = PDFKit.PDFDocument;

/** PDFKit, loaded with the first document drawn: most processes draw none, and it is a quarter of a second to load. */
export const pdfKit = whenNeeded<typeof PDFKitDocument>('pdfkit');

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
export function paragraph(doc: Doc, text: string, font: string, size: number, color = INK): void {
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

/** A column of a paperwork table: its heading, its width in points, and how its cells align (left by default). */
export interface TableColumn {
  label: string;
  w: number;
  align?: 'left' | 'right';
}

/**
 * One row of a paperwork table in `font` at 9 points, from the left margin: each cell wraps within
 * its column, and the next row starts below the tallest. The cells print as given (see {@link pdfText}).
 */
export function tableRow(doc: Doc, cols: readonly TableColumn[], cells: readonly string[], font: 'Body' | 'Bold'): void {
  const y = doc.y;
  let x = MARGIN;
  let bottom = y;
  cells.forEach((cell, i) => {
    const col = cols[i]!;
    doc
      .font(font)
      .fontSize(9)
      .fillColor(INK)
      .text(cell, x, y, { width: col.w - 6, align: col.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
    x += col.w;
  });
  doc.y = bottom + 4;
}

/** A thin muted rule across the page between the margins, at `y`. */
export function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + (doc.page.width - 2 * MARGIN), y)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
}

/** A table's header: its columns' headings in bold, ruled under. */
export function tableHead(doc: Doc, cols: readonly TableColumn[]): void {
  tableRow(
    doc,
    cols,
    cols.map((c) => c.label),
    'Bold',
  );
  rule(doc, doc.y - 2);
}

/**
 * A figure under a table in `font` at 9.5 points: its label right-aligned in the `labelWidth`
 * points before the last column (which starts 400 points in), and its value right-aligned in it.
 */
export function figureRow(doc: Doc, label: string, value: string, font: 'Body' | 'Bold', labelWidth: number): void {
  const y = doc.y;
  doc
    .font(font)
    .fontSize(9.5)
    .fillColor(INK)
    .text(label, MARGIN + 400 - labelWidth, y, { width: labelWidth, align: 'right' });
  doc.text(value, MARGIN + 400, y, { width: doc.page.width - 2 * MARGIN - 400 - 6, align: 'right' });
  doc.moveDown(0.15);
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

/**
 * A WOFF font as the TrueType file it wraps: its tables inflated and laid out after an sfnt
 * directory. PDFKit reads a TrueType file once; a WOFF it would inflate again at every glyph.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(header, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

// DejaVu Sans, embedded (subset) in every document: a filed PDF shows the same letters anywhere.
const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) => woffToSfnt(readFileSync(require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`)));
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const FONTS = () => (fonts ??= { regular: fontFile(400), bold: fontFile(700) });

/**
 * Writes a paperwork document (A4, tagged, the embedded fonts as `Body` and `Bold`) and answers its
 * bytes, every page ending with `footer`. Its only date is its own (`date`, as the creation date),
 * so the same inputs give the same bytes.
 */
export function paperPdf(info: { title: string; date: string; author: string }, build: (doc: Doc) => void, footer: string): Promise<Buffer> {
  const PDFDocument = pdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    tagged: true,
    lang: 'en-ZA',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: info.title, Author: info.author, Creator: 'Procura', Producer: 'Procura', CreationDate: new Date(`${info.date}T00:00:00Z`) },
  });
  doc.registerFont('Body', FONTS().regular);
  doc.registerFont('Bold', FONTS().bold);
  doc.font('Body').fillColor(INK);
  return pdfBytes(doc, build, { text: footer, font: 'Body', size: 7.5, color: MUTED, margin: MARGIN });
}

/** A paperwork document's title and the line under it. */
export function title(doc: Doc, text: string, sub: string): void {
  doc.font('Bold').fontSize(20).fillColor(ACCENT).text(pdfText(text), MARGIN, MARGIN);
  doc.font('Body').fontSize(9).fillColor(MUTED).text(pdfText(sub)).fillColor(INK).moveDown(0.8);
}

/** A section's heading, on a new page when too little of this one is left. */
export function heading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - MARGIN - 100) doc.addPage();
  doc.moveDown(0.6).font('Bold').fontSize(11).fillColor(INK).text(pdfText(text), MARGIN).moveDown(0.2);
}

const FACTS: LabelledRowsStyle = { margin: MARGIN, labelWidth: 140, size: 9, labelFont: 'Bold', valueFont: 'Body', labelColor: MUTED, valueColor: INK };

/** A paperwork document's facts: rows of a label and its value. */
export const facts = (doc: Doc, rows: [string, string][]): void => labelledRows(doc, rows, FACTS);

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
