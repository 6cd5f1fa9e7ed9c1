import { z } from 'zod';
import { COVERAGE_LEVELS } from './catalogue';

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
 * A sector Procura serves (spec 1's ten), with its categories and the suppliers in good
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
    /** Quote requests since the start of this calendar month (UTC). */
    requestsThisMonth: count,
    /** Every quote request in the market data the data API draws on. */
    marketDataRequests: count,
  }),
  cities: z.array(cityFiguresSchema),
  categories: z.array(categoryFiguresSchema),
  sectors: z.array(sectorFiguresSchema),
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
 * The compliance certificate's identity for figures counted at `asOf`: issued that day, its id
 * the year and a suffix from the time of issue (seconds since midnight, UTC). The page and the
 * PDF made from the same figures carry the same id.
 *
 * @example
 * certificateIdentity('2026-11-18T09:40:00.000Z'); // { certificateId: 'PRC-2026-34800', issuedOn: '2026-11-18' }
 */
export function certificateIdentity(asOf: string): { certificateId: string; issuedOn: string } {
  const at = new Date(asOf);
  const seconds = at.getUTCHours() * 3600 + at.getUTCMinutes() * 60 + at.getUTCSeconds();
  return { certificateId: `PRC-${at.getUTCFullYear()}-${String(seconds).padStart(5, '0')}`, issuedOn: asOf.slice(0, 10) };
}
