/**
 * The sample supplier directory that ships with Procura: three listing pages and a product page
 * of fictional South African cleaning-supply businesses (their e-mail domains end in `.example`,
 * which no real mailbox uses). Page 1 lists in JSON-LD, page 2 in microdata, page 3 in a JSON-LD
 * graph with microdata beside it, as real directories do; they link to each other as real
 * directories do. The scraper's demonstration crawls them with the same pipeline as any site.
 */

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<title>${title} | Mzansi Cleaning Trade Directory (sample)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
article { border: 1px solid #e5e7eb; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
nav a { margin-right: 1rem; }
</style>
</head>
<body>
<header><p><strong>Mzansi Cleaning Trade Directory</strong>: a sample directory shipped with Procura. Every business here is fictional.</p></header>
${body}
</body>
</html>
`;

/** Listing page `n` of the directory's three: its title and heading, then `body`. */
const listingPage = (n: number, body: string) =>
  layout(
    `Cleaning suppliers, page ${n}`,
    `<h1>Cleaning and hygiene suppliers</h1>
<p>Page ${n} of 3</p>
${body}`,
  );

export const INDEX_HTML = listingPage(
  1,
  `<script type="application/ld+json">
{
  "@context": "https://schema.org",
  "@type": "WebPage",
  "name": "Cleaning and hygiene suppliers",
  "publisher": { "@type": "Organization", "name": "Mzansi Cleaning Trade Directory", "url": "https://directory.example/" },
  "mainEntity": {
    "@type": "ItemList",
    "itemListElement": [
      {
        "@type": "ListItem",
        "position": 1,
        "item": {
          "@type": "WholesaleStore",
          "name": "Sparkle Hygiene Supplies (Pty) Ltd",
          "description": "Hand sanitizer, liquid soap and soap dispensers for offices, schools and clinics.",
          "email": "sales@sparkle-hygiene.example",
          "telephone": "011 555 0142",
          "url": "https://sparkle-hygiene.example/",
          "address": { "@type": "PostalAddress", "streetAddress": "14 Main Reef Road", "addressLocality": "Johannesburg", "addressRegion": "Gauteng", "postalCode": "2001", "addressCountry": "ZA" }
        }
      },
      {
        "@type": "ListItem",
        "position": 2,
        "item": {
          "@type": "LocalBusiness",
          "name": "Cape Clean Chemicals",
          "description": "Industrial degreaser, solvent cleaners and caustic chemicals for factories and workshops.",
          "email": "orders@capeclean.example",
          "telephone": "+27 21 555 0199",
          "url": "https://capeclean.example/",
          "address": { "@type": "PostalAddress", "addressLocality": "Cape Town", "addressRegion": "Western Cape", "addressCountry": "ZA" }
        }
      },
      {
        "@type": "ListItem",
        "position": 3,
        "item": {
          "@type": "HomeAndConstructionBusiness",
          "name": "Durban Janitorial Wholesale CC",
          "description": "Mops, buckets, brooms and floor cleaner for contract cleaners.",
          "contactPoint": { "@type": "ContactPoint", "email": "info@durbanjanitorial.example", "telephone": "031-555-0123" },
          "address": { "@type": "PostalAddress", "addressLocality": "Durban", "addressRegion": "KwaZulu-Natal", "addressCountry": "ZA" }
        }
      }
    ]
  }
}
</script>
<article><h2>Sparkle Hygiene Supplies (Pty) Ltd</h2><p>Johannesburg, Gauteng · 011 555 0142</p></article>
<article><h2>Cape Clean Chemicals</h2><p>Cape Town, Western Cape · +27 21 555 0199</p></article>
<article><h2>Durban Janitorial Wholesale CC</h2><p>Durban, KwaZulu-Natal · 031-555-0123</p></article>
<nav aria-label="Pages"><span>1</span> <a href="page-2.html">2</a> <a href="page-3.html">3</a> <a rel="next" href="page-2.html">Next page</a></nav>`,
);

export const PAGE_2_HTML = listingPage(
  2,
  `<article itemscope itemtype="https://schema.org/LocalBusiness">
  <h2 itemprop="name">Tshwane Safety &amp; PPE</h2>
  <p itemprop="description">Nitrile gloves, safety goggles, hard hats and reflective vests for sites and plants.</p>
  <p itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
    <span itemprop="streetAddress">220 Church Street</span>, <span itemprop="addressLocality">Pretoria</span>, <span itemprop="addressRegion">Gauteng</span>
  </p>
  <p>Call <span itemprop="telephone">+27 (0)12 555 0177</span> or e-mail <a itemprop="email" href="mailto:sales@tshwane-ppe.example">sales@tshwane-ppe.example</a></p>
  <link itemprop="url" href="https://tshwane-ppe.example/">
</article>
<article itemscope itemtype="https://schema.org/Store">
  <h2 itemprop="name">SPARKLE HYGIENE SUPPLIES</h2>
  <p itemprop="description">Hand sanitizer and washroom hygiene, now also in Johannesburg North.</p>
  <p itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="addressLocality">Johannesburg</span></p>
  <p><span itemprop="telephone">+27 11 555 0142</span> · <span itemprop="email">Sales@Sparkle-Hygiene.example</span></p>
</article>
<article itemscope itemtype="https://schema.org/DryCleaningOrLaundry">
  <h2 itemprop="name">Bay Laundry Solutions</h2>
  <p itemprop="description">Laundry detergent, washing powder and fabric softener for hotels and guest houses.</p>
  <p itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="addressLocality">Gqeberha</span>, <span itemprop="addressRegion">Eastern Cape</span></p>
  <p><span itemprop="telephone">041 555 0160</span> · <span itemprop="email">info(at)baylaundry.example</span></p>
</article>
<nav aria-label="Pages"><a href="index.html">1</a> <span>2</span> <a href="page-3.html">Next</a></nav>`,
);

export const PAGE_3_HTML = listingPage(
  3,
  `<script type="application/ld+json">
{
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebSite", "@id": "https://directory.example/#site", "name": "Mzansi Cleaning Trade Directory", "publisher": { "@id": "https://directory.example/#org" } },
    { "@type": "Organization", "@id": "https://directory.example/#org", "name": "Mzansi Cleaning Trade Directory", "email": "listings@directory.example" },
    {
      "@type": ["LocalBusiness", "Store"],
      "@id": "https://greenleaf-eco.example/#business",
      "name": "Green Leaf Eco Cleaning",
      "description": "Biodegradable, enzyme-based cleaners made in the Boland.",
      "email": "hello@greenleaf-eco.example",
      "telephone": "0218875500",
      "url": "https://greenleaf-eco.example/",
      "address": { "@type": "PostalAddress", "addressLocality": "Stellenbosch", "addressRegion": "Western Cape" }
    },
    {
      "@type": "Organization",
      "name": "East Rand Paper & Packaging",
      "description": "Toilet paper, paper towels and hand towels by the case.",
      "email": "sales@eastrandpaper.example",
      "telephone": "011 555 0188",
      "address": { "@type": "PostalAddress", "addressLocality": "Springs", "addressRegion": "Gauteng" }
    },
    {
      "@type": "Product",
      "name": "Sparkle Hand Sanitizer Gel 500ml",
      "description": "Alcohol hand sanitizer gel in a pump bottle.",
      "sku": "SPK-GEL-500",
      "offers": { "@type": "Offer", "price": "45.50", "priceCurrency": "ZAR", "seller": { "@type": "Organization", "name": "Sparkle Hygiene Supplies (Pty) Ltd" } }
    }
  ]
}
</script>
<article itemscope itemtype="https://schema.org/LocalBusiness">
  <h2 itemprop="name">Mystery Cleaning Co</h2>
  <p itemprop="description">Office cleaning products. Contact details on request.</p>
