import { createContext, useContext, type ReactNode } from 'react';

/** What a page rendered on the server was rendered with, beside the figures: a supplier's page carries the supplier. */
export interface PageData {
  /** The path the data is for: a page at another path asks the API. */
  path: string;
  data: unknown;
  /** The server found nothing at the path (no such supplier): the page shows the not-found page. */
  missing?: boolean;
}

const PageDataContext = createContext<PageData | null>(null);

/** Holds the data a server-rendered page was rendered with, so hydration sees what the server saw. */
export function PageDataProvider({ initial, children }: { initial: PageData | null; children: ReactNode }) {
  return <PageDataContext.Provider value={initial}>{children}</PageDataContext.Provider>;
}

/** The data the server rendered `path` with, or null when the page was not rendered with any. */
export function usePageData(path: string): unknown {
  const held = useContext(PageDataContext);
  return held?.path === path ? held.data : null;
}

/** Whether the server rendered `path` as a page of nothing (no such supplier), answering 404. */
export function usePageMissing(path: string): boolean {
  const held = useContext(PageDataContext);
  return held?.path === path && held.missing === true;
}

/** Reads the data the server rendered the page with, from the element it wrote it to. */
export function embeddedPageData(documentRef: Document = document): PageData | null {
  const element = documentRef.getElementById('page-data');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}
