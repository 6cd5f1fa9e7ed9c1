import { describe, expect, it } from 'vitest';
import { marketOf } from '../test/market';
import { businessDomain, checkEmail, nameKey } from './supplier-keys';
import { extractPage, type FoundSupplier } from './extract';
import { parsePriceCents, prepareProduct, prepareSupplier } from './candidates';
import { readSamplePage } from './sample';

const market = marketOf();
const SAMPLE = 'http://procura.test/scraper-sample/';
const sample = (path: string) => extractPage(readSamplePage(path)!.body, SAMPLE + path);

const found = (overrides: Partial<FoundSupplier> = {}): FoundSupplier => ({
  name: 'Amahle Cleaning Supplies',
  types: ['LocalBusiness'],
  description: null,
  email: 'sales@amahle.example',
  phone: '031 555 0100',
  website: null,
  address: { street: null, locality: 'Durban', region: null, postalCode: null, country: null },
  keywords: [],
  source: 'json-ld',
  ...overrides,
});

describe('schema.org data on a page', () => {
  it('reads LocalBusiness subtypes from a JSON-LD item list, leaving out the site publisher', () => {
    const page = sample('index.html');
    expect(page.suppliers.map((s) => [s.name, s.types, s.source])).toEqual([
      ['Sparkle Hygiene Supplies (Pty) Ltd', ['WholesaleStore'], 'json-ld'],
      ['Cape Clean Chemicals', ['LocalBusiness'], 'json-ld'],
      ['Durban Janitorial Wholesale CC', ['HomeAndConstructionBusiness'], 'json-ld'],
    ]);
    expect(page.suppliers[0]).toEqual({
      name: 'Sparkle Hygiene Supplies (Pty) Ltd',
      types: ['WholesaleStore'],
      description: 'Hand sanitizer, liquid soap and soap dispensers for offices, schools and clinics.',
      email: 'sales@sparkle-hygiene.example',
      phone: '011 555 0142',
      website: 'https://sparkle-hygiene.example/',
      address: { street: '14 Main Reef Road', locality: 'Johannesburg', region: 'Gauteng', postalCode: '2001', country: 'ZA' },
      keywords: [],
      source: 'json-ld',
    });
    // Contacts given only through a ContactPoint.
    expect(page.suppliers[2]).toMatchObject({ email: 'info@durbanjanitorial.example', phone: '031-555-0123', website: null });
    expect(page.products).toEqual([]);
  });

  it('reads microdata items with their nested addresses, links and mailto addresses', () => {
    const page = sample('page-2.html');
    expect(page.suppliers.map((s) => s.name)).toEqual(['Tshwane Safety & PPE', 'SPARKLE HYGIENE SUPPLIES', 'Bay Laundry Solutions']);
    expect(page.suppliers[0]).toEqual({
      name: 'Tshwane Safety & PPE',
      types: ['LocalBusiness'],
      description: 'Nitrile gloves, safety goggles, hard hats and reflective vests for sites and plants.',
      email: 'mailto:sales@tshwane-ppe.example',
      phone: '+27 (0)12 555 0177',
      website: 'https://tshwane-ppe.example/',
      address: { street: '220 Church Street', locality: 'Pretoria', region: 'Gauteng', postalCode: null, country: null },
      keywords: [],
      source: 'microdata',
    });
  });

  it('reads a JSON-LD @graph, skipping the organisation its website names as publisher, and products with offers in both forms', () => {
    const page = sample('page-3.html');
    expect(page.suppliers.map((s) => [s.name, s.source])).toEqual([
      ['Green Leaf Eco Cleaning', 'json-ld'],
      ['East Rand Paper & Packaging', 'json-ld'],
      ['Mystery Cleaning Co', 'microdata'],
    ]);
    expect(page.suppliers[0]!.types).toEqual(['LocalBusiness', 'Store']);
    expect(page.products).toEqual([
      {
        name: 'Sparkle Hand Sanitizer Gel 500ml',
        description: 'Alcohol hand sanitizer gel in a pump bottle.',
        sku: 'SPK-GEL-500',
        url: null,
        category: null,
        price: '45.50',
        currency: 'ZAR',
        unit: null,
        sellerName: 'Sparkle Hygiene Supplies (Pty) Ltd',
        source: 'json-ld',
      },
      {
        name: 'Green Leaf Enzyme Floor Cleaner 5L',
        description: 'Biodegradable floor cleaner concentrate.',
        sku: null,
        url: null,
        category: null,
        price: '189.00',
        currency: 'ZAR',
        unit: null,
        sellerName: 'Green Leaf Eco Cleaning',
        source: 'microdata',
      },
    ]);
  });

  it('reads a product page: offers with unit prices, and no product without an offer', () => {
    const page = sample('products.html');
    expect(page.products.map((p) => [p.name, p.price, p.currency, p.unit])).toEqual([
      ['Liquid Hand Soap 5L', 'R 129,95', 'ZAR', '5 L container'],
      ['Wall-Mounted Soap Dispenser', '1,250.00', 'ZAR', null],
      ['Imported Foam Soap Refill', '12.00', 'USD', null],
    ]);
    expect(page.suppliers).toEqual([]);
  });

  it('reads top-level JSON-LD arrays and full type IRIs, skips broken blocks and merges one business described twice', () => {
    const html = `
      <script type="application/ld+json">{ broken json </script>
      <script type="application/ld+json">[
        { "@type": "http://schema.org/Plumber", "name": "Vaal Plumbing Supplies", "telephone": "016 555 0101" },
        { "@type": "Event", "name": "Cleaning Expo 2026" },
        { "@type": "Organization", "legalName": "Karoo Hygiene" }
      ]</script>
      <div itemscope itemtype="http://schema.org/Plumber">
        <span itemprop="name">Vaal Plumbing Supplies</span>
        <a itemprop="email" href="mailto:info@vaalplumbing.example">write to us</a>
      </div>`;
    const page = extractPage(html, 'https://dir.example.co.za/');
    expect(page.suppliers.map((s) => [s.name, s.email, s.phone])).toEqual([
      ['Vaal Plumbing Supplies', 'mailto:info@vaalplumbing.example', '016 555 0101'],
      ['Karoo Hygiene', null, null],
    ]);
  });

  it('reads control characters, line breaks and bidirectional overrides in a name or address as spaces', () => {
    const item = {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Amahle\u202e Cleaning\u0000\r\nSupplies',
      address: 'Unit 4\u001b\n12 Smith Street',
    };
    const page = extractPage(`<html><body><script type="application/ld+json">${JSON.stringify(item)}</script></body></html>`, SAMPLE);
    expect(page.suppliers.map((s) => [s.name, s.address.street])).toEqual([['Amahle Cleaning Supplies', 'Unit 4 12 Smith Street']]);
  });

  it('does not take a brand, a seller or an author for a listed supplier', () => {
    const html = `<script type="application/ld+json">{
      "@type": "Article", "author": { "@type": "Organization", "name": "Clean News" },
      "about": { "@type": "Product", "name": "Mop", "brand": { "@type": "Organization", "name": "MopCo" } }
    }</script>`;
    expect(extractPage(html, 'https://dir.example.co.za/').suppliers).toEqual([]);
  });
});

