import type { Transaction } from 'kysely';
import { LINE_REASONS } from '../../contract/schemas/imports';
import { applyProducts, IMPORT_DEFAULTS } from '../catalogue/import/apply';
import * as importRepo from '../catalogue/import/import.repository';
import { reference } from '../catalogue/import/lines';
import { planProducts } from '../catalogue/import/plan-products';
import { marketChanged } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { recordAudit } from '../staff/audit.service';
import type { ImportPath, ProductImport, SupplierImport } from './review.service';

/** What staff fill in when approving an item the page left short (each defaults to what the page gave). */
export interface ApprovalInput {
  email?: string | undefined;
  city?: string | undefined;
  category?: string | undefined;
  unit?: string | undefined;
}

/**
 * What an approved supplier starts with where the page says nothing: the import's line
 * defaults (no response time or specialties; no rating, which only buyers give) and its terms
 * (`IMPORT_DEFAULTS`). Like an imported one it claims no delivery record and is not verified.
 */
const APPROVED_SUPPLIER = { responseTimeHours: null } as const;

export const APPROVAL_MESSAGES = {
  emailMissing: 'The page gave no e-mail address: enter the supplier\u2019s e-mail to approve it',
  cityMissing: 'The page named no city: enter the supplier\u2019s city to approve it',
  cityUnknown: (place: string) => `"${place}" is not one of Procura's cities: enter the nearest one`,
  unitMissing: 'Enter the unit the price is for, such as litres, kg, packs or pieces',
  categoryMissing: 'Enter the product\u2019s category',
  supplierExists: (id: number) => `A supplier with this e-mail address exists already (#${id})`,
  supplierMissing: 'The supplier this product was found for no longer exists: approve the product again once its supplier is back',
} as const;

/** The field a product line's reason is about: each names its field first ('Unit must be…', 'Unknown category…'); a unit mismatch names the item. */
function reasonField(reason: string): string {
  const field = /^(Unknown category|Category|Name|Description|Price)\b/.exec(reason)?.[1];
  if (!field) return 'unit';
  return field === 'Unknown category' ? 'category' : field.toLowerCase();
}

/**
 * The import path of approvals: an approved supplier becomes a supplier as an imported one does
 * (unverified, no delivery record, the import's terms), delivering in its home city but serving
 * no category, so it is quoted only once it has a price list; an approved product joins its
 * supplier's price list through the admin product import itself (catalogue item, unit
 * conversion, offer, category, price list date). Each runs in the approval's transaction with
 * the import lock, the market revision and the audit entry, so all of it stands or falls together.
 */
export function approvalImportPath(database: Database, staffId: number, itemId: number, input: ApprovalInput, now: Date): ImportPath {
  const at = now.toISOString();
  const audit = (trx: Transaction<DB>, detail: string) => recordAudit(trx, { staffId, action: 'scraping.approve', rows: 1, detail }, at);
  return {
    async createSupplier(trx: Transaction<DB>, s: SupplierImport) {
      await importRepo.lockImports(trx, database.dialect);
      const ref = await reference(trx);
      const email = input.email ?? s.email;
      const place = input.city ?? s.cityId ?? s.cityText;
      const city = place ? ref.city(place) : undefined;
      const fields: Record<string, string> = {};
      if (!email) fields.email = APPROVAL_MESSAGES.emailMissing;
      if (!place) fields.city = APPROVAL_MESSAGES.cityMissing;
      else if (!city) fields.city = input.city ? LINE_REASONS.unknownCity(input.city) : APPROVAL_MESSAGES.cityUnknown(place);
      if (Object.keys(fields).length > 0) throw invalidFields(fields);
      const [existing] = await importRepo.suppliersByEmail(trx, [email!.toLowerCase()]);
      if (existing) throw new ApiError(409, 'supplier_exists', APPROVAL_MESSAGES.supplierExists(existing.id));
      const ids = await importRepo.insertSuppliers(trx, [
        {
          name: s.name,
          contact_person: '',
          email: email!,
          phone: s.phone ?? '',
          home_city_id: city!.id,
          verified: 0,
          response_time_hours: APPROVED_SUPPLIER.responseTimeHours,
          dispatch_days: IMPORT_DEFAULTS.dispatchDays,
          payment_terms: IMPORT_DEFAULTS.paymentTerms,
          validity_days: IMPORT_DEFAULTS.validityDays,
          price_list_date: at.slice(0, 10),
          created_at: at,
          specialties: '[]',
        },
      ]);
      const id = ids.get(email!.toLowerCase())!;
      await importRepo.ensureCityCoverage(trx, [{ supplier_id: id, area: city!.id, lead_days: IMPORT_DEFAULTS.cityLeadDays }]);
      await marketChanged(trx);
      await audit(trx, `review item ${itemId}: supplier ${id} added`);
      return { id };
    },

    async createProduct(trx: Transaction<DB>, p: ProductImport) {
      await importRepo.lockImports(trx, database.dialect);
      const unit = input.unit ?? p.unit;
      const category = input.category ?? p.categoryId;
      const fields: Record<string, string> = {};
      if (!unit) fields.unit = APPROVAL_MESSAGES.unitMissing;
      if (!category) fields.category = APPROVAL_MESSAGES.categoryMissing;
      if (Object.keys(fields).length > 0) throw invalidFields(fields);
      const values = {
        name: p.name,
        description: (p.description ?? '').slice(0, 1000),
        price: (p.priceCents / 100).toFixed(2),
        unit,
        category,
        supplierId: p.supplierId,
      };
      const { plans, invalid } = await planProducts(trx, [{ line: 1, kind: 'product', values }], await reference(trx));
      const reason = invalid[0]?.reason;
      if (reason !== undefined) {
        if (reason === LINE_REASONS.unknownSupplier(p.supplierId)) throw new ApiError(409, 'product_supplier_missing', APPROVAL_MESSAGES.supplierMissing);
        throw invalidFields({ [reasonField(reason)]: reason });
      }
      const { added } = await applyProducts(trx, plans, now);
      await marketChanged(trx);
      await audit(trx, `review item ${itemId}: product ${added > 0 ? 'added to' : 'priced again for'} supplier ${p.supplierId}`);
    },
  };
}
