import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { LEAD_EMAIL_WINDOWS, leadEmailsOf, type SupplierProfile, type supplierProfileChangeSchema } from '../../contract/schemas/supplier-workspace';
import { bbeeStanding } from '../../sdk/bbee';
import { centsToRand } from '../../sdk/format';
import { marketChanged, type MarketStore } from '../catalogue/market-store';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import type { SuppliersTable } from '../db/schema';
import { validityDay } from '../domain/validity';
import type { SupplierMember } from './supplier-users.service';
import { recordSupplierAudit } from './supplier-users.repository';

export interface SupplierProfileDeps {
  database: Database;
  market: MarketStore;
  clock: () => number;
}

/** A change as the schema parsed it. */
type ProfileChange = z.output<typeof supplierProfileChangeSchema>;

async function readProfile(db: Executor, supplierId: number, day: string): Promise<SupplierProfile> {
  const r = await db
    .selectFrom('suppliers')
    .select([
      'name',
      'contact_person',
      'email',
      'phone',
      'payment_terms',
      'validity_days',
      'minimum_order_cents',
      'lead_digest_minutes',
      'registration_number',
      'vat_number',
      'registered_address',
      'bbee_level',
      'bbee_evidence',
      'bbee_expires_on',
    ])
    .where('id', '=', supplierId)
    .executeTakeFirstOrThrow();
  return {
    name: r.name,
    contactPerson: r.contact_person,
    email: r.email,
    phone: r.phone,
    paymentTerms: r.payment_terms,
    validityDays: r.validity_days,
    minimumOrder: centsToRand(Number(r.minimum_order_cents)),
    leadEmails: leadEmailsOf(Number(r.lead_digest_minutes)),
    registrationNumber: r.registration_number,
    vatNumber: r.vat_number,
    registeredAddress: r.registered_address,
    bbeeLevel: r.bbee_level,
    bbeeEvidence: r.bbee_evidence === 'certificate' || r.bbee_evidence === 'affidavit' ? r.bbee_evidence : null,
    bbeeExpiresOn: r.bbee_expires_on,
    bbee: bbeeStanding(r.bbee_level, r.bbee_evidence, r.bbee_expires_on, day),
  };
}

/** `GET /api/supplier/profile`: the signed-in supplier's own details. */
export function supplierProfile(deps: SupplierProfileDeps, member: SupplierMember): Promise<SupplierProfile> {
  return readProfile(deps.database.db, member.supplierId, validityDay(deps.clock()));
}

/** The columns a change sets, and the names of what it changed, for the audit. */
function columnsOf(change: ProfileChange): { set: Updateable<SuppliersTable>; changed: string[] } {
  const set: Updateable<SuppliersTable> = {};
  if (change.contactPerson !== undefined) set.contact_person = change.contactPerson;
  if (change.phone !== undefined) set.phone = change.phone;
  if (change.paymentTerms !== undefined) set.payment_terms = change.paymentTerms;
  if (change.validityDays !== undefined) set.validity_days = change.validityDays;
  if (change.minimumOrder !== undefined) set.minimum_order_cents = Math.round(change.minimumOrder * 100);
  if (change.leadEmails !== undefined) set.lead_digest_minutes = LEAD_EMAIL_WINDOWS[change.leadEmails];
  if (change.registrationNumber !== undefined) set.registration_number = change.registrationNumber;
  if (change.vatNumber !== undefined) set.vat_number = change.vatNumber;
  if (change.registeredAddress !== undefined) set.registered_address = change.registeredAddress;
  if (change.bbeeLevel !== undefined) {
    const level = change.bbeeLevel;
    set.bbee_level = level;
    set.bbee_evidence = level !== null && level > 0 ? (change.bbeeEvidence ?? null) : null;
    set.bbee_expires_on = level !== null && level > 0 ? (change.bbeeExpiresOn ?? null) : null;
  }
  const changed = Object.entries(change)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return { set, changed };
}

/**
 * `PATCH /api/supplier/profile`: changes the supplier's own details, audited, in one transaction
 * that marks the market changed, so the next quote (in any server process) uses them.
 */
export async function updateSupplierProfile(deps: SupplierProfileDeps, member: SupplierMember, change: ProfileChange): Promise<SupplierProfile> {
  const nowMs = deps.clock();
  const { set, changed } = columnsOf(change);
  const profile = await deps.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('suppliers').set(set).where('id', '=', member.supplierId).execute();
    await marketChanged(trx);
    await recordSupplierAudit(
      trx,
      { supplierId: member.supplierId, userId: member.id, action: 'profile.update', rows: 1, detail: changed.join(', ') },
      new Date(nowMs).toISOString(),
    );
    return readProfile(trx, member.supplierId, validityDay(nowMs));
  });
  deps.market.invalidate();
  return profile;
}
