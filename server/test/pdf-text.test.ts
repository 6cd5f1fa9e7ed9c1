import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

/** A one-object PDF whose content stream shows `hex` in a standard font, compressed, its bytes ending as `last` says. */
function pdfShowing(hex: string, last: (byte: number) => boolean): Buffer {
  let data = Buffer.alloc(0);
  // A comment after the text varies the compressed bytes until they end as asked.
  for (let n = 0; ; n++) {
    data = deflateSync(Buffer.from(`BT /F1 12 Tf [<${hex}>] TJ ET\n% ${n}`, 'latin1'));
    if (last(data[data.length - 1]!)) break;
  }
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

describe("a PDF's text", () => {
  it('is read from a compressed stream whatever byte the stream ends in, a carriage return included', () => {
    expect(pdfText(pdfShowing('48656c6c6f', (b) => b === 0x0d))).toBe('Hello');
    expect(pdfText(pdfShowing('48656c6c6f', (b) => b === 0x0a))).toBe('Hello');
    expect(pdfText(pdfShowing('52313520', (b) => b !== 0x0d && b !== 0x0a))).toBe('R15 ');
  });
});
