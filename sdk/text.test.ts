import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isMultiLineText, isSingleLineText, oneLine, textError } from './text';
import { multiLine, singleLine } from './schemas/text';
import { rfqSubmissionSchema } from './schemas/rfq';

const REFUSED = [
  '\u0000',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u202a',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2069',
];
const KEPT = [' ', '\u00a0', '\u00e9', '\u2019', '\u200d', '\u2028', '\u2070', '\u{1f9fd}', 'ß', '漢', 'ע'];

describe('the text rule', () => {
  it('refuses C0 and C1 controls, DEL and bidirectional controls on one line, and keeps every other character', () => {
    for (const c of REFUSED) expect(isSingleLineText(`PO${c}1`), JSON.stringify(c)).toBe(false);
    for (const c of KEPT) expect(isSingleLineText(`PO${c}1`), JSON.stringify(c)).toBe(true);
  });

  it('takes line breaks and tab in many lines, and refuses a lone carriage return with the rest', () => {
    expect(isMultiLineText('Two boxes.\nDeliver to the back gate.\r\n\tThank you')).toBe(true);
    for (const c of REFUSED.filter((c) => !['\t', '\n'].includes(c))) expect(isMultiLineText(`Two${c} boxes`), JSON.stringify(c)).toBe(false);
    expect(isMultiLineText('Two boxes\r')).toBe(false);
  });

  it("words its message with the field's name", () => {
    expect(textError('PO\u202e1\r\nX-Evil: 1', 'Purchase order reference')).toBe('Purchase order reference must not contain control characters or line breaks');
    expect(textError('Line one\u0000', 'Description', 'multi')).toBe('Description must not contain control characters');
    expect(textError('Line one\nLine two', 'Description', 'multi')).toBeUndefined();
    expect(textError('PO-1042', 'Purchase order reference')).toBeUndefined();
  });

  it('prints stored text on one line, each control a space', () => {
    expect(oneLine('PO\u202e1\r\nX-Evil: 1')).toBe('PO 1  X-Evil: 1');
    expect(oneLine('Acme\u0000\u0085\u2066 Trading')).toBe('Acme    Trading');
    expect(oneLine('Café Ümit 漢字')).toBe('Café Ümit 漢字');
  });
});

describe('the text rule in a schema', () => {
  const name = z.string({ error: 'Name is required' }).trim().check(singleLine('Name')).min(3, { error: 'Name is short' }).max(8, { error: 'Name is long' });

  it('answers its own message alone, before the length checks, and every other value as before', () => {
    const first = (value: unknown) => name.safeParse(value).error?.issues.map((i) => i.message);
    expect(first('A\u202e')).toEqual(['Name must not contain control characters or line breaks']);
    expect(first('Acme\r\nX-Evil: 1')).toEqual(['Name must not contain control characters or line breaks']);
    expect(first('Ab')).toEqual(['Name is short']);
    expect(first('Acme Trading')).toEqual(['Name is long']);
    expect(first(42)).toEqual(['Name is required']);
    // Trimmed first: a line break the paste left at the end is not part of the value.
    expect(name.parse('  Acme\r\n')).toBe('Acme');
  });

  it('takes line breaks where the field has many lines', () => {
    const notes = z.string().check(multiLine('Notes'));
    expect(notes.parse('One\nTwo\r\n\tThree')).toBe('One\nTwo\r\n\tThree');
    expect(notes.safeParse('One\u202eTwo').error?.issues[0]?.message).toBe('Notes must not contain control characters');
  });

  it("keeps the spec's messages of the quote request for every other input", () => {
    const messages = (values: object) => rfqSubmissionSchema.safeParse(values).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({ productName: 'ab', productDescription: 'short', quantity: 0, deliveryLocation: 'D', primaryEmail: 'x', agreeTerms: true })).toEqual([
      'productName: Product name must be at least 3 characters',
      'productDescription: Please provide more detailed description (at least 20 characters)',
      'quantity: Quantity must be at least 1',
      'deliveryLocation: Please enter your delivery location',
      'primaryEmail: Please enter a valid email address',
    ]);
  });
});
