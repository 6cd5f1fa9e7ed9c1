import type { CategoryFigures, CityFigures, SectorFigures, SiteFigures, SiteVerification } from '../../sdk/schemas/site';
import type { PopularProduct } from '../../sdk/schemas/catalogue';
import { cityStats, coverageLevel, monthStart, popularThisMonth } from '../catalogue/catalogue.service';
import type { MarketStore } from '../catalogue/market-store';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { MarketSnapshot, PriceTier, Supplier } from '../domain/market';
import { hasGoodStanding } from '../domain/matching';
import { leadTimeDays, quotedUnitPrice } from '../domain/pricing';
import { countActivity, listSectors, supplierSlugs, type SiteCounts } from './site.repository';
import { probeTls, type TlsProbe } from './tls-probe';

/** The public figures are counted at most this often: a page may show figures this old. */
export const FIGURES_MAX_AGE_MS = 60_000;
/** How many of this month's most requested products the home page shows (the first four). */
const POPULAR_PRODUCTS_SHOWN = 4;
/** The TLS handshake with the public address is repeated at most this often. */
const TLS_CHECK_MAX_AGE_MS = 60 * 60_000;

export interface SiteDeps {
  config: Pick<Config, 'publicUrl'>;
  database: Database;
  market: MarketStore;
  clock: () => number;
}

/** The same instant a year earlier (29 February gives 1 March). */
function yearBefore(date: Date): string {
  const at = new Date(date);
  at.setUTCFullYear(at.getUTCFullYear() - 1);
  return at.toISOString();
}

/** Suppliers matching would choose: in good standing. */
function activeSuppliers(market: MarketSnapshot): Supplier[] {
  return [...market.suppliersById.values()].filter(hasGoodStanding);
}

/** The mean of the values known, to one decimal; null when none is (a supplier may have no response time recorded). */
function average(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.round((known.reduce((a, b) => a + b, 0) / known.length) * 10) / 10;
}

/** Every figure of the public pages, from the market snapshot and the counts read with it. */
function computeFigures(
  market: MarketSnapshot,
  counts: SiteCounts,
  sectorRows: { id: string; name: string }[],
  popularProducts: PopularProduct[],
  verification: SiteVerification,
  asOf: Date,
): SiteFigures {
  const active = activeSuppliers(market);
  const cities: CityFigures[] = market.cities.map((city) => {
    const stats = cityStats(market, city);
    return {
      id: city.id,
      name: city.name,
      province: city.province,
      suppliersBased: stats.based,
      suppliersVerified: stats.verifiedBased,
      suppliersDelivering: stats.delivering,
      coverage: coverageLevel(stats),
    };
  });
  const serving = (categoryId: string) => (market.suppliersByCategory.get(categoryId) ?? []).filter(hasGoodStanding);
  const categories: CategoryFigures[] = market.categories.map((category) => {
    const suppliers = serving(category.id);
    return {
      id: category.id,
      name: category.name,
      sectorId: category.sectorId,
      activeSuppliers: suppliers.length,
      averageResponseHours: average(suppliers.map((s) => s.responseTimeHours)),
    };
  });
  const sectors: SectorFigures[] = sectorRows.map((sector) => {
    const own = market.categories.filter((c) => c.sectorId === sector.id);
    const suppliers = new Set(own.flatMap((c) => serving(c.id).map((s) => s.id)));
    return { id: sector.id, name: sector.name, categories: own.length, activeSuppliers: suppliers.size };
  });
  return {
    asOf: asOf.toISOString(),
    counts: {
      suppliers: active.length,
      verifiedSuppliers: active.filter((s) => s.verified).length,
      citiesCovered: cities.filter((c) => c.suppliersDelivering > 0).length,
      categories: categories.filter((c) => c.activeSuppliers > 0).length,
      sectors: sectors.filter((s) => s.activeSuppliers > 0).length,
      ...counts,
    },
    cities,
    categories,
    sectors,
    popularProducts,
    verification,
  };
}

/** A catalogue product's typical prices: the median of the suppliers' quoted unit prices at each volume. */
export interface GuideItem {
  name: string;
  unitDescription: string;
  suppliers: number;
  /** Median quoted unit price in cents at each of {@link GUIDE_VOLUMES}, with its saving on one unit's. */
  prices: { quantity: number; unitPriceCents: number; savingPercent: number }[];
  lowestCents: number;
  highestCents: number;
}

export interface GuideCategory {
  id: string;
  name: string;
  sectorName: string;
  activeSuppliers: number;
  averageResponseHours: number | null;
  /** Delivery to a supplier's own city, in days (dispatch included). */
  localLead: { min: number; max: number } | null;
  /** Delivery anywhere in the country by the suppliers that deliver nationally. */
  nationalLead: { min: number; max: number } | null;
  items: GuideItem[];
}

export interface PricingGuide {
  generatedOn: string;
  /** The oldest and newest price-list dates the guide is computed from. */
  priceListDates: { from: string; to: string } | null;
  categories: GuideCategory[];
}

/** The order sizes the pricing guide prices: one unit, then the volumes where tiers and discounts start. */
const GUIDE_VOLUMES = [1, 100, 500, 1000] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function span(values: { min: number; max: number }[]): { min: number; max: number } | null {
  return values.length === 0 ? null : { min: Math.min(...values.map((v) => v.min)), max: Math.max(...values.map((v) => v.max)) };
}

