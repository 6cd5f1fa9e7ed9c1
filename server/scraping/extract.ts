import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { z } from 'zod';
import type { MarketSnapshot } from '../domain/market';
import { interpretProduct, matchCategory, resolveLocation } from '../domain/interpret';

/**
 * What a directory or product page says about suppliers and products, read from schema.org data
 * (JSON-LD and microdata), and the links to its next pages. Then each finding is checked and
 * placed in Procura's terms: phone numbers in +27 form, e-mails checked, the city and the
 * category matched to Procura's own, and the keys duplicates are recognised by.
 */

type Element = ReturnType<typeof parseDocument>['children'][number] & { name: string; attribs: Record<string, string>; children: AnyNode[] };
type AnyNode = ReturnType<typeof parseDocument>['children'][number];

/** A schema.org item as JSON-LD writes it; microdata is read into the same shape. */
type Node = { [key: string]: unknown };

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

// schema.org's Organization and the LocalBusiness subtypes a supplier directory lists.
const ORGANIZATION_TYPES = new Set(
  [
    'Organization', 'Corporation', 'LocalBusiness', 'OnlineBusiness', 'OnlineStore', 'NGO', 'Project', 'SportsOrganization',
    'Store', 'AutoPartsStore', 'BikeStore', 'BookStore', 'ClothingStore', 'ComputerStore', 'ConvenienceStore', 'DepartmentStore',
    'ElectronicsStore', 'Florist', 'FurnitureStore', 'GardenStore', 'GroceryStore', 'HardwareStore', 'HobbyShop', 'HomeGoodsStore',
    'JewelryStore', 'LiquorStore', 'MensClothingStore', 'MobilePhoneStore', 'MovieRentalStore', 'MusicStore', 'OfficeEquipmentStore',
    'OutletStore', 'PawnShop', 'PetStore', 'ShoeStore', 'SportingGoodsStore', 'TireShop', 'ToyStore', 'WholesaleStore',
    'HomeAndConstructionBusiness', 'Electrician', 'GeneralContractor', 'HVACBusiness', 'HousePainter', 'Locksmith', 'MovingCompany',
    'Plumber', 'RoofingContractor', 'ProfessionalService', 'DryCleaningOrLaundry', 'EmergencyService', 'EmploymentAgency',
    'AutomotiveBusiness', 'AutoRepair', 'AutoWash', 'HealthAndBeautyBusiness', 'MedicalBusiness', 'MedicalClinic', 'Pharmacy',
    'FoodEstablishment', 'FinancialService', 'LegalService', 'Notary', 'RealEstateAgent', 'SelfStorage', 'TravelAgency',
    'EntertainmentBusiness', 'LodgingBusiness', 'RecyclingCenter', 'ShoppingCenter', 'ChildCare', 'AnimalShelter', 'Manufacturer',
  ].map((t) => t.toLowerCase()),
);

// Relations through which an organisation is not a listed supplier: the site's publisher, a
// product's brand or seller, an author's employer.
const NOT_LISTED_THROUGH = new Set([
  'publisher', 'author', 'creator', 'contributor', 'editor', 'producer', 'brand', 'manufacturer', 'seller', 'offeredBy',
  'sponsor', 'funder', 'copyrightHolder', 'parentOrganization', 'memberOf', 'member', 'worksFor', 'affiliation',
  'alumniOf', 'sourceOrganization', 'provider', 'isPartOf', 'mainEntityOfPage',
]);

const shortType = (t: string) => t.replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/i, '').trim();

function typesOf(node: Node): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((t): t is string => typeof t === 'string').map(shortType);
}

const isOrganization = (types: string[]) => types.some((t) => ORGANIZATION_TYPES.has(t.toLowerCase()));
const isProduct = (types: string[]) => types.some((t) => t.toLowerCase() === 'product' || t.toLowerCase() === 'productmodel' || t.toLowerCase() === 'individualproduct');
const isOffer = (types: string[]) => types.some((t) => t.toLowerCase() === 'offer' || t.toLowerCase() === 'aggregateoffer');

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

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

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

function absolute(href: string | null, base: URL): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
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
    unit: (spec ? text(spec, 'unitText') ?? text(spec, 'unitCode') : null) ?? text(offer, 'unitText'),
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