describe('pagination', () => {
  const links = (html: string, url = 'https://dir.example.co.za/suppliers?page=2') => extractPage(html, url).nextPages;

  it('follows rel="next" on links and anchors, and links named next or next page', () => {
    expect(links('<link rel="next" href="/suppliers?page=3">')).toEqual(['https://dir.example.co.za/suppliers?page=3']);
    expect(links('<a rel="nofollow next" href="list-3.html">3</a>')).toEqual(['https://dir.example.co.za/list-3.html']);
    expect(links('<a href="/p/3">Next page</a>')).toEqual(['https://dir.example.co.za/p/3']);
    expect(links('<a href="/p/3"> Next » </a>')).toEqual(['https://dir.example.co.za/p/3']);
    expect(links('<a href="/p/3" aria-label="Next page">›</a>')).toEqual(['https://dir.example.co.za/p/3']);
  });

  it('follows ?page=N beyond this page on the same listing', () => {
    const html = '<a href="?page=1">1</a><a href="?page=3">3</a><a href="/suppliers?page=4#top">4</a><a href="/other?page=5">5</a><a href="?page=x">x</a>';
    expect(links(html)).toEqual(['https://dir.example.co.za/suppliers?page=3', 'https://dir.example.co.za/suppliers?page=4']);
  });

  it('stays on the same host and scheme, and honours <base>', () => {
    const html = '<a rel="next" href="https://elsewhere.example/page/2">next</a><a href="javascript:next()">Next</a><a href="mailto:a@b.example">next</a>';
    expect(links(html)).toEqual([]);
    expect(links('<base href="https://dir.example.co.za/listing/"><a rel="next" href="2.html">2</a>')).toEqual(['https://dir.example.co.za/listing/2.html']);
  });
});

