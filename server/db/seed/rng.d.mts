/** A seeded random sequence: numbers in [0, 1), whole numbers in a range, a pick from a list, a coin. */
export interface Rng {
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}
/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function createRng(seed: number): Rng;
