import { describe, expect, it } from 'vitest';
import { type ScoredOrder, scorecardFigures } from './scorecard';

const received = (onTime: boolean, inFull: boolean, rating: number, counted = true): ScoredOrder => ({
  confirmed: true,
  receipt: { onTime, inFull, rating, counted },
});

describe('scorecardFigures', () => {
  it('keeps a supplier with 2 counted receipts new: counts, but no share and no average', () => {
    const figures = scorecardFigures([received(true, true, 5), received(true, true, 4), { confirmed: true, receipt: null }], []);
    expect(figures).toMatchObject({ orders: 3, confirmed: 3, receipts: 2, new: true });
    expect(figures.onTimeInFull).toEqual({ count: 2, share: null });
    expect(figures.rating).toEqual({ average: null, count: 2 });
  });

  it('shows shares and the average from the third counted receipt', () => {
    const figures = scorecardFigures([received(true, true, 5), received(false, true, 4), received(true, false, 3)], []);
    expect(figures.new).toBe(false);
    // Late counts against on time and in full; short counts against both.
    expect(figures.onTimeInFull).toEqual({ count: 1, share: 0.333 });
    expect(figures.inFull).toEqual({ count: 2, share: 0.667 });
    expect(figures.rating).toEqual({ average: 4, count: 3 });
  });

  it("keeps a receipt from the supplier's own domain out of every figure but the order count", () => {
    const figures = scorecardFigures([received(true, true, 5), received(true, true, 5), received(true, true, 5, false)], []);
    expect(figures).toMatchObject({ orders: 3, receipts: 2, new: true });
  });

  it('counts only receipts of orders the supplier confirmed', () => {
    const unconfirmed: ScoredOrder = { confirmed: false, receipt: { onTime: true, inFull: true, rating: 5, counted: true } };
    const figures = scorecardFigures([received(true, true, 5), received(true, true, 5), unconfirmed], []);
    expect(figures).toMatchObject({ orders: 3, confirmed: 2, receipts: 2, new: true });
  });

  it('takes the median answer time and how often a firm price kept to the indicative one', () => {
    const firm = (indicativeCents: number, firmCents: number) => ({ indicativeCents, firmCents });
    const leads = [
      { hoursToAnswer: 1, firm: firm(1000, 1000) },
      { hoursToAnswer: 5, firm: firm(1000, 900) },
      { hoursToAnswer: 3, firm: firm(1000, 1100) },
      { hoursToAnswer: 10, firm: null },
    ];
    const figures = scorecardFigures([received(true, true, 5), received(true, true, 5), received(true, true, 5)], leads);
    expect(figures.medianResponseHours).toBe(4);
    expect(figures.priceKept).toEqual({ count: 2, share: 0.667 });
  });

  it('says nothing of answer times before any lead is answered', () => {
    expect(scorecardFigures([], []).medianResponseHours).toBeNull();
  });
});
