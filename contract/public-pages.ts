import pages from './public-pages.json';

/** A public page of the site, as the portal routes it, the server renders it and the sitemap lists it. */
export interface PublicPage {
  path: string;
  /** Listed in the sitemap (in this list's order) while the portal routes it; aliases are not. */
  sitemap?: boolean;
  /** Rendered on the server, so a crawler and a slow phone get its heading and text without JavaScript. */
  serverRendered?: boolean;
  /** An alias's page: the alias shows it and names it as canonical. */
  canonical?: string;
}

/**
 * The one list of the public pages (public-pages.json, which the portal's build also reads for the
 * routes it writes out): the portal routes each, `portal/ssr.tsx` renders the ones marked, and the
 * sitemap lists the ones marked.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = pages;
