import type { PublicSupplier } from '../../contract/schemas/public-supplier';
import { bbeeStanding } from '../../sdk/bbee';
import type { Database } from '../db/database';
import { validityDay } from '../domain/validity';
import { ApiError } from '../errors';
import { categoriesOf, deliveryAreasOf, publicSupplierRow } from './track-record.repository';
import { supplierScorecard } from './track-record.service';

const SCOPE_ORDER = { national: 0, province: 1, city: 2 } as const;

/** The specialties column: a JSON array of text, read forgivingly. */
function specialtiesOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
  } catch {
    return [];
  }
}

/**
 * `GET /api/suppliers/:supplier`: a supplier's public profile and scorecard, by its id or its slug,
 * as its public page shows them. Nothing of a buyer, and none of the supplier's contact details.
 */
export async function publicSupplier(deps: { database: Database; clock: () => number }, supplier: number | string): Promise<PublicSupplier> {
  const scorecard = await supplierScorecard(deps, supplier);
  const db = deps.database.db;
  const [row, areas, categories] = await Promise.all([
    publicSupplierRow(db, scorecard.supplierId),
    deliveryAreasOf(db, scorecard.supplierId),
    categoriesOf(db, scorecard.supplierId),
  ]);
  if (!row) throw new ApiError(404, 'supplier_not_found', 'Supplier not found');
  const deliveryAreas = areas
    .map((a) => ({
      scope: a.scope,
      name: a.scope === 'national' ? 'Nationwide' : a.scope === 'province' ? a.area : a.city_name ? `${a.city_name}, ${a.city_province}` : a.area,
      leadDays: Number(a.lead_days),
    }))
    .sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] || a.name.localeCompare(b.name));
  return {
    id: row.id,
    slug: scorecard.slug,
    name: row.name,
    city: row.city,
    province: row.province,
    verified: Number(row.verified) === 1,
    deliveryAreas,
    bbee: bbeeStanding(row.bbee_level, row.bbee_evidence, row.bbee_expires_on, validityDay(deps.clock())),
    vat: { registered: row.vat_number !== null, number: row.vat_number },
    registrationNumber: row.registration_number,
    specialties: specialtiesOf(row.specialties),
    categories,
    scorecard,
  };
}

/** A supplier's page path, `/suppliers/{slug}`. */
const SUPPLIER_PAGE = /^\/suppliers\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** What the server renders a supplier's page with: the supplier of the path's slug, or null when there is none. */
export async function supplierPageData(deps: { database: Database; clock: () => number }, path: string): Promise<PublicSupplier | null> {
  const slug = SUPPLIER_PAGE.exec(path)?.[1];
  if (!slug) return null;
  try {
    return await publicSupplier(deps, slug);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
