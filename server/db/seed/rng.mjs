// The seed's random-number generator, plain JavaScript so that the bench's `.mjs` market
// generator imports the very same one the TypeScript seed and tests use (types in rng.d.mts).

/**
 * mulberry32: small, fast, and the same sequence for the same seed on every platform.
 *
 * @example
 * const rng = createRng(7_919);
 * rng.int(1, 6); // the same die roll on every run
 */
export function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}
