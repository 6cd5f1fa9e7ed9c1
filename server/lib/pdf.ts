type Doc = PDFKit.PDFDocument;

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
