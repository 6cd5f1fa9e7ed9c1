import { DomUtils, type parseDocument } from 'htmlparser2';
import { oneLine } from '../../sdk/text';

/** A page's text on one line, its runs of white space made one space. */
export const collapse = (s: string) => oneLine(s).replace(/\s+/g, ' ').trim();

/** An http or https address for `href` read against `base`; null for any other or none. */
export function absolute(href: string | null, base: URL): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const NEXT_WORDS = new Set(['next', 'next page', 'nextpage', 'volgende', 'more results']);

/** Links to further listing pages on the same host: rel="next", links named next, and `?page=N` beyond this page. */
export function paginationLinks(document: ReturnType<typeof parseDocument>, page: URL, base: URL): string[] {
  const found = new Set<string>();
  const currentPage = Number(page.searchParams.get('page') ?? '1');
  const add = (href: string | undefined) => {
    const url = absolute(href ?? null, base);
    if (!url) return;
    const target = new URL(url);
    target.hash = '';
    if (target.host !== page.host || target.href === page.href) return;
    found.add(target.href);
  };
  for (const el of DomUtils.findAll((e) => e.name === 'a' || e.name === 'link', document.children)) {
    const a = el.attribs;
    if (!a['href']) continue;
    const rel = (a['rel'] ?? '').toLowerCase().split(/\s+/);
    const label = collapse(`${DomUtils.textContent(el)} ${a['aria-label'] ?? ''} ${a['title'] ?? ''}`)
      .toLowerCase()
      .replace(/[»›→>]+|&raquo;|&rsaquo;/g, '')
      .trim();
    if (
      rel.includes('next') ||
      NEXT_WORDS.has(label) ||
      NEXT_WORDS.has(
        collapse(DomUtils.textContent(el))
          .toLowerCase()
          .replace(/[»›→>]+/g, '')
          .trim(),
      )
    ) {
      add(a['href']);
      continue;
    }
    if (el.name !== 'a') continue;
    const url = absolute(a['href'], base);
    if (!url) continue;
    const target = new URL(url);
    const n = Number(target.searchParams.get('page'));
    if (target.host === page.host && target.pathname === page.pathname && Number.isInteger(n) && n > currentPage) add(url);
  }
  return [...found];
}

const PRODUCT_WORDS = /\b(products?|shop|store|catalogue|catalog|price[- ]?list|prices|range)\b/i;

/** Same-host links whose address or text says products, shop, catalogue or price list. */
export function productLinks(document: ReturnType<typeof parseDocument>, page: URL, base: URL): string[] {
  const found = new Set<string>();
  for (const el of DomUtils.findAll((e) => e.name === 'a' && !!e.attribs['href'], document.children)) {
    const url = absolute(el.attribs['href']!, base);
    if (!url) continue;
    const target = new URL(url);
    target.hash = '';
    if (target.host !== page.host || target.href === page.href) continue;
    if (PRODUCT_WORDS.test(target.pathname.replace(/[/_.-]+/g, ' ')) || PRODUCT_WORDS.test(DomUtils.textContent(el))) found.add(target.href);
  }
  return [...found];
}
