/**
 * A bounded map that forgets the entry used least recently once it holds more than `maxEntries`
 * entries or `maxWeight` in all (each entry weighs what `weigh` says: bytes, say), and forgets an
 * entry `ttlMs` after it was set. Read through {@link LruCache.get}, which renews its place.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; weight: number; expiresAt: number }>();
  #weight = 0;

  constructor(private readonly options: { maxEntries: number; maxWeight?: number; ttlMs: number; weigh?: (value: V) => number; clock?: () => number }) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#delete(key);
    const weight = this.options.weigh?.(value) ?? 1;
    if (weight > (this.options.maxWeight ?? Number.POSITIVE_INFINITY)) return;
    this.#entries.set(key, { value, weight, expiresAt: this.#now() + this.options.ttlMs });
    this.#weight += weight;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.options.maxEntries && this.#weight <= (this.options.maxWeight ?? Number.POSITIVE_INFINITY)) break;
      this.#delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  #now(): number {
    return (this.options.clock ?? Date.now)();
  }
}
