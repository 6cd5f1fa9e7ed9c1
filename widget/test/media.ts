import { vi } from 'vitest';

/**
 * A screen that answers `matchMedia` with `matches(query)` for each query; returns the queries
 * asked, in order. `vi.unstubAllGlobals()` takes it away again.
 */
export function stubMatchMedia(matches: (query: string) => boolean): string[] {
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    return {
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    };
  });
  return queries;
}
