import { describe, expect, it } from 'vitest';
import { RFQ_MESSAGES } from '../../../sdk/rules';
import { readPastedList } from './basket-paste';

describe('a pasted list of products', () => {
  it('reads one product a line, name, quantity and unit, and names each line it refuses with why', () => {
    const { lines, refused } = readPastedList(
      [
        'Household Bleach, 40, litres',
        '',
        '"Gloves, nitrile (100-pack)", 12',
        'Refuse bags, many, rolls',
        'ab, 2',
        'Toilet paper, 3, packs, extra',
        '\tMop heads ,  6 , each ',
      ].join('\n'),
    );
    expect(lines).toEqual([
      { productName: 'Household Bleach', quantity: '40', unit: 'litres' },
      { productName: 'Gloves, nitrile (100-pack)', quantity: '12', unit: '' },
      { productName: 'Mop heads', quantity: '6', unit: 'each' },
    ]);
    expect(refused).toEqual([
      { line: 4, text: 'Refuse bags, many, rolls', reason: RFQ_MESSAGES.quantity },
      { line: 5, text: 'ab, 2', reason: RFQ_MESSAGES.productName },
      { line: 6, text: 'Toilet paper, 3, packs, extra', reason: 'Give each line as: name, quantity, unit' },
    ]);
  });

  it('reads nothing from blank text', () => {
    expect(readPastedList('\n  \n')).toEqual({ lines: [], refused: [] });
  });
});
