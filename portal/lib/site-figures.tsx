import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SiteFigures } from '../../sdk/schemas/site';

/** Figures older than this (since this page received them) are asked for again when a page needs them. */
const MAX_AGE_MS = 60_000;

interface Held {
  figures: SiteFigures | null;
  receivedAt: number;
  failed: boolean;
}

const FiguresContext = createContext<{ held: Held; set(held: Held): void } | null>(null);

/**
 * Holds the public figures for every page. A page rendered on the server starts with the figures
 * it was rendered with (so hydration sees the same numbers); otherwise the first page that needs
 * them asks the API.
 */
export function SiteFiguresProvider({ initial, children }: { initial: SiteFigures | null; children: ReactNode }) {
  const [held, set] = useState<Held>(() => ({ figures: initial, receivedAt: Date.now(), failed: false }));
  const value = useMemo(() => ({ held, set }), [held]);
  return <FiguresContext.Provider value={value}>{children}</FiguresContext.Provider>;
}

/**
 * The public figures (`GET /api/site/figures`), counted from the database: null until they
 * arrive, with `failed` when they could not be read. They are asked for once when a page mounts
 * without figures, or with figures this page received over a minute ago; never polled.
 */
export function useSiteFigures(): { figures: SiteFigures | null; failed: boolean } {
  const context = useContext(FiguresContext);
  const held = context?.held ?? { figures: null, receivedAt: 0, failed: false };
  const stale = held.figures === null || Date.now() - held.receivedAt > MAX_AGE_MS;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page: figures arriving, or a new context value, must not ask for them again
  useEffect(() => {
    if (!context || !stale) return;
    const controller = new AbortController();
    // The API client (ky and zod) loads only when figures must be fetched, never with a page
    // that arrived rendered with its figures.
    import('./api')
      .then(({ api }) => api().site.figures({ signal: controller.signal }))
      .then(
        (figures) => !controller.signal.aborted && context.set({ figures, receivedAt: Date.now(), failed: false }),
        () => !controller.signal.aborted && context.set({ ...held, failed: held.figures === null }),
      );
    return () => controller.abort();
  }, []);
  return { figures: held.figures, failed: held.failed };
}

/** Reads the figures the server rendered the page with, from the element it wrote them to. */
export function embeddedFigures(documentRef: Document = document): SiteFigures | null {
  const element = documentRef.getElementById('site-figures');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SiteFigures;
  } catch {
    return null;
  }
}
