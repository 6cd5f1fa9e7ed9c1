import { describe, expect, it } from 'vitest';
import { cheapestSplit, MAX_LINE_TOTAL_CENTS, type SplitSupplier } from './basket-split';
import { createRng } from '../db/seed/rng.mjs';

/** Every assignment tried: the most lines covered, then the cheapest, then the first in line order. */
function bruteForce(lineCount: number, suppliers: SplitSupplier[]): { assignment: (number | null)[]; totalCents: number } {
  const s = suppliers.length;
  let best: { pick: number[]; covered: number; cost: number } | null = null;
  const pick = new Array<number>(lineCount).fill(s);
  const visit = (l: number) => {
    if (l === lineCount) {
      const totals = new Array<number>(s).fill(0);
      const used = new Array<boolean>(s).fill(false);
      let cost = 0;
      let covered = 0;
      for (let i = 0; i < lineCount; i++) {
        const k = pick[i]!;
        if (k === s) continue;
        totals[k]! += suppliers[k]!.lineTotals[i]!;
        used[k] = true;
        cost += suppliers[k]!.lineTotals[i]!;
        covered++;
      }
      if (suppliers.some((x, k) => used[k] && totals[k]! < x.minimumOrderCents)) return;
      const better =
        !best ||
        covered > best.covered ||
        (covered === best.covered &&
          (cost < best.cost ||
            (cost === best.cost &&
              pick.findIndex((k, i) => k !== best!.pick[i]) >= 0 &&
              pick[pick.findIndex((k, i) => k !== best!.pick[i])]! < best.pick[pick.findIndex((k, i) => k !== best!.pick[i])]!)));
      if (better) best = { pick: pick.slice(), covered, cost };
      return;
    }
    for (let k = 0; k <= s; k++) {
      if (k < s && suppliers[k]!.lineTotals[l] === null) continue;
      pick[l] = k;
      visit(l + 1);
    }
    pick[l] = s;
  };
  visit(0);
  return { assignment: best!.pick.map((k) => (k === s ? null : k)), totalCents: best!.cost };
}

function randomMarket(seed: number): { lineCount: number; suppliers: SplitSupplier[] } {
  const rng = createRng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rng.next() * (hi - lo + 1));
  const lineCount = int(1, 7);
  const supplierCount = int(1, 4);
  // Few distinct prices, so ties are common.
  const suppliers = Array.from({ length: supplierCount }, () => ({
    minimumOrderCents: rng.next() < 0.5 ? 0 : int(1, 8) * 500,
    lineTotals: Array.from({ length: lineCount }, () => (rng.next() < 0.25 ? null : int(1, 6) * 250)),
  }));
  return { lineCount, suppliers };
}

