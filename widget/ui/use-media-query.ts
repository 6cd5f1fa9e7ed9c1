import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query, following it as it changes (a mouse plugged in, a
 * window moved). A page rendered on the server assumes it does not, and hydrates the same way.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
