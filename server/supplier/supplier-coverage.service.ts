import type { z } from 'zod';
import { SUPPLIER_MESSAGES, type SupplierCoverage, type supplierCoverageInputSchema } from '../../contract/schemas/supplier-workspace';
import { marketChanged, type MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import { buyerLeadTimes } from '../domain/buyer-lead-times';
import { SmallMap } from '../domain/market';
import { DISTANCE_BANDS } from '../domain/pricing';
import { invalidFields } from '../errors';
import { recordSupplierAudit } from './supplier-users.repository';
import type { SupplierMember } from './supplier-users.service';

export interface SupplierCoverageDeps {
  database: Database;
  market: MarketStore;
  clock: () => number;
}

type CoverageInput = z.output<typeof supplierCoverageInputSchema>;

const SCOPE_ORDER = { national: 0, province: 1, city: 2 } as const;

/**
 * Where the supplier delivers, each place with what buyers are quoted for it: worked out by the
 * quote engine's own coverage, distance and lead-time rules from the rows as they now stand.
 */
async function readCoverage(db: Executor, supplierId: number): Promise<SupplierCoverage> {
  const [rows, cities, supplier] = await Promise.all([
    db.selectFrom('supplier_coverage').select(['scope', 'area', 'lead_days']).where('supplier_id', '=', supplierId).execute(),
    db.selectFrom('cities').select(['id', 'name', 'province', 'latitude', 'longitude']).orderBy('sort_order').execute(),
    db.selectFrom('suppliers').select(['dispatch_days', 'home_city_id']).where('id', '=', supplierId).executeTakeFirstOrThrow(),
  ]);
  const cityName = new Map(cities.map((c) => [c.id, `${c.name}, ${c.province}`]));
  const name = (scope: string, area: string) => (scope === 'national' ? 'All of South Africa' : scope === 'city' ? (cityName.get(area) ?? area) : area);
  const places = rows.map((r) => ({ scope: r.scope, area: r.area }));
  const national = rows.find((r) => r.scope === 'national');
  const coverage = {
    cities: new SmallMap(rows.filter((r) => r.scope === 'city').map((r) => [r.area, r.lead_days] as const)),
    provinces: new SmallMap(rows.filter((r) => r.scope === 'province').map((r) => [r.area, r.lead_days] as const)),
    national: national ? national.lead_days : null,
  };
  const located = cities.map((c) => ({ ...c, latitude: Number(c.latitude), longitude: Number(c.longitude) }));
  const home = located.find((c) => c.id === supplier.home_city_id);
  const buyers = buyerLeadTimes({ coverage, dispatchDays: supplier.dispatch_days }, home, located, places);
  return {
    areas: rows
      .map((r, i) => ({ scope: r.scope, area: r.area, name: name(r.scope, r.area), leadDays: r.lead_days, buyers: buyers[i]! }))
      .sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] || a.name.localeCompare(b.name)),
    provinces: [...new Set(cities.map((c) => c.province))].sort(),
    dispatchDays: supplier.dispatch_days,
    homeCity: home?.name ?? null,
    distanceAllowance: [...DISTANCE_BANDS],
  };
}

/** `GET /api/supplier/coverage`: where the signed-in supplier delivers, and the provinces one may choose. */
export function supplierCoverage(deps: SupplierCoverageDeps, member: SupplierMember): Promise<SupplierCoverage> {
  return readCoverage(deps.database.db, member.supplierId);
}

/**
 * `PUT /api/supplier/coverage`: replaces where the supplier delivers, in one transaction that
 * marks the market changed (the next quote uses it) and is audited. A city must be one Procura
 * knows (by id), a province one of its cities' provinces, and each place listed once; a bad one
 * is named by its position.
 */
export async function setSupplierCoverage(deps: SupplierCoverageDeps, member: SupplierMember, input: CoverageInput): Promise<SupplierCoverage> {
  const { db } = deps.database;
  const cities = await db.selectFrom('cities').select(['id', 'province']).execute();
  const cityIds = new Set(cities.map((c) => c.id));
  const provinces = new Set(cities.map((c) => c.province));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  input.areas.forEach((a, i) => {
    const area = a.scope === 'national' ? '' : a.area;
    if (a.scope === 'city' && !cityIds.has(area)) fields[`areas.${i}.area`] = SUPPLIER_MESSAGES.coverageCity;
    else if (a.scope === 'province' && !provinces.has(area)) fields[`areas.${i}.area`] = SUPPLIER_MESSAGES.coverageProvince;
    else if (seen.has(`${a.scope}|${area}`)) fields[`areas.${i}.area`] = SUPPLIER_MESSAGES.coverageTwice;
    seen.add(`${a.scope}|${area}`);
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  const nowMs = deps.clock();
  const coverage = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('supplier_coverage').where('supplier_id', '=', member.supplierId).execute();
    await trx
      .insertInto('supplier_coverage')
      .values(input.areas.map((a) => ({ supplier_id: member.supplierId, scope: a.scope, area: a.scope === 'national' ? '' : a.area, lead_days: a.leadDays })))
      .execute();
    await marketChanged(trx);
    await recordSupplierAudit(
      trx,
      { supplierId: member.supplierId, userId: member.id, action: 'coverage.update', rows: input.areas.length, detail: `${input.areas.length} places` },
      new Date(nowMs).toISOString(),
    );
    return readCoverage(trx, member.supplierId);
  });
  deps.market.invalidate();
  return coverage;
}
