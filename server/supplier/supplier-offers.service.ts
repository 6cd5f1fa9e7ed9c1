import type { z } from 'zod';
import { readPriceList } from '../../contract/bulk-text';
import type { InvalidLine } from '../../contract/schemas/import-calls';
import {
  OFFER_MESSAGES,
  type newSupplierOfferSchema,
  type OfferImportResult,
  type offerImportSchema,
  type SupplierOffer,
  type SupplierOffers,
  type supplierOfferChangeSchema,
} from '../../contract/schemas/supplier-offers';
import { centsToRand } from '../../sdk/format';
import { checkSize, invalidLinesError, reference } from '../catalogue/import/lines';
import { planProducts } from '../catalogue/import/plan-products';
import { marketChanged, type MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import { validityDay } from '../domain/validity';
import { ApiError, invalidFields } from '../errors';
import { datePriceList, ensureCategories, findOffersOf, findPriceListDate, lockPriceLists, replaceOffers, type OfferRow } from './supplier-offers.repository';
import { recordSupplierAudit } from './supplier-users.repository';
import type { SupplierMember } from './supplier-users.service';

export interface SupplierOffersDeps {
  database: Database;
  market: MarketStore;
  clock: () => number;
}

const offerNotFound = () => new ApiError(404, 'offer_not_found', OFFER_MESSAGES.offerNotFound);
const toCents = (rand: number) => Math.round(rand * 100);

/** Whether an offer is quoted on `day`: in stock and within its dates. */
function quotedOn(row: Pick<OfferRow, 'in_stock' | 'valid_from' | 'valid_until'>, day: string): boolean {
  return row.in_stock === 1 && (row.valid_from === null || row.valid_from <= day) && (row.valid_until === null || row.valid_until >= day);
}

function toApiOffer(row: OfferRow, day: string): SupplierOffer {
  return {
    offerId: row.id,
    catalogueItemId: row.catalogue_item_id,
    productName: row.name,
    categoryName: row.category_name,
    unit: row.unit,
    unitPrice: centsToRand(row.unit_price_cents),
    minimumOrderQuantity: row.minimum_order_quantity,
    tiers: row.tiers.map((t) => ({ minQuantity: t.minQuantity, unitPrice: centsToRand(t.unitPriceCents) })),
    inStock: row.in_stock === 1,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    quoted: quotedOn(row, day),
  };
}

/** An offer's terms as stored, in cents. */
interface Terms {
  unitPriceCents: number;
  minimumOrderQuantity: number;
  tiers: { minQuantity: number; unitPriceCents: number }[];
  inStock: boolean;
  validFrom: string | null;
  validUntil: string | null;
}

/** The rules across an offer's fields, each broken one named by its field. */
function checkTerms(t: Terms): void {
  const fields: Record<string, string> = {};
  t.tiers.forEach((tier, i) => {
    if (tier.minQuantity <= t.minimumOrderQuantity) fields[`tiers.${i}.minQuantity`] = OFFER_MESSAGES.tierQuantity;
    else if (i > 0 && tier.minQuantity <= t.tiers[i - 1]!.minQuantity) fields[`tiers.${i}.minQuantity`] = OFFER_MESSAGES.tierOrder;
    if (tier.unitPriceCents >= t.unitPriceCents) fields[`tiers.${i}.unitPrice`] = OFFER_MESSAGES.tierPrice;
  });
  if (t.validFrom !== null && t.validUntil !== null && t.validUntil < t.validFrom) fields.validUntil = OFFER_MESSAGES.dateOrder;
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/** The columns an offer's terms are stored in; volume prices as the market reads them fastest. */
function termColumns(t: Terms) {
  return {
    unit_price_cents: t.unitPriceCents,
    minimum_order_quantity: t.minimumOrderQuantity,
    tiers: JSON.stringify(t.tiers.map((x) => ({ minQuantity: x.minQuantity, unitPriceCents: x.unitPriceCents }))),
    in_stock: t.inStock ? 1 : 0,
    valid_from: t.validFrom,
    valid_until: t.validUntil,
  };
}

/**
 * A change of the signed-in supplier's price list, in one transaction: the write, the day its
 * price list changed, the market revision bumped (every process quotes from it next) and its
 * audit row. Then this process drops its snapshot at once.
 */
async function changePriceList<T>(
  deps: SupplierOffersDeps,
  member: SupplierMember,
  audit: { action: string; rows: number; detail: string },
  write: (trx: Executor) => Promise<T>,
): Promise<T> {
  const now = new Date(deps.clock());
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const written = await write(trx);
    await datePriceList(trx, member.supplierId, validityDay(now.getTime()));
    await marketChanged(trx);
    await recordSupplierAudit(trx, { supplierId: member.supplierId, userId: member.id, ...audit }, now.toISOString());
    return written;
  });
  deps.market.invalidate();
  return result;
}