const NEXT_WORDS = new Set(['next', 'next page', 'nextpage', 'volgende', 'more results']);

/** Links to further listing pages on the same host: rel="next", links named next, and `?page=N` beyond this page. */
function paginationLinks(document: ReturnType<typeof parseDocument>, page: URL, base: URL): string[] {
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
    if (rel.includes('next') || NEXT_WORDS.has(label) || NEXT_WORDS.has(collapse(DomUtils.textContent(el)).toLowerCase().replace(/[»›→>]+/g, '').trim())) {
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
function productLinks(document: ReturnType<typeof parseDocument>, page: URL, base: URL): string[] {
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

// ---------------------------------------------------------------------------------------------
// Checks and Procura's terms.

/**
 * A South African number in +27 form (`+27 11 555 0100`, `+27 82 555 1234`), or null when it is
 * not one: national (0xx), international (+27, 0027, 27) and `+27 (0)` forms are read; extensions
 * are dropped.
 * @example normalizePhone('(011) 555-0100') // '+27 11 555 0100'
 */
export function normalizePhone(raw: string): string | null {
  const main = raw.replace(/^tel:/i, '').split(/\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i)[0]!;
  if (/[a-wyz]/i.test(main)) return null;
  const plus = main.trim().startsWith('+');
  let digits = main.replace(/\(0\)/, '').replace(/\D/g, '');
  if (plus) {
    if (!digits.startsWith('27')) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith('0027')) digits = digits.slice(4);
  else if (digits.startsWith('27') && digits.length === 11) digits = digits.slice(2);
  else if (digits.startsWith('0') && digits.length === 10) digits = digits.slice(1);
  else return null;
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (!/^[1-8]\d{8}$/.test(digits)) return null;
  return `+27 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

const EMAIL = z.email();

/** A checked e-mail address, lower-case, or null when the text is not one. */
export function checkEmail(raw: string): string | null {
  const address = raw.replace(/^mailto:/i, '').split('?')[0]!.trim().toLowerCase();
  return EMAIL.safeParse(address).success ? address : null;
}

// Company forms and filler dropped when names are compared: 'Sparkle Hygiene (Pty) Ltd' and
// 'sparkle hygiene' are one business.
const NAME_NOISE = new Set(['pty', 'ltd', 'limited', 'cc', 'inc', 'llc', 'co', 'company', 'the', 'and', 'sa', 'za', 'trading']);

/** The form of a business name duplicates are recognised by. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/\bt\s*\/\s*a\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !NAME_NOISE.has(w))
    .join(' ');
}

// Shared mail providers: an address there says nothing about which business it is.
const SHARED_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.za', 'ymail.com', 'outlook.com', 'hotmail.com', 'hotmail.co.za', 'live.com',
  'live.co.za', 'msn.com', 'icloud.com', 'me.com', 'aol.com', 'protonmail.com', 'proton.me', 'gmx.com', 'mail.com', 'zoho.com',
  'webmail.co.za', 'mweb.co.za', 'telkomsa.net', 'vodamail.co.za', 'iafrica.com', 'absamail.co.za', 'lantic.net', 'worldonline.co.za',
]);

/** The business's own domain: its website's host, else its e-mail's domain unless that is a shared provider. */
export function businessDomain(website: string | null, email: string | null, directoryHost?: string): string | null {
  if (website) {
    try {
      const host = new URL(website).hostname.toLowerCase().replace(/^www\./, '');
      if (host !== directoryHost?.toLowerCase().replace(/^www\./, '')) return host;
    } catch {
      // not a URL: fall through to the e-mail
    }
  }
  const domain = email?.split('@')[1];
  return domain && !SHARED_MAIL_DOMAINS.has(domain) ? domain : null;
}

/** A supplier found on a page, checked and in Procura's terms, ready for review. */
export interface SupplierCandidate {
  name: string;
  nameKey: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  domain: string | null;
  cityId: string | null;
  /** The place as the page wrote it, for review when no city matched. */
  cityText: string | null;
  province: string | null;
  categoryId: string | null;
  keywords: string[];
  address: FoundAddress;
  /** What a reviewer should know; those that fail the automatic checks are in `failures`. */
  notes: string[];
  failures: string[];
}

/** A product found on a page, checked and in Procura's terms. */
export interface ProductCandidate {
  name: string;
  nameKey: string;
  description: string | null;
  sku: string | null;
  url: string | null;
  priceCents: number | null;
  currency: string;
  unit: string | null;
  sellerName: string | null;
  categoryId: string | null;
  catalogueItemId: string | null;
  notes: string[];
  failures: string[];
}

/** Checks a found supplier: contacts, city and category; a supplier with no way to reach it fails. */
export function prepareSupplier(found: FoundSupplier, market: MarketSnapshot, directoryHost?: string): SupplierCandidate {
  const notes: string[] = [];
  const failures: string[] = [];
  const email = found.email ? checkEmail(found.email) : null;
  if (found.email && !email) notes.push(`"${found.email.slice(0, 100)}" is not a valid e-mail address`);
  const phone = found.phone ? normalizePhone(found.phone) : null;
  if (found.phone && !phone) notes.push(`"${found.phone.slice(0, 40)}" is not a South African phone number`);
  if (!email && !phone) failures.push('No valid e-mail address or South African phone number');
  const { locality, region } = found.address;
  const place = [locality, region].filter(Boolean).join(', ') || found.address.street;
  const location = place ? resolveLocation(market, place) : { city: null, province: null };
  if (!place) notes.push('No city given');
  else if (!location.city) notes.push(`"${place.slice(0, 100)}" is not one of Procura's cities`);
  const text = [found.name, found.description, ...found.keywords].filter(Boolean).join(' ');
  const categoryId = matchCategory(market, text)?.id ?? interpretProduct(market, text).item?.categoryId ?? null;
  if (!categoryId) notes.push('No category matched');
  return {
    name: found.name.slice(0, 200),
    nameKey: nameKey(found.name),
    description: found.description?.slice(0, 2000) ?? null,
    email,
    phone,
    website: found.website,
    domain: businessDomain(found.website, email, directoryHost),
    cityId: location.city?.id ?? null,
    cityText: place?.slice(0, 200) ?? null,
    province: location.province,
    categoryId,
    keywords: found.keywords.slice(0, 50),
    address: found.address,
    notes,
    failures,
  };
}

/** A price as the page writes it, in cents, or null: '1299', '1,299.00', 'R 1 299,50', 129.99. */
export function parsePriceCents(raw: string | null): number | null {
  if (!raw) return null;
  let s = raw.replace(/^\s*(R|ZAR)\s*/i, '').replace(/[\s\u00a0]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const cents = Math.round(Number(s) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Checks a found product: a price in rand; the catalogue item or category it falls in. */
export function prepareProduct(found: FoundProduct, market: MarketSnapshot): ProductCandidate {
  const notes: string[] = [];
  const failures: string[] = [];
  const priceCents = parsePriceCents(found.price);
  if (priceCents === null || priceCents <= 0) failures.push(found.price ? `"${found.price.slice(0, 40)}" is not a price` : 'No price given');
  const currency = (found.currency ?? 'ZAR').toUpperCase();
  if (!found.currency) notes.push('No currency given: taken as rand');
  else if (currency !== 'ZAR') failures.push(`Priced in ${currency.slice(0, 10)}, not rand`);
  const { item, category } = interpretProduct(market, found.name);
  const categoryId = item ? category.id : (matchCategory(market, [found.name, found.category, found.description].filter(Boolean).join(' '))?.id ?? null);
  if (!categoryId) notes.push('No category matched');
  return {
    name: found.name.slice(0, 200),
    nameKey: nameKey(found.name),
    description: found.description?.slice(0, 2000) ?? null,
    sku: found.sku?.slice(0, 100) ?? null,
    url: found.url,
    priceCents: priceCents !== null && priceCents > 0 ? priceCents : null,
    currency: currency.slice(0, 10),
    unit: found.unit?.slice(0, 50) ?? null,
    sellerName: found.sellerName?.slice(0, 200) ?? null,
    categoryId,
    catalogueItemId: item?.id ?? null,
    notes,
    failures,
  };
}
