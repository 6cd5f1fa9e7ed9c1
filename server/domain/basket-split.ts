/**
 * The cheapest split of a basket across the suppliers that quoted it: every line goes to one
 * supplier that can supply it, and a supplier given any line must be given at least its minimum
 * order. Exact: the answer is the assignment that covers the most lines, then costs least, then
 * comes first when the lines' suppliers are read in line order by their place in `suppliers`
 * (earlier is preferred), so the same inputs always give the same split.
 */
import { MAX_BASKET_LINES } from '../../sdk/rules';

/** One quoting supplier as the split sees it. */
export interface SplitSupplier {
  /** The least a supplier accepts as one order, excl. VAT, in cents (0: no minimum). */
  minimumOrderCents: number;
  /** Per line of the basket, what this supplier charges for it excl. VAT, or null when it cannot supply it. */
  lineTotals: readonly (number | null)[];
}

export interface Split {
  /** Per line, the index of the supplier it goes to, or null when no supplier can take it. */
  assignment: (number | null)[];
  totalCents: number;
  /** Per supplier, what the split orders from it, excl. VAT (0 for one it leaves out). */
  supplierTotals: number[];
  /** The suppliers the split orders from, ascending: one delivery each. */
  used: number[];
  /**
   * Whether the search finished: always with no minimum in the way and for everyday baskets;
   * a large basket whose minimums bind may stop at {@link SPLIT_SEARCH_BUDGET} steps with the
   * best split found so far, which still respects every minimum.
   */
  exact: boolean;
}

/** The most suppliers a split is computed for; the search grows with them. */
export const SPLIT_MAX_SUPPLIERS = 10;

/** The most steps the search takes before it answers with the best split found so far. */
const SPLIT_SEARCH_BUDGET = 50_000;

/**
 * The most one line of a basket may come to, excl. VAT, in cents (R10 billion): a supplier whose
 * price for a line would come to more does not quote that line, and the split takes no line total
 * above it. It keeps every sum of a basket a safe integer (see {@link UNASSIGNED}); the schemas'
 * own bounds (a million units at up to R10 million each) allow line totals a hundred times larger.
 */
export const MAX_LINE_TOTAL_CENTS = 1_000_000_000_000;

/**
 * An unassigned line costs more than any whole basket can (50 lines at the cap): covering a line
 * always beats leaving it out, whatever the lines cost. The most a split can sum to, every line
 * unassigned, is 50 of these, 2.55e15 cents, below 2^53 (9.007e15), so every sum stays exact.
 */
const UNASSIGNED = (MAX_BASKET_LINES + 1) * MAX_LINE_TOTAL_CENTS;

/**
 * The cheapest split (see the module's comment). With no minimum in the way, each line simply
 * goes to its cheapest supplier; otherwise a branch-and-bound search over the lines, bounded by
 * the cheapest price of every line left and pruned where a supplier below its minimum could no
 * longer reach it, finds the exact answer.
 */