/** `GET /api/supplier/offers`: the signed-in supplier's price list, by product name. */
export async function listOffers(deps: SupplierOffersDeps, member: SupplierMember): Promise<SupplierOffers> {
  const { db } = deps.database;
  const day = validityDay(deps.clock());
  const [rows, priceListDate] = await Promise.all([findOffersOf(db, member.supplierId), findPriceListDate(db, member.supplierId)]);
  return { offers: rows.map((r) => toApiOffer(r, day)), priceListDate };
}

async function oneOffer(db: Executor, member: SupplierMember, offerId: number, day: string): Promise<SupplierOffer> {
  const [row] = await findOffersOf(db, member.supplierId, offerId);
  if (!row) throw offerNotFound();
  return toApiOffer(row, day);
}

/**
 * `POST /api/supplier/offers`: a catalogue product the supplier starts offering. Its category
 * joins the supplier's; 409 `offer_exists` when the product is already on the list.
 */
export async function addOffer(deps: SupplierOffersDeps, member: SupplierMember, input: z.output<typeof newSupplierOfferSchema>): Promise<SupplierOffer> {
  const { db } = deps.database;
  const item = await db.selectFrom('catalogue_items').select(['id', 'name', 'category_id']).where('id', '=', input.catalogueItemId).executeTakeFirst();
  if (!item) throw invalidFields({ catalogueItemId: 'Choose a product from the catalogue' });
  const terms: Terms = {
    ...input,
    unitPriceCents: toCents(input.unitPrice),
    tiers: input.tiers.map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: toCents(t.unitPrice) })),
  };
  checkTerms(terms);
  const offerId = await changePriceList(deps, member, { action: 'offers.add', rows: 1, detail: item.name }, async (trx) => {
    const taken = await trx
      .selectFrom('offers')
      .select('id')
      .where('supplier_id', '=', member.supplierId)
      .where('catalogue_item_id', '=', item.id)
      .executeTakeFirst();
    if (taken) throw new ApiError(409, 'offer_exists', OFFER_MESSAGES.offerExists);
    const row = await trx
      .insertInto('offers')
      .values({ supplier_id: member.supplierId, catalogue_item_id: item.id, ...termColumns(terms) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureCategories(trx, member.supplierId, [item.category_id]);
    return row.id;
  });
  return oneOffer(db, member, offerId, validityDay(deps.clock()));
}

/**
 * `PATCH /api/supplier/offers/:offerId`: changes an offer's terms; the rules across fields are
 * checked against the offer as it then stands. Another supplier's offer answers 404.
 */
export async function changeOffer(
  deps: SupplierOffersDeps,
  member: SupplierMember,
  offerId: number,
  change: z.output<typeof supplierOfferChangeSchema>,
): Promise<SupplierOffer> {
  const { db } = deps.database;
  const [row] = await findOffersOf(db, member.supplierId, offerId);
  if (!row) throw offerNotFound();
  const terms: Terms = {
    unitPriceCents: change.unitPrice === undefined ? row.unit_price_cents : toCents(change.unitPrice),
    minimumOrderQuantity: change.minimumOrderQuantity ?? row.minimum_order_quantity,
    tiers: change.tiers ? change.tiers.map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: toCents(t.unitPrice) })) : row.tiers,
    inStock: change.inStock ?? row.in_stock === 1,
    validFrom: change.validFrom === undefined ? row.valid_from : change.validFrom,
    validUntil: change.validUntil === undefined ? row.valid_until : change.validUntil,
  };
  checkTerms(terms);
  const changed = Object.keys(change).join(', ');
  await changePriceList(deps, member, { action: 'offers.update', rows: 1, detail: `${row.name}: ${changed}` }, async (trx) => {
    const result = await trx
      .updateTable('offers')
      .set(termColumns(terms))
      .where('id', '=', offerId)
      .where('supplier_id', '=', member.supplierId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw offerNotFound();
  });
  return oneOffer(db, member, offerId, validityDay(deps.clock()));
}