describe('e-mail addresses and duplicate keys', () => {
  it('checks and lower-cases addresses, reading mailto links', () => {
    expect(checkEmail('Sales@Sparkle-Hygiene.example')).toBe('sales@sparkle-hygiene.example');
    expect(checkEmail('mailto:info@vaal.example?subject=Quote')).toBe('info@vaal.example');
    expect(checkEmail('info(at)baylaundry.example')).toBeNull();
    expect(checkEmail('sales@')).toBeNull();
    expect(checkEmail('two@at@signs.example')).toBeNull();
  });

  it('compares names without company forms, case, accents or punctuation', () => {
    expect(nameKey('Sparkle Hygiene Supplies (Pty) Ltd')).toBe('sparkle hygiene supplies');
    expect(nameKey('SPARKLE HYGIENE SUPPLIES')).toBe('sparkle hygiene supplies');
    expect(nameKey('East Rand Paper & Packaging CC')).toBe('east rand paper packaging');
    expect(nameKey('Café Hygiène t/a Clean')).toBe('cafe hygiene clean');
  });

  it('takes the business domain from its website, else its own e-mail domain, never a shared mail provider or the directory', () => {
    expect(businessDomain('https://www.sparkle-hygiene.example/about', 'x@other.example')).toBe('sparkle-hygiene.example');
    expect(businessDomain(null, 'sales@capeclean.example')).toBe('capeclean.example');
    expect(businessDomain(null, 'capeclean@gmail.com')).toBeNull();
    expect(businessDomain('https://dir.example.co.za/listing/42', 'owner@mweb.co.za', 'dir.example.co.za')).toBeNull();
  });
});

