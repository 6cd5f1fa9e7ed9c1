import type { City, Supplier } from './market';
import { coverageFor, deliveryDistanceKm, type CoverageTier, type PoolLocation } from './matching';
import { formatLeadTime, leadTimeParts, type LeadTimeParts } from './pricing';

/** One of a supplier's places: a city by its id, a province by its name, or the whole country (area ''). */
export interface CoveredPlace {
  scope: CoverageTier;
  area: string;
}

/** What buyers are quoted for one of a supplier's places, and what the figure is made of. */
export interface BuyersSee {
  /** The lead time the nearest buyers of the place are quoted, as their quotes word it ('3-4 days'). */
  leadTime: string;
  /** The one the farthest are quoted; the same as `leadTime` when all are in one distance band. */
  farthestLeadTime: string;
  /** The first figure every buyer of the place sees: the supplier's days and dispatch, at least one. */
  minDays: number;
  /** Whether `minDays` was rounded up to one day. */
  roundedUp: boolean;
  /** The distance allowance the nearest and the farthest buyers are given. */
  distanceDays: { least: number; most: number };
}

const keyOf = (scope: CoverageTier, area: string) => `${scope}|${scope === 'national' ? '' : area}`;

/**
 * What buyers are quoted for each of `places`, read as the quote engine reads a request: every
 * place a request can name (each city, and each province named alone) goes to the closest place
 * the supplier covers, whose days, the dispatch days and the distance from the supplier's `home`
 * make its lead time. Null for a place no request reaches (all of South Africa, when every city
 * and province has a place of its own).
 */
export function buyerLeadTimes(
  supplier: Pick<Supplier, 'coverage' | 'dispatchDays'>,
  home: City | undefined,
  cities: readonly City[],
  places: readonly CoveredPlace[],
): (BuyersSee | null)[] {
  const locations: PoolLocation[] = [
    ...cities.map((city) => ({ city, province: city.province })),
    ...[...new Set(cities.map((c) => c.province))].map((province) => ({ city: null, province })),
  ];
  const quoted = new Map<string, LeadTimeParts[]>();
  for (const location of locations) {
    if (location === 'anywhere') continue;
    const coverage = coverageFor(supplier, location);
    if (!coverage) continue;
    const key = keyOf(coverage.tier, coverage.tier === 'city' ? location.city!.id : (location.province ?? ''));
    const parts = leadTimeParts(supplier.dispatchDays, coverage.lead, deliveryDistanceKm(home, location.city));
    quoted.set(key, [...(quoted.get(key) ?? []), parts]);
  }
  return places.map((p) => {
    const all = quoted.get(keyOf(p.scope, p.area));
    if (!all) return null;
    const nearest = all.reduce((a, b) => (b.max < a.max ? b : a));
    const farthest = all.reduce((a, b) => (b.max > a.max ? b : a));
    return {
      leadTime: formatLeadTime(nearest),
      farthestLeadTime: formatLeadTime(farthest),
      minDays: nearest.min,
      roundedUp: nearest.roundedUpDays > 0,
      distanceDays: { least: nearest.distanceDays, most: farthest.distanceDays },
    };
  });
}
