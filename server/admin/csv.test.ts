import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it('quote commas, quotes and line breaks', () => {
    expect(csvRow(['Acme, Ltd', 'say "hi"', 'two\nlines', 'plain', 4.5, null])).toBe('"Acme, Ltd","say ""hi""","two\nlines",plain,4.5,\r\n');
  });

  it('keep a cell that a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x.example","click")')).toBe(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(['+27 11 555', '-1+1', '@SUM(A1)', '\tcmd'].map(csvCell)).toEqual(["'+27 11 555", "'-1+1", "'@SUM(A1)", "'\tcmd"]);
    expect(csvCell('Cape = Town')).toBe('Cape = Town');
    expect(csvCell(-5)).toBe('-5');
  });
});
