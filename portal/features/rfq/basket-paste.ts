import { parseCsv } from '../../../contract/csv';
import { basketLineSchema } from '../../../sdk/schemas/rfq';
import type { BasketDraftLine, RefusedPasteLine } from '../../../widget/app/BasketRequestForm';

/**
 * Reads a pasted list, one product a line: `name, quantity, unit` (the unit may be left out; a
 * name holding a comma goes in double quotes, as a spreadsheet copies it). Each line is checked as
 * the request's lines are, with the same messages; a line that fails is named with why.
 *
 * @example
 * readPastedList('Household Bleach, 40, litres\nGloves, many');
 * // { lines: [{ productName: 'Household Bleach', quantity: '40', unit: 'litres' }],
 * //   refused: [{ line: 2, text: 'Gloves, many', reason: 'Quantity must be at least 1' }] }
 */
export function readPastedList(text: string): { lines: BasketDraftLine[]; refused: RefusedPasteLine[] } {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: BasketDraftLine[] = [];
  const refused: RefusedPasteLine[] = [];
  for (const record of parseCsv(text, { pasted: true })) {
    const [productName = '', quantity = '', unit = '', ...rest] = record.fields.map((f) => f.trim());
    if (productName === '' && quantity === '' && unit === '') continue;
    const source = rows[record.line - 1]?.trim() ?? record.fields.join(', ');
    if (rest.some((f) => f !== '')) {
      refused.push({ line: record.line, text: source, reason: 'Give each line as: name, quantity, unit' });
      continue;
    }
    const checked = basketLineSchema.safeParse({ productName, quantity, unit });
    if (checked.success) lines.push({ productName, quantity, unit });
    else refused.push({ line: record.line, text: source, reason: checked.error.issues[0]!.message });
  }
  return { lines, refused };
}
