import type { City, PriceTier } from './market';

/** Procura's volume discount schedule: 5 % from 100 units, 10 % from 500, 15 % from 1000. */
export function volumeDiscountPercent(quantity: number): number {
  if (quantity >= 1000) return 15;
  if (quantity >= 500) return 10;
  if (quantity >= 100) return 5;
  return 0;
}

/** The supplier's own price for a quantity: the highest tier the quantity reaches, else the list price. */
export function tierUnitPriceCents(listUnitPriceCents: number, tiers: PriceTier[], quantity: number): number {
  let price = listUnitPriceCents;
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity) price = tier.unitPriceCents;
  }
  return price;
}

export interface UnitPrice {
  unitPriceCents: number;
  /** Saving on the list price, in percent, one decimal. */
  discountPercent: number;
}

/** {@link quotedUnitPrice}'s price alone, given the supplier's own price for the quantity (`tierCents`). */
export function quotedUnitPriceCents(listUnitPriceCents: number, tierCents: number, quantity: number): number {
  return Math.min(tierCents, Math.round((listUnitPriceCents * (100 - volumeDiscountPercent(quantity))) / 100));
}

/**
 * The unit price a buyer is quoted: the better of the supplier's own tier price and the list
 * price less Procura's volume discount (every listed supplier honours the schedule as a floor).
 */
export function quotedUnitPrice(listUnitPriceCents: number, tiers: PriceTier[], quantity: number): UnitPrice {
  const unitPriceCents = quotedUnitPriceCents(listUnitPriceCents, tierUnitPriceCents(listUnitPriceCents, tiers, quantity), quantity);
  const discountPercent = listUnitPriceCents > 0 ? Math.round((1 - unitPriceCents / listUnitPriceCents) * 1000) / 10 : 0;
  return { unitPriceCents, discountPercent };
}

/** Great-circle distance between two cities in kilometres. */
export function distanceKm(a: City, b: City): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The distance allowance: the extra days a delivery may take by how far the buyer's city is from
 * the supplier's home city, the first band under whose `withinKm` it falls; the last band
 * (`withinKm` null) is farther, or a distance not known (the buyer named only a province).
 */
export const DISTANCE_BANDS: readonly { withinKm: number | null; days: number }[] = [
  { withinKm: 100, days: 1 },
  { withinKm: 500, days: 2 },
  { withinKm: null, days: 3 },
];

/** Extra days a delivery may take by distance: 1 within 100 km, 2 within 500 km, else 3. */
export function distanceBandDays(km: number | null): number {
  return DISTANCE_BANDS.find((b) => km !== null && b.withinKm !== null && km < b.withinKm)?.days ?? DISTANCE_BANDS.at(-1)!.days;
}

export interface LeadDays {
  min: number;
  max: number;
}

/** A lead time and what it is made of, as a supplier is shown it. */
export interface LeadTimeParts extends LeadDays {
  /** The supplier's own days to the area. */
  supplierDays: number;
  dispatchDays: number;
  /** Days added so that a lead time is at least one day. */
  roundedUpDays: number;
  /** The distance allowance, from min to max. */
  distanceDays: number;
}

/**
 * Lead time with its parts: dispatch days plus the supplier's stated delivery days to the area (at
 * least one day), widened by the distance allowance.
 */
export function leadTimeParts(dispatchDays: number, coverageLeadDays: number, km: number | null): LeadTimeParts {
  const stated = dispatchDays + coverageLeadDays;
  const min = Math.max(1, stated);
  const distanceDays = distanceBandDays(km);
  return { min, max: min + distanceDays, supplierDays: coverageLeadDays, dispatchDays, roundedUpDays: min - stated, distanceDays };
}

/** Lead time: dispatch days plus the supplier's stated delivery days to the area, widened by distance. */
export function leadTimeDays(dispatchDays: number, coverageLeadDays: number, km: number | null): LeadDays {
  const { min, max } = leadTimeParts(dispatchDays, coverageLeadDays, km);
  return { min, max };
}

export function formatLeadTime({ min, max }: LeadDays): string {
  return min === max ? `${min} day${min === 1 ? '' : 's'}` : `${min}-${max} days`;
}
