import type { Kysely } from 'kysely';
import {
  APPLICATION_MESSAGES,
  FIRST_REGISTRATION_YEAR,
  type ApplicationAnswer,
  type ApplicationStatus,
  type SupplierApplicationItem,
  type supplierApplicationSchema,
} from '../../contract/schemas/supplier-applications';
import type { z } from 'zod';
import { marketChanged, type MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { cityFullName, nearPlaces, resolveLocation } from '../domain/interpret';
import { ApiError, invalidFields } from '../errors';
import { admit, rateLimited, type RatePolicy } from '../limits/rate-limiter';
import { mailboxOf, websiteDomain } from '../mail/guard';
import type { Outbox } from '../mail/outbox';
import { issueLink, spendLink, type LinkKind } from '../sign-in-links/sign-in-links';
import { recordAudit } from '../staff/audit.service';
import { addApplicant } from '../supplier/supplier-invitations.service';
import { liftStop, listedSupplier } from '../listed-suppliers/listed-suppliers.service';
import * as repo from './supplier-applications.repository';

/** How long the verification link of an application works, in hours. */
export const APPLICATION_LINK_HOURS = 24;

/** Unverified applications are deleted this many days after they were made. */
const UNVERIFIED_APPLICATION_DAYS = 7;

/**
 * The link that verifies an application's address: `ap_…`, once, within 24 hours; one per
 * application, which is its owner.
 */
export const APPLICANT_LINKS: LinkKind = {
  kind: 'applicant',
  prefix: 'ap_',
  lifetimeMinutes: APPLICATION_LINK_HOURS * 60,
  liveAtOnce: 1,
  owners: 'supplier_applications',
};

/** Applications from one mailbox (the guard's canonical form) in any 24 hours. */
const APPLICATIONS_PER_MAILBOX: RatePolicy = { bucket: 'supplier-applications-per-mailbox', limit: 3, windowSeconds: 24 * 3600, sliding: true };

/** Applications in a queue's answer. */
const LIST_LIMIT = 200;

const DAY_MS = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface ApplicationDeps {
  database: Database;
  outbox: Outbox;
  market: MarketStore;
  clock: () => number;
}

type Application = z.output<typeof supplierApplicationSchema>;

/** The field messages of what only the server can check: the registration year by its clock, the certificate's expiry, the city and the categories. */
async function serverChecks(deps: ApplicationDeps, a: Application, nowMs: number): Promise<{ cityId: string }> {
  const fields: Record<string, string> = {};
  const thisYear = new Date(nowMs).getUTCFullYear();
  const year = Number(a.registrationNumber.slice(0, 4));
  if (year < FIRST_REGISTRATION_YEAR || year > thisYear) fields.registrationNumber = APPLICATION_MESSAGES.registrationYear(thisYear);
  if (a.bbeeExpiresOn !== undefined && a.bbeeExpiresOn < iso(nowMs).slice(0, 10)) fields.bbeeExpiresOn = APPLICATION_MESSAGES.bbeeExpired;
  const market = await deps.market.current();
  const city = resolveLocation(market, a.city).city;
  if (city === null) fields.city = APPLICATION_MESSAGES.cityUnknown(nearPlaces(market, a.city, 3).map((n) => cityFullName(n.city)));
  if (a.categories.some((id) => !market.categoriesById.has(id))) fields.categories = APPLICATION_MESSAGES.categoryUnknown;
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return { cityId: city!.id };
}

/** The 409 of a business already on Procura with people who sign in for it: the way in is theirs. */
const hasUsers = (supplierName: string) => new ApiError(409, 'supplier_has_users', APPLICATION_MESSAGES.hasUsers(supplierName));

const claimKeys = (a: { registration_number: string; vat_number: string | null; website: string | null }) => ({
  registrationNumber: a.registration_number,
  vatNumber: a.vat_number,
  domain: a.website === null ? null : websiteDomain(a.website),
});

/**
 * `POST /api/supplier-applications`: stores the application unverified and e-mails its address a
 * link that verifies it (the e-mail carries nothing typed but the company's name). A business
 * already on Procura with people who sign in for it is refused (409) with the way in; one address
 * applies at most 3 times a day, counted by the mailbox it reaches.
 */
export async function applyToSupply(deps: ApplicationDeps, a: Application): Promise<ApplicationAnswer> {
  const nowMs = deps.clock();
  const now = iso(nowMs);
  const { cityId } = await serverChecks(deps, a, nowMs);
  const row = {
    company_name: a.companyName,
    trading_name: a.tradingName ?? null,
    registration_number: a.registrationNumber,
    vat_number: a.vatNumber ?? null,
    bbee_level: a.bbeeLevel === undefined ? null : a.bbeeLevel === 'non-compliant' ? 0 : a.bbeeLevel,
    bbee_expires_on: a.bbeeExpiresOn ?? null,
    contact_name: a.contactName,
    email: a.email,
    phone: a.phone,
    city_id: cityId,
    categories: JSON.stringify(a.categories),
    website: a.website ?? null,
    status: 'unverified' as const,
    created_at: now,
  };
  await deps.database.db.transaction().execute(async (trx) => {
    const claimed = await repo.findClaimed(trx, claimKeys(row));
    if (claimed && (await repo.hasWorkspaceUsers(trx, claimed.id))) throw hasUsers(claimed.name);
    const admission = await admit(trx, APPLICATIONS_PER_MAILBOX, mailboxOf(a.email), nowMs);
    if (!admission.allowed) throw rateLimited(admission.resetSeconds, APPLICATION_MESSAGES.tooMany);
    const id = await repo.insertApplication(trx, row);
    const link = await issueLink(trx, APPLICANT_LINKS, id, nowMs);
    await deps.outbox.enqueue(trx, [{ kind: 'supplier-application', recipient: a.email, payload: { applicationId: id, token: link.token } }], new Date(nowMs));
  });
  deps.outbox.notify();
  return { message: APPLICATION_MESSAGES.checkEmail };
}

/**
 * `POST /api/supplier-applications/verify`: spends the e-mailed link once and sends the
 * application to staff, with the supplier it claims (by registration number, VAT number or
 * website domain) or none. A claim of a supplier whose people sign in already is refused (409).
 */
export async function verifyApplication(db: Kysely<DB>, token: string, nowMs: number): Promise<ApplicationAnswer> {
  await db.transaction().execute(async (trx) => {
    const id = await spendLink(trx, APPLICANT_LINKS, token, nowMs);
    const row = id === undefined ? undefined : await repo.findApplication(trx, id);
    if (row?.status !== 'unverified') throw new ApiError(400, 'invalid_token', APPLICATION_MESSAGES.linkInvalid);
    const claimed = await repo.findClaimed(trx, claimKeys(row));
    if (claimed && (await repo.hasWorkspaceUsers(trx, claimed.id))) throw hasUsers(claimed.name);
    await repo.markVerified(trx, row.id, claimed ? { supplierId: claimed.id, reason: claimed.reason } : null, iso(nowMs));
  });
  return { message: APPLICATION_MESSAGES.verified };
}

/** `GET /api/admin/supplier-applications?status=`: the applications of a status, newest first. */
export async function listApplications(db: Kysely<DB>, status: ApplicationStatus): Promise<{ applications: SupplierApplicationItem[] }> {
  const [rows, names] = await Promise.all([repo.listApplications(db, status, LIST_LIMIT), repo.categoryNames(db)]);
  return {
    applications: rows.map((r) => ({
      id: r.id,
      status,
      companyName: r.company_name,
      tradingName: r.trading_name,
      registrationNumber: r.registration_number,
      vatNumber: r.vat_number,
      bbeeLevel: r.bbee_level === null ? null : r.bbee_level === 0 ? 'non-compliant' : r.bbee_level,
      bbeeExpiresOn: r.bbee_expires_on,
      contactName: r.contact_name,
      email: r.email,
      phone: r.phone,
      city: r.city_name ? `${r.city_name}, ${r.city_province}` : r.city_id,
      categories: (JSON.parse(r.categories) as string[]).map((id) => names.get(id) ?? id),
      website: r.website,
      claimOf:
        r.claim_supplier_id !== null && r.claim_reason !== null
          ? { supplierId: r.claim_supplier_id, supplierName: r.claim_supplier_name ?? `#${r.claim_supplier_id}`, reason: r.claim_reason }
          : null,
      supplierId: r.supplier_id,
      rejectionReason: r.rejection_reason,
      createdAt: r.created_at,
      verifiedAt: r.verified_at,
      decidedAt: r.decided_at,
    })),
  };
}

/** A pending application in the decision's transaction: 404 when there is none, 409 when it is decided. */
async function pendingApplication(trx: Parameters<typeof repo.findApplication>[0], id: number): Promise<repo.ApplicationRow> {
  const row = await repo.findApplication(trx, id);
  if (!row || row.status === 'unverified') throw new ApiError(404, 'application_not_found', APPLICATION_MESSAGES.notFound);
  if (row.status !== 'pending') throw new ApiError(409, 'application_decided', APPLICATION_MESSAGES.decided);
  return row;
}

const CLAIM_WORDS = { registrationNumber: 'registration number', vatNumber: 'VAT number', websiteDomain: 'website domain' } as const;

/**
 * `POST /api/admin/supplier-applications/:id/approve`: creates the supplier, or for a claim gives
 * the supplier the application's registration, VAT and B-BBEE details; the applicant becomes its
 * first person and is e-mailed a sign-in link. Audited; answers the supplier's id.
 */
export async function approveApplication(deps: ApplicationDeps, staffId: number, id: number): Promise<{ supplierId: number }> {
  const nowMs = deps.clock();
  const now = iso(nowMs);
  const supplierId = await deps.database.db.transaction().execute(async (trx) => {
    const row = await pendingApplication(trx, id);
    let supplierId: number;
    if (row.claim_supplier_id !== null) {
      supplierId = row.claim_supplier_id;
      const name = await repo.supplierName(trx, supplierId);
      if (name === undefined)
        throw new ApiError(404, 'supplier_not_found', 'The supplier this application claims no longer exists: reject it, and the business can apply again');
      if (await repo.hasWorkspaceUsers(trx, supplierId)) throw hasUsers(name);
      await repo.updateClaimedSupplier(trx, supplierId, row);
    } else {
      const existing = await repo.supplierWithEmail(trx, row.email);
      if (existing !== undefined) throw new ApiError(409, 'supplier_exists', `A supplier with this e-mail address exists already (#${existing})`);
      const names = await repo.categoryNames(trx);
      supplierId = await repo.insertSupplierOf(
        trx,
        row,
        (JSON.parse(row.categories) as string[]).map((c) => names.get(c) ?? c),
        now,
      );
    }
    // The business joined: a stop its listed address asked for is lifted.
    const listed = await listedSupplier(trx, supplierId);
    if (listed) await liftStop(trx, listed.email);
    await marketChanged(trx);
    const supplierName = (await repo.supplierName(trx, supplierId))!;
    await addApplicant(trx, deps.outbox, { supplierId, supplierName, email: row.email, name: row.contact_name }, nowMs, APPLICATION_MESSAGES.emailTaken);
    await repo.markDecided(trx, id, { status: 'approved', supplierId }, now);
    const how = row.claim_reason === null ? 'added' : `claimed by its ${CLAIM_WORDS[row.claim_reason]}`;
    await recordAudit(
      trx,
      { staffId, action: 'supplier-applications.approve', rows: 1, detail: `supplier ${supplierId}: application ${id} approved, ${how}` },
      now,
    );
    return supplierId;
  });
  deps.market.invalidate();
  deps.outbox.notify();
  return { supplierId };
}

/** `POST /api/admin/supplier-applications/:id/reject`: records the reason and e-mails it to the applicant. Audited. */
export async function rejectApplication(deps: ApplicationDeps, staffId: number, id: number, reason: string): Promise<void> {
  const nowMs = deps.clock();
  const now = iso(nowMs);
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await pendingApplication(trx, id);
    await repo.markDecided(trx, id, { status: 'rejected', reason }, now);
    await deps.outbox.enqueue(trx, [{ kind: 'supplier-application-rejected', recipient: row.email, payload: { applicationId: id } }], new Date(nowMs));
    await recordAudit(trx, { staffId, action: 'supplier-applications.reject', rows: 1, detail: `application ${id} rejected` }, now);
  });
  deps.outbox.notify();
}

/** For the retention sweep: deletes applications never verified within {@link UNVERIFIED_APPLICATION_DAYS} days. */
export function pruneUnverifiedApplications(db: Kysely<DB>, nowMs: number): Promise<number> {
  return repo.pruneUnverified(db, iso(nowMs - UNVERIFIED_APPLICATION_DAYS * DAY_MS));
}