describe('a found supplier in Procura terms', () => {
  it('normalises contacts and matches the city and category', () => {
    const candidate = prepareSupplier(sample('index.html').suppliers[0]!, market, 'procura.test');
    expect(candidate).toEqual({
      name: 'Sparkle Hygiene Supplies (Pty) Ltd',
      nameKey: 'sparkle hygiene supplies',
      description: 'Hand sanitizer, liquid soap and soap dispensers for offices, schools and clinics.',
      email: 'sales@sparkle-hygiene.example',
      phone: '+27 11 555 0142',
      website: 'https://sparkle-hygiene.example/',
      domain: 'sparkle-hygiene.example',
      cityId: 'johannesburg',
      cityText: 'Johannesburg, Gauteng',
      province: 'Gauteng',
      categoryId: 'sanitizers',
      keywords: [],
      address: { street: '14 Main Reef Road', locality: 'Johannesburg', region: 'Gauteng', postalCode: '2001', country: 'ZA' },
      notes: [],
      failures: [],
    });
  });

  it('guesses categories from the catalogue words', () => {
    const category = (description: string, keywords: string[] = []) =>
      prepareSupplier(found({ name: 'Amahle Trading', description, keywords }), market).categoryId;
    expect(category('Industrial degreaser and solvent cleaners')).toBe('industrial-chemicals');
    expect(category('Nitrile gloves, goggles and reflective vests')).toBe('safety-equipment');
    expect(category('Laundry detergent and fabric softener')).toBe('laundry-care');
    expect(category('', ['geyser installation', 'heat pump'])).toBe('geysers');
    expect(category('Biodegradable enzyme products')).toBe('eco-cleaning');
    expect(category('We are a family business since 1982')).toBeNull();
  });

  it('leaves an unknown place for review with the province it names', () => {
    const candidate = prepareSupplier(found({ address: { street: null, locality: 'Springs', region: 'Gauteng', postalCode: null, country: null } }), market);
    expect(candidate).toMatchObject({
      cityId: null,
      cityText: 'Springs, Gauteng',
      province: 'Gauteng',
      notes: ['"Springs, Gauteng" is not one of Procura\'s cities'],
    });
    expect(prepareSupplier(found({ address: { street: null, locality: null, region: null, postalCode: null, country: null } }), market).notes).toContain(
      'No city given',
    );
    expect(
      prepareSupplier(found({ address: { street: '1 Smith Street, Durban North', locality: null, region: null, postalCode: null, country: null } }), market)
        .cityId,
    ).toBe('durban');
  });

  it('notes a bad e-mail or phone, and fails a supplier with no way to reach it', () => {
    expect(prepareSupplier(found({ email: 'info(at)x.example' }), market)).toMatchObject({
      email: null,
      phone: '+27 31 555 0100',
      notes: ['"info(at)x.example" is not a valid e-mail address'],
      failures: [],
    });
    expect(prepareSupplier(found({ phone: '+44 20 7946 0958' }), market)).toMatchObject({
      phone: null,
      notes: ['"+44 20 7946 0958" is not a South African phone number'],
      failures: [],
    });
    expect(prepareSupplier(found({ email: null, phone: null }), market).failures).toEqual(['No valid e-mail address or South African phone number']);
  });
});

describe('a found product in Procura terms', () => {
  it('reads prices in rand and places the product in the catalogue', () => {
    const [soap, dispenser, imported] = sample('products.html').products.map((p) => prepareProduct(p, market));
    expect(soap).toMatchObject({
      name: 'Liquid Hand Soap 5L',
      priceCents: 12995,
      currency: 'ZAR',
      unit: '5 L container',
      catalogueItemId: 'liquid-hand-soap',
      categoryId: 'personal-care',
      failures: [],
    });
    expect(dispenser).toMatchObject({ priceCents: 125000, catalogueItemId: 'soap-dispenser', categoryId: 'hygiene-equipment', failures: [] });
    expect(imported).toMatchObject({ priceCents: 1200, currency: 'USD', failures: ['Priced in USD, not rand'] });
  });

  it('parses the ways pages write prices', () => {
    expect(parsePriceCents('129.99')).toBe(12999);
    expect(parsePriceCents('R 1 299,50')).toBe(129950);
    expect(parsePriceCents('1,250.00')).toBe(125000);
    expect(parsePriceCents('ZAR45')).toBe(4500);
    expect(parsePriceCents('from R99')).toBeNull();
    expect(parsePriceCents('')).toBeNull();
  });

  it('fails a product without a price and notes a missing currency', () => {
    const base = { name: 'Mop Bucket', description: null, sku: null, url: null, category: null, unit: null, sellerName: null, source: 'json-ld' as const };
    expect(prepareProduct({ ...base, price: 'POA', currency: 'ZAR' }, market).failures).toEqual(['"POA" is not a price']);
    expect(prepareProduct({ ...base, price: '0', currency: 'ZAR' }, market).failures).toEqual(['"0" is not a price']);
    expect(prepareProduct({ ...base, price: '85', currency: null }, market)).toMatchObject({
      priceCents: 8500,
      currency: 'ZAR',
      notes: ['No currency given: taken as rand'],
      categoryId: 'cleaning-supplies',
    });
  });
});