describe('the cheapest split', () => {
  it('gives each line to its cheapest supplier when no minimum order is in the way', () => {
    const split = cheapestSplit(3, [
      { minimumOrderCents: 0, lineTotals: [1000, 2000, null] },
      { minimumOrderCents: 0, lineTotals: [1500, 1800, 900] },
    ]);
    expect(split.assignment).toEqual([0, 1, 1]);
    expect(split.totalCents).toBe(1000 + 1800 + 900);
    expect(split.supplierTotals).toEqual([1000, 2700]);
    expect(split.used).toEqual([0, 1]);
  });

  it('gives a supplier its minimum order or nothing, whichever costs less', () => {
    // A takes all three lines only if it is given at least R10.00; cheapest overall is A with
    // lines 0, 1 and 2 (1110) and line 3 to B (100), not line by line (A's 510 is under its minimum).
    const split = cheapestSplit(4, [
      { minimumOrderCents: 1000, lineTotals: [600, 500, 10, 5000] },
      { minimumOrderCents: 0, lineTotals: [500, 600, 1000, 100] },
    ]);
    expect(split.assignment).toEqual([0, 0, 0, 1]);
    expect(split.totalCents).toBe(1210);
  });

  it('leaves a line open when the only supplier of it cannot reach its minimum', () => {
    const split = cheapestSplit(2, [
      { minimumOrderCents: 5000, lineTotals: [1000, null] },
      { minimumOrderCents: 0, lineTotals: [null, 700] },
    ]);
    expect(split.assignment).toEqual([null, 1]);
    expect(split.totalCents).toBe(700);
    expect(split.used).toEqual([1]);
  });

  it('covers more lines before it saves money', () => {
    // Giving line 1 to A makes A's minimum reachable, so line 0 is covered too, at a higher price.
    const split = cheapestSplit(2, [
      { minimumOrderCents: 2000, lineTotals: [1000, 1500] },
      { minimumOrderCents: 0, lineTotals: [null, 300] },
    ]);
    expect(split.assignment).toEqual([0, 0]);
    expect(split.totalCents).toBe(2500);
  });

  it("breaks ties by the suppliers' order, line by line, and gives the same answer every time", () => {
    const suppliers = [
      { minimumOrderCents: 0, lineTotals: [500, 700] },
      { minimumOrderCents: 0, lineTotals: [500, 700] },
    ];
    expect(cheapestSplit(2, suppliers).assignment).toEqual([0, 0]);
    expect(cheapestSplit(2, suppliers)).toEqual(cheapestSplit(2, suppliers));
    // With a minimum that one line alone cannot meet, the tie goes to the split listed first.
    const tied = cheapestSplit(2, [
      { minimumOrderCents: 1000, lineTotals: [500, 500] },
      { minimumOrderCents: 1000, lineTotals: [500, 500] },
    ]);
    expect(tied.assignment).toEqual([0, 0]);
  });

  it('matches a search of every assignment on random markets', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { lineCount, suppliers } = randomMarket(seed);
      const split = cheapestSplit(lineCount, suppliers);
      const expected = bruteForce(lineCount, suppliers);
      expect({ seed, exact: split.exact, assignment: split.assignment, total: split.totalCents }).toEqual({
        seed,
        exact: true,
        assignment: expected.assignment,
        total: expected.totalCents,
      });
    }
  });

  it('finds the exact split of ten suppliers with minimums for an everyday basket', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const rng = createRng(seed);
      const suppliers = Array.from({ length: 10 }, (_, k) => ({
        minimumOrderCents: 3_000 + k * 500,
        lineTotals: Array.from({ length: 10 }, () => (rng.next() < 0.3 ? null : 1000 + Math.floor(rng.next() * 4000))),
      }));
      const split = cheapestSplit(10, suppliers);
      expect(split.exact).toBe(true);
      for (const k of split.used) expect(split.supplierTotals[k]).toBeGreaterThanOrEqual(suppliers[k]!.minimumOrderCents);
    }
  });

  it('answers a 50-line basket whose minimums all bind with a split that respects them', () => {
    const rng = createRng(7);
    const suppliers = Array.from({ length: 10 }, (_, k) => ({
      minimumOrderCents: 20_000 + k * 5_000,
      lineTotals: Array.from({ length: 50 }, () => (rng.next() < 0.3 ? null : 1000 + Math.floor(rng.next() * 4000))),
    }));
    const split = cheapestSplit(50, suppliers);
    expect(split.assignment.filter((k) => k === null)).toHaveLength(0);
    for (const k of split.used) expect(split.supplierTotals[k]).toBeGreaterThanOrEqual(suppliers[k]!.minimumOrderCents);
    const floor = Array.from({ length: 50 }, (_, l) => Math.min(...suppliers.map((x) => x.lineTotals[l] ?? Infinity))).reduce((a, b) => a + b, 0);
    expect(split.totalCents).toBeGreaterThanOrEqual(floor);
  });

  it('covers a 50-line basket at the line cap before it saves anything, and every sum stays exact', () => {
    const cap = MAX_LINE_TOTAL_CENTS;
    // A takes the whole basket or nothing; B is cheaper on 49 lines but cannot supply line 0.
    const suppliers: SplitSupplier[] = [
      { minimumOrderCents: 50 * cap, lineTotals: Array.from({ length: 50 }, () => cap) },
      { minimumOrderCents: 0, lineTotals: Array.from({ length: 50 }, (_, l) => (l === 0 ? null : cap - 1)) },
    ];
    const split = cheapestSplit(50, suppliers);
    expect(split.assignment).toEqual(Array.from({ length: 50 }, () => 0));
    expect(split.totalCents).toBe(50 * cap);
    expect(Number.isSafeInteger(split.totalCents)).toBe(true);
    expect(split.supplierTotals).toEqual([50 * cap, 0]);
    // Without the whole-basket supplier, 49 lines go to B and the first is left open.
    const rest = cheapestSplit(50, [suppliers[1]!]);
    expect(rest.assignment).toEqual([null, ...Array.from({ length: 49 }, () => 0)]);
    expect(rest.totalCents).toBe(49 * (cap - 1));
  });

  it('takes no line total above the cap, which no supplier quotes', () => {
    const split = cheapestSplit(2, [{ minimumOrderCents: 0, lineTotals: [MAX_LINE_TOTAL_CENTS + 1, 500] }]);
    expect(split.assignment).toEqual([null, 0]);
    expect(split.totalCents).toBe(500);
  });

  it('refuses more suppliers than it searches exactly', () => {
    expect(() =>
      cheapestSplit(
        1,
        Array.from({ length: 11 }, () => ({ minimumOrderCents: 0, lineTotals: [1] })),
      ),
    ).toThrow(RangeError);
  });
});
