import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { absolute, collapse, paginationLinks, productLinks } from './page-links';
import { isOffer, isOrganization, isProduct, NOT_LISTED_THROUGH, type SchemaNode, shortType, typesOf } from './schema-types';
import { nameKey } from './supplier-keys';

/**
 * What a directory or product page says about suppliers and products, read from schema.org data
 * (JSON-LD and microdata) into one shape, and the links to its next pages and product pages.
 * Each finding is then checked and placed in Procura's terms by candidates.ts; the keys
 * duplicates are recognised by are in supplier-keys.ts, the schema.org types it looks for in
 * schema-types.ts, and the links to further pages in page-links.ts. The two ways of writing
 * schema.org data are read here by one set of helpers (text, contact, address).
 */

type Element = ReturnType<typeof parseDocument>['children'][number] & { name: string; attribs: Record<string, string>; children: AnyNode[] };
type AnyNode = ReturnType<typeof parseDocument>['children'][number];

type Node = SchemaNode;

export type DataSource = 'json-ld' | 'microdata';

export interface FoundAddress {
  street: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}

/** A business as the page describes it, before any checks. */
export interface FoundSupplier {
  name: string;
  /** schema.org types, short names: `LocalBusiness`, `Store`. */
  types: string[];
  description: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: FoundAddress;
  /** What it says it deals in: knowsAbout, keywords, the names of what it offers. */
  keywords: string[];
  source: DataSource;
}

/** A product with an offer, before any checks. */
export interface FoundProduct {
  name: string;
  description: string | null;
  sku: string | null;
  url: string | null;
  category: string | null;
  /** As the page writes it: '129.99', 129.99, 'R 1,299.00'. */
  price: string | null;
  currency: string | null;
  unit: string | null;
  sellerName: string | null;
  source: DataSource;
}