/**
 * The pricing guide: per category with suppliers in good standing, each catalogue product's
 * median quoted unit price at each guide volume (the quote engine's own pricing: the supplier's
 * tiers or Procura's volume discount, whichever is lower), its range at one unit, the lead
 * times and response times, and the dates of the price lists it is computed from.
 */
function pricingGuide(market: MarketSnapshot, sectorNames: Map<string, string>, now: Date): PricingGuide {
  const dates: string[] = [];
  const categories: GuideCategory[] = [];
  for (const category of market.categories) {
    const suppliers = (market.suppliersByCategory.get(category.id) ?? []).filter(hasGoodStanding);
    if (suppliers.length === 0) continue;
    const items: GuideItem[] = [];
    for (const item of market.items.filter((i) => i.categoryId === category.id)) {
      const list = market.offersByItem.get(item.id);
      if (!list) continue;
      // The offers of suppliers in good standing, each as its list price and tiers.
      const offers: { unitPriceCents: number; tiers: PriceTier[] }[] = [];
      for (let i = 0; i < list.length; i++) {
        const supplier = market.suppliersById.get(list.supplierId(i));
        if (supplier === undefined || !hasGoodStanding(supplier)) continue;
        offers.push({ unitPriceCents: list.unitPriceCents(i), tiers: list.tiers(i) });
        dates.push(supplier.priceListDate);
      }
      if (offers.length === 0) continue;
      const one = offers.map((o) => quotedUnitPrice(o.unitPriceCents, o.tiers, 1).unitPriceCents);
      const base = median(one);
      items.push({
        name: item.name,
        unitDescription: item.unitDescription,
        suppliers: offers.length,
        prices: GUIDE_VOLUMES.map((quantity) => {
          const unitPriceCents = median(offers.map((o) => quotedUnitPrice(o.unitPriceCents, o.tiers, quantity).unitPriceCents));
          return { quantity, unitPriceCents, savingPercent: base > 0 ? Math.round((1 - unitPriceCents / base) * 100) : 0 };
        }),
        lowestCents: Math.min(...one),
        highestCents: Math.max(...one),
      });
    }
    const local = suppliers.flatMap((s) => {
      const lead = s.coverage.cities.get(s.homeCityId);
      return lead === undefined ? [] : [leadTimeDays(s.dispatchDays, lead, 0)];
    });
    const national = suppliers.flatMap((s) => (s.coverage.national === null ? [] : [leadTimeDays(s.dispatchDays, s.coverage.national, null)]));
    categories.push({
      id: category.id,
      name: category.name,
      sectorName: sectorNames.get(category.sectorId) ?? category.sectorId,
      activeSuppliers: suppliers.length,
      averageResponseHours: average(suppliers.map((s) => s.responseTimeHours)),
      localLead: span(local),
      nationalLead: span(national),
      items,
    });
  }
  dates.sort();
  return {
    generatedOn: now.toISOString().slice(0, 10),
    priceListDates: dates.length > 0 ? { from: dates[0]!, to: dates[dates.length - 1]! } : null,
    categories,
  };
}

/**
 * Holds the public figures for at most {@link FIGURES_MAX_AGE_MS}; concurrent callers share one
 * count. The TLS handshake with the public address is kept for {@link TLS_CHECK_MAX_AGE_MS}.
 */
export class SiteFiguresStore {
  private cached: { figures: SiteFigures; at: number } | null = null;
  private pending: Promise<SiteFigures> | null = null;
  private tls: { probe: TlsProbe; at: number } | null = null;

  constructor(private readonly deps: SiteDeps) {}

  async current(): Promise<SiteFigures> {
    const now = this.deps.clock();
    // A clock set back (a corrected system clock) counts afresh rather than trusting the future.
    if (this.cached && now >= this.cached.at && now - this.cached.at < FIGURES_MAX_AGE_MS) return this.cached.figures;
    this.pending ??= this.count(now).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** The guide's data, from the current market. */
  async pricingGuide(): Promise<PricingGuide> {
    const sectors = await listSectors(this.deps.database.db);
    return pricingGuide(await this.deps.market.current(), new Map(sectors.map((s) => [s.id, s.name])), new Date(this.deps.clock()));
  }

  private async count(now: number): Promise<SiteFigures> {
    const date = new Date(now);
    const [market, counts, sectors, verification] = await Promise.all([
      this.deps.market.current(),
      countActivity(this.deps.database.db, monthStart(date), yearBefore(date)),
      listSectors(this.deps.database.db),
      this.verification(now),
    ]);
    const popular = await popularThisMonth(this.deps.database.db, market, POPULAR_PRODUCTS_SHOWN, date);
    const figures = computeFigures(market, counts, sectors, popular, verification, date);
    this.cached = { figures, at: now };
    return figures;
  }

  private async verification(now: number): Promise<SiteVerification> {
    const url = new URL(this.deps.config.publicUrl);
    const https = url.protocol === 'https:';
    if (https && (!this.tls || now < this.tls.at || now - this.tls.at >= TLS_CHECK_MAX_AGE_MS)) {
      this.tls = { probe: await probeTls(url.hostname, Number(url.port || 443), new Date(now)), at: now };
    }
    // The security headers send Strict-Transport-Security exactly when the public address is HTTPS.
    return { domain: url.hostname, https, hsts: https, tls: https ? this.tls!.probe : null };
  }
}

/** The sitemap's supplier pages: `/suppliers/{slug}` of every supplier. */
export async function supplierPagePaths(database: Database): Promise<string[]> {
  return (await supplierSlugs(database.db)).map((slug) => `/suppliers/${slug}`);
}