</article>
<article itemscope itemtype="https://schema.org/Product">
  <h2 itemprop="name">Green Leaf Enzyme Floor Cleaner 5L</h2>
  <p itemprop="description">Biodegradable floor cleaner concentrate.</p>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <meta itemprop="priceCurrency" content="ZAR"><span itemprop="price" content="189.00">R189.00</span>
    <div itemprop="seller" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Green Leaf Eco Cleaning</span></div>
  </div>
</article>
<nav aria-label="Pages"><a href="index.html">1</a> <a href="page-2.html">2</a> <span>3</span></nav>`,
);

export const PRODUCTS_HTML = layout(
  'Sparkle Hygiene Supplies: products',
  `<h1>Sparkle Hygiene Supplies: price list</h1>
<article itemscope itemtype="https://schema.org/Product">
  <h2 itemprop="name">Liquid Hand Soap 5L</h2>
  <p itemprop="description">Mild liquid hand soap for washrooms.</p>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <span itemprop="price">R 129,95</span> <meta itemprop="priceCurrency" content="ZAR">
    <div itemprop="priceSpecification" itemscope itemtype="https://schema.org/UnitPriceSpecification"><meta itemprop="unitText" content="5 L container"></div>
  </div>
</article>
<article itemscope itemtype="https://schema.org/Product">
  <h2 itemprop="name">Wall-Mounted Soap Dispenser</h2>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1,250.00</span> <meta itemprop="priceCurrency" content="ZAR"></div>
</article>
<article itemscope itemtype="https://schema.org/Product">
  <h2 itemprop="name">Imported Foam Soap Refill</h2>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">12.00</span> <meta itemprop="priceCurrency" content="USD"></div>
</article>
<article itemscope itemtype="https://schema.org/Product">
  <h2 itemprop="name">Sanitizer Station (price on request)</h2>
</article>
<p><a href="index.html">Back to the directory</a></p>`,
);