export function cheapestSplit(lineCount: number, suppliers: readonly SplitSupplier[]): Split {
  if (suppliers.length > SPLIT_MAX_SUPPLIERS) throw new RangeError(`A split is computed for at most ${SPLIT_MAX_SUPPLIERS} suppliers`);
  if (lineCount > MAX_BASKET_LINES) throw new RangeError(`A split is computed for at most ${MAX_BASKET_LINES} lines`);
  const s = suppliers.length;
  // cost[line][k]; k === s is "no supplier".
  const cost: number[][] = [];
  for (let l = 0; l < lineCount; l++) {
    const row: number[] = [];
    for (let k = 0; k < s; k++) {
      const v = suppliers[k]!.lineTotals[l];
      row.push(v === null || v === undefined || v > MAX_LINE_TOTAL_CENTS ? Number.POSITIVE_INFINITY : v);
    }
    row.push(UNASSIGNED);
    cost.push(row);
  }
  // Per line, the options cheapest first, ties by supplier order ("no supplier" last).
  const options = cost.map((row) =>
    row
      .map((_, k) => k)
      .filter((k) => Number.isFinite(row[k]!))
      .sort((a, b) => row[a]! - row[b]! || a - b),
  );
  const minimum = suppliers.map((x) => x.minimumOrderCents);

  const greedy = options.map((o) => o[0]!);
  if (feasible(greedy, cost, minimum)) return result(greedy, cost, s, true);

  // What is left after line l: the cheapest price of each remaining line, and what each supplier
  // could still be given at most.
  const restMin = new Array<number>(lineCount + 1).fill(0);
  const restMax: number[][] = Array.from({ length: lineCount + 1 }, () => new Array<number>(s).fill(0));
  for (let l = lineCount - 1; l >= 0; l--) {
    restMin[l] = restMin[l + 1]! + cost[l]![options[l]![0]!]!;
    for (let k = 0; k < s; k++) restMax[l]![k] = restMax[l + 1]![k]! + (Number.isFinite(cost[l]![k]!) ? cost[l]![k]! : 0);
  }

  let best: number[] | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  // A first answer from each set of suppliers, every line to its cheapest in the set: a good
  // bound to prune with from the start.
  for (let mask = 1; mask < 1 << s; mask++) {
    const pick = options.map((o) => o.find((k) => k === s || (mask & (1 << k)) !== 0)!);
    if (!feasible(pick, cost, minimum)) continue;
    const c = totalOf(pick, cost);
    if (c < bestCost || (c === bestCost && best !== null && lexLess(pick, best))) {
      best = pick;
      bestCost = c;
    }
  }
  const all = options.map(() => s);
  const allCost = totalOf(all, cost);
  if (allCost < bestCost) {
    best = all;
    bestCost = allCost;
  }

  // A supplier given lines but short of its minimum must be given more of the lines left; each
  // costs what it charges beyond the line's cheapest price. Filling the gap with the lines that
  // cost least extra per rand, the last one in part, is a bound on what that supplier adds: the
  // lines two suppliers would take are different lines, so the bounds add up.
  const ratios: { line: number; extra: number; value: number }[][] = Array.from({ length: s }, (_, k) =>
    cost
      .map((row, line) => ({ line, extra: row[k]! - row[options[line]![0]!]!, value: row[k]! }))
      .filter((x) => Number.isFinite(x.value) && x.value > 0)
      .sort((a, b) => a.extra / a.value - b.extra / b.value || a.line - b.line),
  );
  const leastExtra = (from: number, k: number, gap: number): number => {
    let extra = 0;
    for (const x of ratios[k]!) {
      if (x.line < from) continue;
      if (x.value >= gap) return extra + (x.extra * gap) / x.value;
      extra += x.extra;
      gap -= x.value;
    }
    return extra;
  };
  const current = new Array<number>(lineCount).fill(s);
  const totals = new Array<number>(s).fill(0);
  const counts = new Array<number>(s).fill(0);
  // Whether the first l lines of the current path come after the best's: then a tie in cost
  // loses, as the best comes first.
  const after = (l: number): boolean => {
    for (let i = 0; i < l; i++) if (current[i] !== best![i]) return current[i]! > best![i]!;
    return false;
  };
  let steps = 0;
  const search = (l: number, spent: number): void => {
    if (++steps > SPLIT_SEARCH_BUDGET) return;
    const bound = spent + restMin[l]!;
    if (bound > bestCost) return;
    if (bound === bestCost && (l === lineCount ? !lexLess(current, best!) : after(l))) return;
    let extra = 0;
    for (let k = 0; k < s; k++) {
      const t = totals[k]!;
      if (counts[k]! === 0 || t >= minimum[k]!) continue;
      if (t + restMax[l]![k]! < minimum[k]!) return;
      extra += leastExtra(l, k, minimum[k]! - t);
    }
    if (extra > 0 && (bound + extra > bestCost || (bound + extra === bestCost && after(l)))) return;
    if (l === lineCount) {
      best = current.slice();
      bestCost = spent;
      return;
    }
    for (const k of options[l]!) {
      current[l] = k;
      const c = cost[l]![k]!;
      if (k < s) {
        totals[k] = totals[k]! + c;
        counts[k]!++;
      }
      search(l + 1, spent + c);
      if (k < s) {
        totals[k] = totals[k]! - c;
        counts[k]!--;
      }
    }
    current[l] = s;
  };
  search(0, 0);
  return result(best!, cost, s, steps <= SPLIT_SEARCH_BUDGET);
}

function totalOf(pick: number[], cost: number[][]): number {
  let total = 0;
  for (let l = 0; l < pick.length; l++) total += cost[l]![pick[l]!]!;
  return total;
}

function feasible(pick: number[], cost: number[][], minimum: number[]): boolean {
  const totals = new Array<number>(minimum.length).fill(0);
  const used = new Array<boolean>(minimum.length).fill(false);
  for (let l = 0; l < pick.length; l++) {
    const k = pick[l]!;
    if (k >= minimum.length) continue;
    totals[k] = totals[k]! + cost[l]![k]!;
    used[k] = true;
  }
  return minimum.every((m, k) => !used[k] || totals[k]! >= m);
}

function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

function result(pick: number[], cost: number[][], s: number, exact: boolean): Split {
  const supplierTotals = new Array<number>(s).fill(0);
  const assignment = pick.map((k) => (k === s ? null : k));
  let totalCents = 0;
  for (let l = 0; l < pick.length; l++) {
    const k = pick[l]!;
    if (k === s) continue;
    supplierTotals[k] = supplierTotals[k]! + cost[l]![k]!;
    totalCents += cost[l]![k]!;
  }
  const used = supplierTotals.map((_, k) => k).filter((k) => assignment.includes(k));
  return { assignment, totalCents, supplierTotals, used, exact };
}
