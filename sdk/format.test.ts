import { describe, expect, it } from 'vitest';
import {
  centsToRand,
  companySizeLabel,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPriceWithVat,
  formatRand,
  formatTime,
  joinWords,
  johannesburgToday,
  possessive,
  quotedEnd,
  vatCents,
} from './format';

describe('formatRand', () => {
  it('writes rand with commas between thousands and two decimals', () => {
    expect(formatRand(1234.5)).toBe('R1,234.50');
    expect(formatRand(15000)).toBe('R15,000.00');
    expect(formatRand(0)).toBe('R0.00');
    expect(formatRand(999.999)).toBe('R1,000.00');
    expect(formatRand(1234567.89)).toBe('R1,234,567.89');
    expect(formatRand(-25)).toBe('-R25.00');
    expect(formatRand(-0.001)).toBe('R0.00');
  });

  it('takes cents only through centsToRand', () => {
    expect(formatRand(centsToRand(123450))).toBe('R1,234.50');
    expect(centsToRand(86050)).toBe(860.5);
  });
});

describe('formatNumber', () => {
  it('groups thousands the same way as amounts', () => {
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(200000)).toBe('200,000');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(-12000)).toBe('-12,000');
  });
});

describe('possessive', () => {
  it('adds ’s, or only the apostrophe to a name ending in s', () => {
    expect(possessive('Coastal Hygiene')).toBe('Coastal Hygiene’s');
    expect(possessive('Blue Crane Facility Supplies')).toBe('Blue Crane Facility Supplies’');
    expect(possessive('SPARKLE HYGIENE SUPPLIES')).toBe('SPARKLE HYGIENE SUPPLIES’');
  });
});

describe('quotedEnd', () => {
  it('quotes a remark at the end of a sentence with one full stop, its own if it has one', () => {
    expect(quotedEnd('Out of stock until January')).toBe('“Out of stock until January”.');
    expect(quotedEnd('Out of stock until December.')).toBe('“Out of stock until December.”');
    expect(quotedEnd('  Sold out!  ')).toBe('“Sold out!”');
    expect(quotedEnd('Can you wait?')).toBe('“Can you wait?”');
  });
});

describe('formatPriceWithVat', () => {
  it('leads with the price excl. VAT and labels both figures', () => {
    expect(formatPriceWithVat(4000, 4600)).toBe('R4,000.00 excl. VAT (R4,600.00 incl. VAT)');
  });
});

describe('joinWords', () => {
  it('lists words as a sentence does, with and or or', () => {
    expect([joinWords([]), joinWords(['A']), joinWords(['A', 'B']), joinWords(['A', 'B', 'C'])]).toEqual(['', 'A', 'A and B', 'A, B and C']);
    expect(joinWords(['litres', 'ml', 'containers'], 'or')).toBe('litres, ml or containers');
  });
});

describe('vatCents', () => {
  it('rounds VAT to the cent from whole cents, where rand arithmetic falls a cent short', () => {
    expect(vatCents(1017490, 0.15)).toBe(152624);
  });
});

describe('dates and times', () => {
  it('writes the day, and the time on the 24-hour clock, in Johannesburg whatever the reader’s time zone', () => {
    expect(formatDate('2026-12-06')).toBe('6 December 2026');
    expect(formatDate('2026-12-05T22:30:00.000Z')).toBe('6 December 2026');
    expect(formatTime('2026-12-06T12:05:00.000Z')).toBe('14:05');
    expect(formatTime('2026-12-05T22:30:00.000Z')).toBe('00:30');
    expect(formatDateTime('2026-12-06T07:30:00.000Z')).toBe('6 December 2026, 09:30');
  });

  it('gives today in Johannesburg, which turns two hours before midnight UTC', () => {
    expect(johannesburgToday(Date.parse('2026-12-05T21:59:59.999Z'))).toBe('2026-12-05');
    expect(johannesburgToday(Date.parse('2026-12-05T22:00:00.000Z'))).toBe('2026-12-06');
  });
});

describe('companySizeLabel', () => {
  it('names a size in employees', () => {
    expect(companySizeLabel('1-10')).toBe('1-10 employees');
    expect(companySizeLabel('250+')).toBe('250+ employees');
  });
});
