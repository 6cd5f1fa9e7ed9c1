/**
 * The entries of `source` that `keys` name, and no others: the part of a larger object (a quote, a
 * table of messages) that an answer should hold word for word.
 */
export function pick<T extends object, K extends keyof T>(source: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}
