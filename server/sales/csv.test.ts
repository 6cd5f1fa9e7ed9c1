import { describe, expect, it } from 'vitest';
import { cellValue, parseCsv, writeCsv } from './csv';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes, LF or CRLF, and no final line end', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\r\nlines",\r\n\r\nlast,one')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\r\nlines', ''] },
      { line: 6, fields: ['last', 'one'] },
    ]);
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('a\r\n"x"y\r\n')).toThrow('Line 2: text after a closing quote; a quote inside a quoted field is written twice ("")');
  });

  it('writes what it reads, formulas defused and restored', () => {
    const rows = [['=1+1', '+27 11', 'plain', 'a "quote"', 'two\nlines', "'kept"]];
    const text = writeCsv(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], rows);
    const [, back] = parseCsv(text);
    expect(back!.fields).toEqual(["'=1+1", "'+27 11", 'plain', 'a "quote"', 'two\nlines', "'kept"]);
    expect(back!.fields.map(cellValue)).toEqual(rows[0]);
  });
});
