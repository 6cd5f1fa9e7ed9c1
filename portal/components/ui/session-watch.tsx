import { useEffect } from 'react';

/**
 * Hears, while a signed-in page is open, that one of its calls found the session ended: the
 * page's client announces `event` on `window` for every 401 (see `lib/api.ts`).
 */
export function SessionWatch({ event, onEnded }: { event: string; onEnded: () => void }) {
  useEffect(() => {
    window.addEventListener(event, onEnded);
    return () => window.removeEventListener(event, onEnded);
  }, [event, onEnded]);
  return null;
}
