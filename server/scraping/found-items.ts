/**
 * What a crawl writes for each find: the index of suppliers and products already known, by the
 * keys duplicates share, and the review item rows of a found supplier or product with the checks
 * it failed (a duplicate among them).
 */
import type { Kysely } from 'kysely';
import type { DB, DuplicateReason } from '../db/schema';
import { businessDomain, nameKey } from './supplier-keys';
import type { ProductCandidate, SupplierCandidate } from './candidates';
import * as repo from './scraping.repository';
import type { NewItem } from './scraping.repository';

interface DuplicateRef {
  itemId: number | null;
  supplierId: number | null;
  name: string;
}

interface Duplicate extends DuplicateRef {
  reason: DuplicateReason;
}

const REASON_WORDS: Record<Exclude<DuplicateReason, 'product'>, string> = { email: 'e-mail address', domain: 'website domain', name: 'name' };

function duplicateMessage(d: Duplicate): string {
  const what = d.reason === 'product' ? 'product' : REASON_WORDS[d.reason];
  return d.itemId === null
    ? `Same ${what} as the supplier ${d.name} (#${d.supplierId})`
    : `Same ${what} as ${d.name}, found earlier (review item #${d.itemId})`;
}

/**
 * The suppliers and products already known (existing suppliers, and found items not rejected),
 * by the keys duplicates share: e-mail, business domain, normalised name; for products, the
 * product's name under its seller.
 */
export class DuplicateIndex {
  private readonly emails = new Map<string, DuplicateRef>();
  private readonly domains = new Map<string, DuplicateRef>();
  private readonly names = new Map<string, DuplicateRef>();
  private readonly products = new Map<string, DuplicateRef>();

  static async load(db: Kysely<DB>): Promise<DuplicateIndex> {
    const index = new DuplicateIndex();
    for (const s of await repo.supplierContacts(db)) {
      const ref = { itemId: null, supplierId: s.id, name: s.name };
      const email = s.email.trim().toLowerCase();
      index.remember(email, businessDomain(null, email), nameKey(s.name), ref);
    }
    for (const item of await repo.liveItemKeys(db)) {
      const ref = { itemId: item.id, supplierId: null, name: item.name };
      if (item.kind === 'supplier') index.remember(item.email, item.domain, item.name_key, ref);
      else index.products.set(productKey(item.name_key, item.supplier_id, item.seller_name, item.source_url), ref);
    }
    return index;
  }

  private remember(email: string | null, domain: string | null, name: string, ref: DuplicateRef) {
    if (email && !this.emails.has(email)) this.emails.set(email, ref);
    if (domain && !this.domains.has(domain)) this.domains.set(domain, ref);
    if (name && !this.names.has(name)) this.names.set(name, ref);
  }

  supplier(c: SupplierCandidate): Duplicate | null {
    const byEmail = c.email ? this.emails.get(c.email) : undefined;
    if (byEmail) return { reason: 'email', ...byEmail };
    const byDomain = c.domain ? this.domains.get(c.domain) : undefined;
    if (byDomain) return { reason: 'domain', ...byDomain };
    const byName = c.nameKey ? this.names.get(c.nameKey) : undefined;
    if (byName) return { reason: 'name', ...byName };
    return null;
  }

  addSupplier(c: SupplierCandidate, itemId: number) {
    this.remember(c.email, c.domain, c.nameKey, { itemId, supplierId: null, name: c.name });
  }

  product(key: string): Duplicate | null {
    const ref = this.products.get(key);
    return ref ? { reason: 'product', ...ref } : null;
  }

  addProduct(key: string, name: string, itemId: number) {
    if (!this.products.has(key)) this.products.set(key, { itemId, supplierId: null, name });
  }
}

/** Products are the same when their names match under one seller: the supplier, the named seller, or the site. */
export function productKey(name: string, supplierId: number | null, sellerName: string | null, sourceUrl: string): string {
  const seller = supplierId !== null ? `supplier:${supplierId}` : sellerName ? `seller:${nameKey(sellerName)}` : `site:${new URL(sourceUrl).host}`;
  return `${seller}|${name}`;
}

/** What every found item holds, supplier or product: its session and page, the checks' verdict, its name and the duplicate it matched. */
function baseItem(
  sessionId: number,
  sourceUrl: string,
  now: string,
  c: { failures: string[]; name: string; nameKey: string; description: string | null; categoryId: string | null; notes: unknown },
  duplicate: Duplicate | null,
) {
  const failures = duplicate ? [...c.failures, duplicateMessage(duplicate)] : c.failures;
  const rejected = failures.length > 0;
  return {
    session_id: sessionId,
    source_url: sourceUrl,
    failures: JSON.stringify(failures),
    decision: rejected ? 'rejected' : 'pending',
    decided_by: rejected ? 'checks' : null,
    decided_at: rejected ? now : null,
    created_at: now,
    name: c.name,
    name_key: c.nameKey,
    description: c.description,
    category_id: c.categoryId,
    notes: JSON.stringify(c.notes),
    duplicate_of_item_id: duplicate?.itemId ?? null,
    duplicate_of_supplier_id: duplicate?.supplierId ?? null,
    duplicate_reason: duplicate?.reason ?? null,
  } satisfies Partial<NewItem>;
}

export function supplierItem(sessionId: number, sourceUrl: string, c: SupplierCandidate, duplicate: Duplicate | null, now: string, details: object): NewItem {
  return {
    ...baseItem(sessionId, sourceUrl, now, c, duplicate),
    kind: 'supplier',
    email: c.email,
    phone: c.phone,
    website: c.website,
    domain: c.domain,
    city_id: c.cityId,
    city_text: c.cityText,
    province: c.province,
    catalogue_item_id: null,
    price_cents: null,
    currency: null,
    unit: null,
    sku: null,
    seller_name: null,
    details: JSON.stringify(details),
    supplier_id: null,
  };
}

export function productItem(
  sessionId: number,
  sourceUrl: string,
  c: ProductCandidate,
  supplierId: number | null,
  duplicate: Duplicate | null,
  now: string,
): NewItem {
  return {
    ...baseItem(sessionId, sourceUrl, now, c, duplicate),
    kind: 'product',
    email: null,
    phone: null,
    website: c.url,
    domain: null,
    city_id: null,
    city_text: null,
    province: null,
    catalogue_item_id: c.catalogueItemId,
    price_cents: c.priceCents,
    currency: c.currency,
    unit: c.unit,
    sku: c.sku,
    seller_name: c.sellerName,
    details: JSON.stringify({}),
    supplier_id: supplierId,
  };
}