/** `DELETE /api/supplier/offers/:offerId`: takes a product off the price list; another supplier's offer answers 404. */
export async function removeOffer(deps: SupplierOffersDeps, member: SupplierMember, offerId: number): Promise<void> {
  const [row] = await findOffersOf(deps.database.db, member.supplierId, offerId);
  if (!row) throw offerNotFound();
  await changePriceList(deps, member, { action: 'offers.remove', rows: 1, detail: row.name }, async (trx) => {
    const result = await trx.deleteFrom('offers').where('id', '=', offerId).where('supplier_id', '=', member.supplierId).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw offerNotFound();
  });
}

/**
 * `POST /api/supplier/offers/import`: replaces the price list from pasted text, through the
 * catalogue import's reader and checks, all or none. Each line names a product of the catalogue (a
 * supplier adds none of its own) and sets its unit price, volume prices cleared as an admin
 * import does; every offer the text does not list is removed. With `dryRun`, the preview: each
 * line, what is removed, and every bad line with its reason.
 */
export async function importOffers(deps: SupplierOffersDeps, member: SupplierMember, input: z.output<typeof offerImportSchema>): Promise<OfferImportResult> {
  const lines = readPriceList(input.data, member.supplierId);
  checkSize(lines);
  const planOn = async (db: Executor) => {
    const { plans, invalid } = await planProducts(db, lines, await reference(db));
    const bad: InvalidLine[] = [...invalid];
    for (const p of plans) if (p.item.id === null) bad.push({ line: p.line, reason: OFFER_MESSAGES.notInCatalogue(p.input.name, p.category.name) });
    const listed = new Set(plans.map((p) => p.item.id));
    const current = await findOffersOf(db, member.supplierId);
    const gone = current.filter((o) => !listed.has(o.catalogue_item_id));
    return { plans: plans.filter((p) => p.item.id !== null), invalid: bad.sort((a, b) => a.line - b.line), gone };
  };
  const counts = (planned: Awaited<ReturnType<typeof planOn>>) => ({
    added: planned.plans.filter((p) => !p.exists).length,
    updated: planned.plans.filter((p) => p.exists).length,
    removed: planned.gone.length,
  });
  if (input.dryRun) {
    const planned = await planOn(deps.database.db);
    return {
      dryRun: true,
      ...counts(planned),
      lines: planned.plans.map((p) => ({
        line: p.line,
        productName: p.item.name,
        unitPrice: centsToRand(p.unitPriceCents),
        unit: p.item.unit,
        action: p.exists ? ('update' as const) : ('add' as const),
      })),
      removedProducts: planned.gone.map((o) => o.name),
      invalidLines: planned.invalid,
    };
  }
  const now = new Date(deps.clock());
  const result = await deps.database.db.transaction().execute(async (trx) => {
    await lockPriceLists(trx, deps.database.dialect);
    const planned = await planOn(trx);
    if (planned.invalid.length > 0) throw invalidLinesError(planned.invalid);
    await replaceOffers(
      trx,
      member.supplierId,
      planned.plans.map((p) => ({ catalogueItemId: p.item.id!, unitPriceCents: p.unitPriceCents })),
      planned.gone.map((o) => o.id),
    );
    await ensureCategories(
      trx,
      member.supplierId,
      planned.plans.map((p) => p.category.id),
    );
    await datePriceList(trx, member.supplierId, validityDay(now.getTime()));
    await marketChanged(trx);
    const c = counts(planned);
    await recordSupplierAudit(
      trx,
      {
        supplierId: member.supplierId,
        userId: member.id,
        action: 'offers.import',
        rows: lines.length,
        detail: `${c.added} added, ${c.updated} updated, ${c.removed} removed`,
      },
      now.toISOString(),
    );
    return { dryRun: false, ...c };
  });
  deps.market.invalidate();
  return result;
}
