import { describe, expect, it } from 'vitest';
import { documentNumber, monthDays, monthHasEnded, partnerCreditCents, payoutDueOn, previousMonth, statementFigures, successFee } from './billing';

describe('success fees', () => {
  it('are rounded to the cent on the line, and their VAT on the rounded fee', () => {
    expect(successFee(86_050, 3, 0.15)).toEqual({ amountCents: 2582, vatCents: 387 });
    expect(successFee(50, 3, 0.15)).toEqual({ amountCents: 2, vatCents: 0 });
    expect(successFee(0, 3, 0.15)).toEqual({ amountCents: 0, vatCents: 0 });
  });

  it('sum on an invoice to the sum of its lines, so the total reconciles', () => {
    const lines = [12_345, 67_891, 1_005].map((v) => successFee(v, 3, 0.15));
    const subtotal = lines.reduce((s, l) => s + l.amountCents, 0);
    const vat = lines.reduce((s, l) => s + l.vatCents, 0);
    expect(subtotal + vat).toBe(lines.reduce((s, l) => s + l.amountCents + l.vatCents, 0));
    // VAT rounded per line (367), not on the subtotal (366): each line's figures stand as invoiced.
    expect([subtotal, vat]).toEqual([2437, 367]);
  });
});

describe("a partner's share", () => {
  it('is 60 % of R25 for a qualified request and of R150 for an enterprise lead', () => {
    const terms = { perQualifiedRfq: 25, perEnterpriseLead: 150, partnerShare: 0.6 };
    expect(partnerCreditCents(terms, false)).toBe(1500);
    expect(partnerCreditCents(terms, true)).toBe(9000);
  });
});

describe('statements', () => {
  it('pay the whole balance from the minimum payout on and carry anything under it', () => {
    expect(statementFigures(1500, 0, 10_000)).toEqual({ creditsCents: 1500, broughtForwardCents: 0, payableCents: 0, carriedForwardCents: 1500 });
    expect(statementFigures(8500, 1500, 10_000)).toEqual({ creditsCents: 8500, broughtForwardCents: 1500, payableCents: 10_000, carriedForwardCents: 0 });
    expect(statementFigures(8499, 1500, 10_000)).toMatchObject({ payableCents: 0, carriedForwardCents: 9999 });
    expect(statementFigures(0, 0, 0)).toMatchObject({ payableCents: 0, carriedForwardCents: 0 });
  });
});

describe('months and numbers', () => {
  it('know their days, the month before, whether they ended and when a payout is due', () => {
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(monthHasEnded('2026-12', '2026-12-31')).toBe(false);
    expect(monthHasEnded('2026-12', '2027-01-01')).toBe(true);
    expect(payoutDueOn('2026-12', 30)).toBe('2027-01-30');
    expect(documentNumber('INV', 2026, 123)).toBe('INV-2026-000123');
  });
});
