import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'wouter';

/** What the site says of itself where a page says nothing more specific (as in index.html). */
export const SITE_DESCRIPTION =
  'Procura: describe what your business needs and get priced quotes from matched South African suppliers of cleaning and maintenance supplies in seconds.';

/** A page's head: its title (shown as '{title} · Procura'), description and canonical path. */
export interface PageMeta {
  title: string;
  description?: string;
  /** The canonical path, when the page is reached by an alias; otherwise the current path. */
  canonicalPath?: string;
}

/** What the server renderer reads after rendering a page: the head the page asked for. */
export interface HeadCollector {
  meta?: { title: string; description: string; canonicalPath: string };
}

/** Given only while rendering on the server; in the browser the head is set in the document. */
export const HeadContext = createContext<HeadCollector | null>(null);

function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

/**
 * Sets the page's title, description and canonical URL: into the server renderer's head while
 * rendering on the server, into the document in the browser.
 */
export function usePageMeta({ title, description = SITE_DESCRIPTION, canonicalPath }: PageMeta) {
  const [location] = useLocation();
  const canonical = canonicalPath ?? location;
  const head = useContext(HeadContext);
  const fullTitle = `${title} · Procura`;
  if (head) head.meta = { title: fullTitle, description, canonicalPath: canonical };
  useEffect(() => {
    document.title = fullTitle;
    const meta = (name: string) => () => Object.assign(document.createElement('meta'), { name });
    setHeadTag('meta[name="description"]', meta('description'), 'content', description);
    setHeadTag('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', window.location.origin + canonical);
    for (const [property, value] of [
      ['og:title', fullTitle],
      ['og:description', description],
      ['og:url', window.location.origin + canonical],
    ] as const) {
      setHeadTag(
        `meta[property="${property}"]`,
        () => {
          const element = document.createElement('meta');
          element.setAttribute('property', property);
          return element;
        },
        'content',
        value,
      );
    }
  }, [fullTitle, description, canonical]);
}

/** Sets the document title: '{page} · Procura', with the site's description. */
export function usePageTitle(title: string) {
  usePageMeta({ title });
}
