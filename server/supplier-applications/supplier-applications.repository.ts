import { type Insertable, type Selectable, sql } from 'kysely';
import { IMPORT_DEFAULTS } from '../catalogue/import/apply';
import * as importRepo from '../catalogue/import/import.repository';
import type { Executor as Db } from '../db/executor';
import type { SupplierApplicationsTable } from '../db/schema';

export type ApplicationRow = Selectable<SupplierApplicationsTable>;
type ClaimReason = NonNullable<ApplicationRow['claim_reason']>;

/** Stores a new, unverified application; answers its id. */
export async function insertApplication(db: Db, row: Insertable<SupplierApplicationsTable>): Promise<number> {
  return (await db.insertInto('supplier_applications').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** An application by id. */
export function findApplication(db: Db, id: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('supplier_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The applications of a status, newest first, with the name of the supplier each claims. */
export function listApplications(db: Db, status: ApplicationRow['status'], limit: number) {
  return db
    .selectFrom('supplier_applications as a')
    .leftJoin('suppliers as s', 's.id', 'a.claim_supplier_id')
    .leftJoin('cities as c', 'c.id', 'a.city_id')
    .selectAll('a')
    .select(['s.name as claim_supplier_name', 'c.name as city_name', 'c.province as city_province'])
    .where('a.status', '=', status)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks an unverified application verified (pending for staff), with what it claims; answers whether it was unverified. */
export async function markVerified(db: Db, id: number, claim: { supplierId: number; reason: ClaimReason } | null, now: string): Promise<boolean> {
  const result = await db
    .updateTable('supplier_applications')
    .set({ status: 'pending', verified_at: now, claim_supplier_id: claim?.supplierId ?? null, claim_reason: claim?.reason ?? null })
    .where('id', '=', id)
    .where('status', '=', 'unverified')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records staff's decision on a pending application; answers whether it was pending. */
export async function markDecided(
  db: Db,
  id: number,
  decision: { status: 'approved'; supplierId: number } | { status: 'rejected'; reason: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('supplier_applications')
    .set({
      status: decision.status,
      decided_at: now,
      supplier_id: decision.status === 'approved' ? decision.supplierId : null,
      rejection_reason: decision.status === 'rejected' ? decision.reason : null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes applications never verified, made before `before`; answers how many. */
export async function pruneUnverified(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('supplier_applications').where('status', '=', 'unverified').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The supplier on Procura an application's keys name, first by registration number, then VAT
 * number, then website domain (a supplier whose e-mail is at that domain); undefined for none.
 */
export async function findClaimed(
  db: Db,
  keys: { registrationNumber: string; vatNumber: string | null; domain: string | null },
): Promise<{ id: number; name: string; reason: ClaimReason } | undefined> {
  const byRegistration = await db
    .selectFrom('suppliers')
    .select(['id', 'name'])
    .where('registration_number', '=', keys.registrationNumber)
    .orderBy('id')
    .executeTakeFirst();
  if (byRegistration) return { ...byRegistration, reason: 'registrationNumber' };
  if (keys.vatNumber !== null) {
    const byVat = await db.selectFrom('suppliers').select(['id', 'name']).where('vat_number', '=', keys.vatNumber).orderBy('id').executeTakeFirst();
    if (byVat) return { ...byVat, reason: 'vatNumber' };
  }
  if (keys.domain !== null) {
    const byDomain = await db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where(sql<string>`lower(email)`, 'like', `%@${keys.domain.replace(/[%_\\]/g, '')}`)
      .orderBy('id')
      .executeTakeFirst();
    if (byDomain) return { ...byDomain, reason: 'websiteDomain' };
  }
  return undefined;
}

/** Whether a supplier has people who sign in for it (enabled ones). */
export async function hasWorkspaceUsers(db: Db, supplierId: number): Promise<boolean> {
  const row = await db.selectFrom('supplier_users').select('id').where('supplier_id', '=', supplierId).where('disabled_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** A supplier's name, if it exists. */
export async function supplierName(db: Db, supplierId: number): Promise<string | undefined> {
  return (await db.selectFrom('suppliers').select('name').where('id', '=', supplierId).executeTakeFirst())?.name;
}

/** Category names by id. */
export async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('categories').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The B-BBEE columns of an application's level: a level 1-8 on a certificate to its expiry, 0 for non-compliant. */
function bbeeColumns(a: ApplicationRow) {
  return {
    bbee_level: a.bbee_level,
    bbee_evidence: a.bbee_level !== null && a.bbee_level > 0 ? 'certificate' : null,
    bbee_expires_on: a.bbee_level !== null && a.bbee_level > 0 ? a.bbee_expires_on : null,
  };
}

/**
 * Adds the supplier an application describes, through the import's own statements: unverified,
 * on the import's terms, its categories as its specialties but serving none until its price list
 * names products. It delivers nowhere until it says where: it is quoted once its workspace's
 * checklist is done (an in-stock price-list item and a delivery area).
 */
export async function insertSupplierOf(db: Db, a: ApplicationRow, categoryNamesOf: string[], now: string): Promise<number> {
  const ids = await importRepo.insertSuppliers(db, [
    {
      name: a.trading_name ?? a.company_name,
      contact_person: a.contact_name,
      email: a.email,
      phone: a.phone,
      home_city_id: a.city_id,
      verified: 0,
      response_time_hours: null,
      dispatch_days: IMPORT_DEFAULTS.dispatchDays,
      payment_terms: IMPORT_DEFAULTS.paymentTerms,
      validity_days: IMPORT_DEFAULTS.validityDays,
      price_list_date: now.slice(0, 10),
      created_at: now,
      specialties: JSON.stringify(categoryNamesOf),
      registration_number: a.registration_number,
      vat_number: a.vat_number,
      ...bbeeColumns(a),
    },
  ]);
  return ids.get(a.email)!;
}

/** A claimed supplier takes the application's registration, VAT (when given) and B-BBEE standing. */
export async function updateClaimedSupplier(db: Db, supplierId: number, a: ApplicationRow): Promise<void> {
  await db
    .updateTable('suppliers')
    .set({ registration_number: a.registration_number, ...(a.vat_number === null ? {} : { vat_number: a.vat_number }), ...bbeeColumns(a) })
    .where('id', '=', supplierId)
    .execute();
}

/** Whether a supplier already has this lower-cased e-mail address. */
export async function supplierWithEmail(db: Db, email: string): Promise<number | undefined> {
  return (await importRepo.suppliersByEmail(db, [email]))[0]?.id;
}

/** What an application's e-mails show: the company's name and, once rejected, staff's reason. */
export function applicationForMail(db: Db, id: number) {
  return db.selectFrom('supplier_applications').select(['company_name', 'rejection_reason']).where('id', '=', id).executeTakeFirst();
}
