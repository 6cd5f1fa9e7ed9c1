import { describe, expect, it } from 'vitest';
import { cellValue, csvCell, csvRow, CsvSyntaxError, parseCsv, writeCsv } from './csv';

describe('writing CSV', () => {
  it('quotes commas, quotes and line breaks, and ends each row with CRLF', () => {
    expect(csvRow(['Acme, Ltd', 'say "hi"', 'two\nlines', 'plain', 4.5, true, null])).toBe('"Acme, Ltd","say ""hi""","two\nlines",plain,4.5,true,\r\n');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x.example","click")')).toBe(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(['+27 11 555', '-1+1', '@SUM(A1)', '\tcmd', '\rcmd'].map(csvCell)).toEqual(["'+27 11 555", "'-1+1", "'@SUM(A1)", "'\tcmd", `"'\rcmd"`]);
    expect(csvCell('Cape = Town')).toBe('Cape = Town');
    expect(csvCell(-5)).toBe('-5');
  });

  it('starts a file with the byte-order mark and the header row', () => {
    expect(writeCsv(['name', 'price'], [['Acme', 12.5]])).toBe('\uFEFFname,price\r\nAcme,12.5\r\n');
  });
});

describe('reading CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes, LF or CRLF, and no final line end', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\r\nlines",\r\n\r\nlast,one')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\r\nlines', ''] },
      { line: 6, fields: ['last', 'one'] },
    ]);
  });

  it('refuses text after a closing quote and a quote left open, naming the line', () => {
    expect(() => parseCsv('a\r\n"x"y\r\n')).toThrow('Line 2: text after a closing quote; a quote inside a quoted field is written twice ("")');
    expect(() => parseCsv('a\n\n"open\nstill')).toThrow(new CsvSyntaxError(3, 'Line 3: a quoted field is never closed'));
  });

  it('reads pasted text leniently: fields trimmed, blank records skipped, nothing refused', () => {
    expect(parseCsv(' a , "b, c" ,d\r\n , ,\n"x"y,  "open\nend', { pasted: true })).toEqual([
      { line: 1, fields: ['a', 'b, c', 'd'] },
      { line: 3, fields: ['xy', 'open\nend'] },
    ]);
  });

  it('reads back what it writes, formulas defused and restored', () => {
    const rows = [['=1+1', '+27 11', 'plain', 'a "quote"', 'two\nlines', "'kept"]];
    const text = writeCsv(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], rows);
    const [, back] = parseCsv(text);
    expect(back!.fields).toEqual(["'=1+1", "'+27 11", 'plain', 'a "quote"', 'two\nlines', "'kept"]);
    expect(back!.fields.map(cellValue)).toEqual(rows[0]);
  });
});
