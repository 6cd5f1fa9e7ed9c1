import { describe, expect, it } from 'vitest';
import { importItems, isHeaderLine, lineCount, parseBulkText, readBulkText, readPipeLine } from './bulk-text';

describe('parseBulkText', () => {
  it('reads pipe-separated lines, numbered as the text box shows them, blank ones ignored', () => {
    const text = '\nAcme | sales@acme.example | sanitizers | Durban | 4.5 | gel, refills | 24h\n   \r\nBeta|b@beta.example|sanitizers|Durban|||\n';
    expect(parseBulkText(text)).toEqual({
      format: 'pipe',
      header: null,
      records: [
        { line: 2, fields: ['Acme', 'sales@acme.example', 'sanitizers', 'Durban', '4.5', 'gel, refills', '24h'] },
        { line: 4, fields: ['Beta', 'b@beta.example', 'sanitizers', 'Durban', '', '', ''] },
      ],
    });
  });

  it('skips a first line naming the fields', () => {
    const parsed = parseBulkText(
      'Name | Email | Category | Location | Rating | Specialties | Response time\nAcme | a@acme.example | sanitizers | Durban | | | ',
    );
    expect(parsed.header).toEqual({ line: 1, columns: ['name', 'email', 'category', 'location', 'rating', 'specialties', 'responseTime'] });
    expect(parsed.records.map((r) => r.line)).toEqual([2]);
  });

  it('reads CSV with a header row: quoted commas, doubled quotes, line breaks in quotes, CRLF, a byte-order mark', () => {
    const text =
      '\uFEFFname,price,unit,category,supplier_id,notes\r\n"Mop Head, Cotton",42.50,pieces,cleaning-supplies,12,"the ""kentucky"" kind"\r\n\r\n"Bucket\nwith wringer",99,pieces,cleaning-supplies,12,x\r\nLast,1,kg,cleaning-supplies, 13 ,';
    expect(parseBulkText(text)).toEqual({
      format: 'csv',
      header: { line: 1, columns: ['name', 'price', 'unit', 'category', 'supplierId', null] },
      records: [
        { line: 2, fields: ['Mop Head, Cotton', '42.50', 'pieces', 'cleaning-supplies', '12', 'the "kentucky" kind'] },
        { line: 4, fields: ['Bucket\nwith wringer', '99', 'pieces', 'cleaning-supplies', '12', 'x'] },
        { line: 6, fields: ['Last', '1', 'kg', 'cleaning-supplies', '13', ''] },
      ],
    });
  });

  it('reads comma-separated text without a header as lines of one field each', () => {
    expect(parseBulkText('Acme,a@acme.example,sanitizers').records).toEqual([{ line: 1, fields: ['Acme,a@acme.example,sanitizers'] }]);
  });

  it('has nothing to read in blank text', () => {
    expect(parseBulkText(' \n\n')).toEqual({ format: 'pipe', header: null, records: [] });
    expect(lineCount('a\nb\n')).toBe(3);
  });
});

describe('readBulkText', () => {
  it('names each field of a line, or says how many fields were expected', () => {
    expect(readBulkText('Acme | a@acme.example | sanitizers | Durban | 4 | | 24h\nShort | x', 'supplier')).toEqual([
      {
        line: 1,
        kind: 'supplier',
        values: { name: 'Acme', email: 'a@acme.example', category: 'sanitizers', location: 'Durban', rating: '4', specialties: '', responseTime: '24h' },
      },
      {
        line: 2,
        kind: 'supplier',
        reason:
          'Expected 7 fields (name | email | category | location | rating | specialties | responseTime) or 12 (with vatNumber | registeredAddress | bbeeLevel | bbeeEvidence | bbeeExpiresOn), found 2',
      },
    ]);
  });

  it('tells suppliers from products by their field count in mixed text', () => {
    const lines = readBulkText('A | a@a.example | sanitizers | Durban | | | \nBleach | | 18 | litres | cleaning-supplies | 3\nOdd | one', 'mixed');
    expect(lines.map((l) => ('reason' in l ? [l.line, l.kind, l.reason] : [l.line, l.kind]))).toEqual([
      [1, 'supplier'],
      [2, 'product'],
      [3, null, 'Expected 7 or 12 fields (a supplier) or 6 (a product), found 2'],
    ]);
  });

  it('maps CSV columns by the header, and holds a row to the header’s width', () => {
    expect(readBulkText('email,name,location,category\nb@b.example,Beta,Durban,sanitizers\nc@c.example,Gamma', 'supplier')).toEqual([
      {
        line: 2,
        kind: 'supplier',
        values: { name: 'Beta', email: 'b@b.example', category: 'sanitizers', location: 'Durban', rating: '', specialties: '', responseTime: '' },
      },
      { line: 3, kind: 'supplier', reason: 'Expected 4 fields as in the header row, found 2' },
    ]);
  });

  it('refuses a header of the other kind or lacking a column', () => {
    expect(readBulkText('name,price,unit,category,supplierId\nA,1,kg,x,1', 'supplier')).toEqual([
      { line: 1, kind: null, reason: 'The header row names product columns, not supplier ones' },
    ]);
    expect(readBulkText('name,email,category\nA,a@a.example,x', 'supplier')).toEqual([
      { line: 1, kind: null, reason: 'The header row lacks the column location' },
    ]);
  });
});

describe('import items', () => {
  it('stand each for one line of the text box: values, or an empty spacer', () => {
    const lines = readBulkText('name,email,category,location\n\n"A, Ltd",a@a.example,sanitizers,Durban\nbad\nB,b@b.example,sanitizers,Durban', 'supplier');
    expect(importItems(lines, 1, 5)).toEqual([
      '',
      '',
      { name: 'A, Ltd', email: 'a@a.example', category: 'sanitizers', location: 'Durban', rating: '', specialties: '', responseTime: '' },
      '',
      { name: 'B', email: 'b@b.example', category: 'sanitizers', location: 'Durban', rating: '', specialties: '', responseTime: '' },
    ]);
    expect(importItems(lines, 4, 5)).toEqual([
      '',
      { name: 'B', email: 'b@b.example', category: 'sanitizers', location: 'Durban', rating: '', specialties: '', responseTime: '' },
    ]);
  });

  it('read one pipe line at a time, blank ones as nothing, a field header as a header', () => {
    expect(readPipeLine('  ', 'product', 4)).toBeNull();
    expect(readPipeLine('Bleach | | 18 | litres | cleaning-supplies | 3', 'product', 4)).toEqual({
      line: 4,
      kind: 'product',
      values: { name: 'Bleach', description: '', price: '18', unit: 'litres', category: 'cleaning-supplies', supplierId: '3' },
    });
    expect(isHeaderLine('name | description | price | unit | category | supplierId')).toBe(true);
    expect(isHeaderLine('Name Brand | sales@name.example | sanitizers | Durban | | | ')).toBe(false);
  });
});
