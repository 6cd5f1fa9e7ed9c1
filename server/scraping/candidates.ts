/**
 * A finding checked and placed in Procura's terms: phone numbers in +27 form, e-mails checked,
 * the city and the category matched to Procura's own, a product's price and unit read, and the
 * checks it failed, which keep it out of the market until staff decide.
 */
import type { MarketSnapshot } from '../domain/market';
import { interpretProduct, matchCategory, resolveLocation } from '../domain/interpret';
import { normalizePhone } from '../../sdk/order-rules';
import type { FoundAddress, FoundProduct, FoundSupplier } from './extract';
import { businessDomain, checkEmail, nameKey } from './supplier-keys';

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
