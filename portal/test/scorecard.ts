import type { Scorecard } from '../../contract/schemas/scorecard';

/** A supplier's scorecard over the year to 6 December 2026: 4 orders, 2 receipts, new on Procura. */
export const scorecard = (over: Partial<Scorecard> = {}): Scorecard => ({
  supplierId: 7,
  slug: 'cleanco-supplies',
  name: 'CleanCo Supplies',
  from: '2025-12-07',
  to: '2026-12-06',
  orders: 4,
  confirmed: 3,
  receipts: 2,
  onTimeInFull: { count: 1, share: null },
  inFull: { count: 2, share: null },
  rating: { average: null, count: 2 },
  medianResponseHours: 5.4,
  priceKept: { count: 2, share: null },
  new: true,
  ...over,
});

/** A new supplier's scorecard with no orders, receipts or replies yet in the year to 6 December 2026. */
export const emptyScorecard = (over: Partial<Scorecard> = {}): Scorecard =>
  scorecard({
    orders: 0,
    confirmed: 0,
    receipts: 0,
    onTimeInFull: { count: 0, share: null },
    inFull: { count: 0, share: null },
    rating: { average: null, count: 0 },
    medianResponseHours: null,
    priceKept: { count: 0, share: null },
    ...over,
  });