export interface PageFindings {
  suppliers: FoundSupplier[];
  products: FoundProduct[];
  /** Absolute URLs of further listing pages on the same host. */
  nextPages: string[];
  /** Same-host links that look like product or price-list pages: where a product crawl goes next. */
  productLinks: string[];
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const values = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** The first value of a property as text: strings and numbers, `@value`, or a node's name. */
function text(node: Node, key: string): string | null {
  for (const v of values(node[key])) {
    if (typeof v === 'string' && v.trim()) return collapse(v);
    if (typeof v === 'number') return String(v);
    if (isNode(v)) {
      if (typeof v['@value'] === 'string' || typeof v['@value'] === 'number') return collapse(String(v['@value']));
      const name = text(v, 'name');
      if (name) return name;
    }
  }
  return null;
}

function texts(node: Node, key: string): string[] {
  const out: string[] = [];
  for (const v of values(node[key])) {
    if (typeof v === 'string' && v.trim()) out.push(...v.split(',').map(collapse).filter(Boolean));
    else if (isNode(v)) {
      const name = text(v, 'name') ?? (isNode(v['itemOffered']) ? text(v['itemOffered'] as Node, 'name') : null);
      if (name) out.push(name);
    }
  }
  return out;
}

// A page's text is one line of words to Procura: a control character, line break or bidirectional
// override in it is a space, as the text rule would refuse it in a typed field.

function readAddress(node: Node): FoundAddress {
  const empty: FoundAddress = { street: null, locality: null, region: null, postalCode: null, country: null };
  for (const v of values(node['address'] ?? node['location'])) {
    if (typeof v === 'string' && v.trim()) return { ...empty, street: collapse(v) };
    if (isNode(v)) {
      const address = isNode(v['address']) ? (v['address'] as Node) : v;
      if (typeof address === 'string') return { ...empty, street: collapse(address) };
      return {
        street: text(address, 'streetAddress'),
        locality: text(address, 'addressLocality'),
        region: text(address, 'addressRegion'),
        postalCode: text(address, 'postalCode'),
        country: text(address, 'addressCountry'),
      };
    }
  }
  return empty;
}

function contact(node: Node, key: 'email' | 'telephone'): string | null {
  const direct = text(node, key);
  if (direct) return direct;
  for (const point of values(node['contactPoint'])) {
    if (isNode(point)) {
      const found = text(point, key);
      if (found) return found;
    }
  }
  return null;
}

function readSupplier(node: Node, types: string[], source: DataSource, base: URL): FoundSupplier | null {
  const name = text(node, 'name') ?? text(node, 'legalName');
  if (!name) return null;
  const website = absolute(text(node, 'url') ?? values(node['sameAs']).find((v): v is string => typeof v === 'string') ?? null, base);
  return {
    name,
    types,
    description: text(node, 'description'),
    email: contact(node, 'email'),
    phone: contact(node, 'telephone'),
    website,
    address: readAddress(node),
    keywords: [...texts(node, 'knowsAbout'), ...texts(node, 'keywords'), ...texts(node, 'makesOffer'), ...texts(node, 'hasOfferCatalog')],
    source,
  };
}

function readProduct(node: Node, source: DataSource, base: URL): FoundProduct | null {
  const name = text(node, 'name');
  if (!name) return null;
  const offers = values(node['offers']).filter(isNode);
  const offer = offers.find((o) => isOffer(typesOf(o)) || 'price' in o || 'lowPrice' in o || 'priceSpecification' in o);
  if (!offer) return null;
  const spec = values(offer['priceSpecification']).find(isNode);
  const price = text(offer, 'price') ?? text(offer, 'lowPrice') ?? (spec ? text(spec, 'price') : null);
  const seller = values(offer['seller']).find(isNode);
  return {
    name,
    description: text(node, 'description'),
    sku: text(node, 'sku') ?? text(node, 'mpn') ?? text(node, 'gtin13'),
    url: absolute(text(node, 'url') ?? text(offer, 'url'), base),
    category: text(node, 'category'),
    price,
    currency: text(offer, 'priceCurrency') ?? (spec ? text(spec, 'priceCurrency') : null),
    unit: (spec ? (text(spec, 'unitText') ?? text(spec, 'unitCode')) : null) ?? text(offer, 'unitText'),
    sellerName: seller ? text(seller, 'name') : typeof offer['seller'] === 'string' ? collapse(offer['seller']) : null,
    source,
  };
}

/**
 * Walks every item and its nested items; organisations reached through a listing relation are
 * suppliers, products with an offer are products. Items named by `@id` through a relation such
 * as `publisher` are the site itself, not a listing, wherever they stand in a graph.
 */
function collect(roots: Node[], source: DataSource, base: URL, out: PageFindings): void {
  const excludedIds = new Set<string>();
  const markExcluded = (value: unknown, key: string | null, depth: number) => {
    if (depth > 40) return;
    for (const v of values(value)) {
      if (!isNode(v)) continue;
      if (key && NOT_LISTED_THROUGH.has(key) && typeof v['@id'] === 'string') excludedIds.add(v['@id']);
      for (const [k, child] of Object.entries(v)) if (!k.startsWith('@') || k === '@graph') markExcluded(child, k, depth + 1);
    }
  };
  markExcluded(roots, null, 0);
  const seen = new Set<Node>();
  const walk = (value: unknown, via: string | null, depth: number) => {
    if (depth > 40) return;
    for (const v of values(value)) {
      if (!isNode(v) || seen.has(v)) continue;
      seen.add(v);
      const types = typesOf(v);
      const id = typeof v['@id'] === 'string' ? v['@id'] : null;
      const listed = !(via && NOT_LISTED_THROUGH.has(via)) && !(id && excludedIds.has(id));
      if (isProduct(types)) {
        const product = readProduct(v, source, base);
        if (product) out.products.push(product);
      } else if (listed && isOrganization(types)) {
        const supplier = readSupplier(v, types, source, base);
        if (supplier) out.suppliers.push(supplier);
      }
      for (const [k, child] of Object.entries(v)) {
        if (k === '@graph' || !k.startsWith('@')) walk(child, k === '@graph' ? via : k, depth + 1);
      }
    }
  };
  walk(roots, null, 0);
}

function jsonLdNodes(document: ReturnType<typeof parseDocument>): Node[] {
  const scripts = DomUtils.findAll(
    (el) => el.name === 'script' && (el.attribs['type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/ld+json',
    document.children,
  );
  const nodes: Node[] = [];
  for (const script of scripts) {
    const raw = DomUtils.textContent(script)
      .replace(/^\s*<!--/, '')
      .replace(/-->\s*$/, '')
      .replace(/^\s*\/\/\s*<!\[CDATA\[/, '')
      .replace(/\/\/\s*\]\]>\s*$/, '');
    try {
      for (const v of values(JSON.parse(raw))) if (isNode(v)) nodes.push(v);
    } catch {
      // A broken block is skipped; the rest of the page still counts.
    }
  }
  return nodes;
}

const isElement = (n: AnyNode): n is Element => ElementType.isTag(n as { type: ElementType.ElementType });

/** A microdata property's value, as the HTML standard reads it from the element. */
function microdataValue(el: Element, base: URL): unknown {
  if ('itemscope' in el.attribs) return microdataItem(el, base);
  const a = el.attribs;
  if (a['content'] !== undefined) return a['content'];
  switch (el.name) {
    case 'a':
    case 'area':
    case 'link':
      return absolute(a['href'] ?? null, base) ?? a['href'] ?? '';
    case 'img':
    case 'audio':
    case 'video':
    case 'source':
    case 'iframe':
    case 'embed':
      return absolute(a['src'] ?? null, base) ?? '';
    case 'object':
      return absolute(a['data'] ?? null, base) ?? '';
    case 'data':
    case 'meter':
      return a['value'] ?? '';
    case 'time':
      return a['datetime'] ?? DomUtils.textContent(el);
    default:
      return DomUtils.textContent(el);
  }
}

/** An item with its properties: the descendants with `itemprop`, not looking inside nested items. */
function microdataItem(root: Element, base: URL): Node {
  const node: Node = {};
  const type = root.attribs['itemtype'];
  if (type) node['@type'] = type.split(/\s+/).filter(Boolean);
  if (root.attribs['itemid']) node['@id'] = root.attribs['itemid'];
  const visit = (children: AnyNode[]) => {
    for (const child of children) {
      if (!isElement(child)) continue;
      const props = child.attribs['itemprop'];
      if (props) {
        const value = microdataValue(child, base);
        for (const prop of props.split(/\s+/).filter(Boolean)) {
          const key = shortType(prop);
          node[key] = [...values(node[key]), value];
        }
      }
      if (!('itemscope' in child.attribs)) visit(child.children);
    }
  };
  visit(root.children);
  return node;
}

function microdataNodes(document: ReturnType<typeof parseDocument>, base: URL): Node[] {
  // Top-level items only: nested ones are read as their parent's properties.
  const items = DomUtils.findAll((el) => 'itemscope' in el.attribs && !('itemprop' in el.attribs), document.children);
  return items.map((el) => microdataItem(el as Element, base));
}

/** Reads a page's suppliers, products and pagination. Suppliers found twice on one page are merged. */
export function extractPage(html: string, pageUrl: string): PageFindings {
  const page = new URL(pageUrl);
  const document = parseDocument(html);
  const baseHref = DomUtils.findOne((el) => el.name === 'base' && !!el.attribs['href'], document.children)?.attribs['href'];
  const base = (baseHref && absolute(baseHref, page) && new URL(absolute(baseHref, page)!)) || page;
  const out: PageFindings = { suppliers: [], products: [], nextPages: paginationLinks(document, page, base), productLinks: productLinks(document, page, base) };
  collect(jsonLdNodes(document), 'json-ld', base, out);
  collect(microdataNodes(document, base), 'microdata', base, out);
  out.suppliers = mergeSame(out.suppliers);
  return out;
}

function mergeSame(suppliers: FoundSupplier[]): FoundSupplier[] {
  const byName = new Map<string, FoundSupplier>();
  for (const s of suppliers) {
    const key = nameKey(s.name);
    const first = byName.get(key);
    if (!first) {
      byName.set(key, s);
      continue;
    }
    byName.set(key, {
      ...first,
      description: first.description ?? s.description,
      email: first.email ?? s.email,
      phone: first.phone ?? s.phone,
      website: first.website ?? s.website,
      address: {
        street: first.address.street ?? s.address.street,
        locality: first.address.locality ?? s.address.locality,
        region: first.address.region ?? s.address.region,
        postalCode: first.address.postalCode ?? s.address.postalCode,
        country: first.address.country ?? s.address.country,
      },
      keywords: [...new Set([...first.keywords, ...s.keywords])],
    });
  }
  return [...byName.values()];
}
