import { z } from 'zod';
import { formatDate, formatNumber } from '../format';
import { COVERAGE_LEVELS, popularProductSchema } from './catalogue';

const count = z.number().int().nonnegative();

/**
 * A city with the suppliers in good standing based there and delivering there, and how well it
 * is served (see {@link COVERAGE_LEVELS}).
 *
 * @example
 * const joburg = siteFiguresSchema.parse(json).cities.find((c) => c.id === 'johannesburg');
 */
export const cityFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  province: z.string(),
  suppliersBased: count,
  /** The verified ones among {@link suppliersBased}: only these make a city's coverage 'verified'. */
  suppliersVerified: count,
  suppliersDelivering: count,
  coverage: z.enum(COVERAGE_LEVELS),
});
/**
 * One city of the supplier directory.
 *
 * @example
 * const line = (c: CityFigures) => `${c.name}: ${c.suppliersBased} suppliers`;
 */
export type CityFigures = z.infer<typeof cityFiguresSchema>;

/**
 * A product category: the suppliers in good standing that serve it and the average of their
 * stated response times, in hours (null when none serves it).
 *
 * @example
 * siteFiguresSchema.parse(json).categories.map((c) => c.averageResponseHours);
 */
export const categoryFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  sectorId: z.string(),
  activeSuppliers: count,
  averageResponseHours: z.number().nonnegative().nullable(),
});
/**
 * One category card of the supplier directory.
 *
 * @example
 * const card = (c: CategoryFigures) => `${c.name}: ${c.activeSuppliers} active suppliers`;
 */
export type CategoryFigures = z.infer<typeof categoryFiguresSchema>;

/**
 * A sector Procura serves (the ten), with its categories and the suppliers in good
 * standing serving any of them.
 *
 * @example
 * siteFiguresSchema.parse(json).sectors.filter((s) => s.activeSuppliers > 0);
 */
export const sectorFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  categories: count,
  activeSuppliers: count,
});
/**
 * One sector Procura serves.
 *
 * @example
 * const served = (s: SectorFigures) => s.activeSuppliers > 0;
 */
export type SectorFigures = z.infer<typeof sectorFiguresSchema>;

/**
 * What the server saw of the address buyers reach (`PUBLIC_URL`): its domain, whether it is
 * served over HTTPS with Strict-Transport-Security, and the TLS handshake the server made with
 * it (null when the address is not HTTPS, or before the first check).
 *
 * @example
 * const { tls } = siteFiguresSchema.parse(json).verification;
 * if (tls?.trusted) console.log(tls.protocol); // 'TLSv1.3'
 */
export const siteVerificationSchema = z.object({
  domain: z.string(),
  https: z.boolean(),
  hsts: z.boolean(),
  tls: z
    .object({
      checkedAt: z.string(),
      /** The negotiated protocol, such as `TLSv1.3`; null when the handshake failed. */
      protocol: z.string().nullable(),
      /** Whether the certificate chains to a trusted authority and names the domain. */
      trusted: z.boolean(),
      issuer: z.string().nullable(),
      validTo: z.string().nullable(),
      /** Why the handshake failed or the certificate is not trusted. */
      problem: z.string().nullable(),
    })
    .nullable(),
});
/**
 * The technical verification of the compliance page.
 *
 * @example
 * const secure = (v: SiteVerification) => v.https && v.tls?.trusted === true;
 */
export type SiteVerification = z.infer<typeof siteVerificationSchema>;

/**
 * The answer to `GET /api/site/figures`: every number the public pages show, counted from the
 * database at `asOf` (answers are at most a minute old). Suppliers count when in good standing
 * (the ones matching would choose); cities count as covered when one of them delivers there.
 *
 * @example
 * const { counts } = siteFiguresSchema.parse(await (await fetch('/api/site/figures')).json());
 * console.log(`${counts.suppliers} suppliers in ${counts.citiesCovered} cities`);
 */
export const siteFiguresSchema = z.object({
  asOf: z.string(),
  counts: z.object({
    suppliers: count,
    verifiedSuppliers: count,
    citiesCovered: count,
    categories: count,
    sectors: count,
    /** Quotes sent since the start of this calendar month (UTC). */
    quotesThisMonth: count,
    /** Quotes sent in the 12 months up to `asOf`. */
    quotesLast12Months: count,
    /** Of those, the quotes their suppliers made firm: confirmed, or changed to a price they stand by. */
    firmQuotesLast12Months: count,
    /** Products quoted in the 12 months up to `asOf`: each single-product request quoted, and each quoted line of a basket. */
    productsQuotedLast12Months: count,
    /** Quote requests since the start of this calendar month (UTC). */
    requestsThisMonth: count,
    /** Every quote request in the market data the data API draws on. */
    marketDataRequests: count,
  }),
  cities: z.array(cityFiguresSchema),
  categories: z.array(categoryFiguresSchema),
  sectors: z.array(sectorFiguresSchema),
  /**
   * The home page's 'Popular This Month': the four catalogue products most requested this
   * calendar month (UTC), as `GET /api/catalogue/popular?limit=4` answers them.
   */
  popularProducts: z.array(popularProductSchema),
  verification: siteVerificationSchema,
});
/**
 * The public figures.
 *
 * @example
 * const figures: SiteFigures = await procura.site.figures();
 */
export type SiteFigures = z.infer<typeof siteFiguresSchema>;

/**
 * The compliance certificate's identity for figures counted at `asOf`: issued that day (UTC),
 * its id the year and the month and day of issue, so every page and PDF of one day carries the
 * same id.
 *
 * @example
 * certificateIdentity('2026-11-18T09:40:00.000Z'); // { certificateId: 'PRC-2026-1118', issuedOn: '2026-11-18' }
 */
export function certificateIdentity(asOf: string): { certificateId: string; issuedOn: string } {
  const issuedOn = asOf.slice(0, 10);
  return { certificateId: `PRC-${issuedOn.slice(0, 4)}-${issuedOn.slice(5, 7)}${issuedOn.slice(8, 10)}`, issuedOn };
}

/**
 * The certificate's technical verification, as the page and the PDF both state it: the domain,
 * HTTPS, the TLS handshake, the quote requests served this month, and that site visits are not
 * measured (analytics count only visitors who consent).
 *
 * @example
 * technicalVerification(figures).map(([label, text]) => `${label}: ${text}`);
 */
export function technicalVerification({ verification: v, counts, asOf }: SiteFigures): [label: string, text: string][] {
  const tls =
    v.tls === null
      ? 'Not checked: the public address is not HTTPS'
      : v.tls.protocol
        ? `${v.tls.protocol}, certificate ${v.tls.trusted ? 'trusted' : `not trusted (${v.tls.problem})`}${v.tls.issuer ? `, issued by ${v.tls.issuer}` : ''}${v.tls.validTo ? `, valid to ${formatDate(v.tls.validTo)}` : ''}`
        : `The handshake failed (${v.tls.problem})`;
  const requests = counts.requestsThisMonth;
  return [
    ['Domain', v.domain],
    ['HTTPS', v.https ? 'Yes, with Strict-Transport-Security' : 'No: the site is not served over HTTPS'],
    ['TLS', tls],
    [
      'Traffic',
      `${formatNumber(requests)} quote request${requests === 1 ? '' : 's'} served this month (since ${formatDate(`${asOf.slice(0, 7)}-01`)}), counted from the database`,
    ],
    ['Site visits', 'Not measured: site usage analytics run only for visitors who consent, so they give no full count'],
  ];
}
