import type { Kysely, Selectable } from 'kysely';
import { SALES_MESSAGES, STATUS_ACTIVITY, type ActivityKind, type ProspectSource, type ProspectStatus, type ProspectTier } from '../../contract/schemas/sales';
import type { Activity, OutreachRow } from '../../contract/schemas/outreach';
import type { Prospect, ProspectList } from '../../contract/schemas/prospects';
import type { z } from 'zod';
import type { activityInputSchema } from '../../contract/schemas/outreach';
import type { prospectInputSchema, prospectPatchSchema } from '../../contract/schemas/prospects';
import type { Executor } from '../db/executor';
import type { DB, ProspectsTable } from '../db/schema';
import { ApiError, invalidFields } from '../errors';
import { recordAudit } from '../staff/audit.service';
import type { StaffMember } from '../staff/staff.service';
import * as repo from './sales.repository';
import { johannesburgDay } from '../domain/calendar';

export type ProspectFields = z.output<typeof prospectInputSchema>;
export type ProspectPatchFields = z.output<typeof prospectPatchSchema>;
export type ActivityFields = z.output<typeof activityInputSchema>;

const iso = (ms: number) => new Date(ms).toISOString();
const toCents = (rand: number) => Math.round(rand * 100);

/** The columns of a prospect that every view of it shows, a shared dashboard's included. */
type ProspectBasicsRow = Pick<
  Selectable<ProspectsTable>,
  'id' | 'company' | 'industry' | 'tier' | 'status' | 'last_contact' | 'estimated_value_cents' | 'conversion_probability'
>;

/**
 * What every view of a prospect shows, a shared dashboard's included: no contact details, its
 * flags from the kinds of activity logged for it.
 */
export function prospectBasics(row: ProspectBasicsRow, kinds: Set<string> | undefined): OutreachRow {
  return {
    id: row.id,
    company: row.company,
    industry: row.industry,
    tier: row.tier as ProspectTier,
    status: row.status as ProspectStatus,
    lastContact: row.last_contact,
    estimatedValue: Number(row.estimated_value_cents) / 100,
    conversionProbability: row.conversion_probability,
    emailSent: kinds?.has('email') ?? false,
    callMade: kinds?.has('call') ?? false,
    responseReceived: kinds?.has('response') ?? false,
    demoScheduled: kinds?.has('demo') ?? false,
  };
}

/** A prospect row as the API answers it, its flags from the kinds of activity logged for it. */
function toProspect(row: NonNullable<Awaited<ReturnType<typeof repo.findProspect>>>, kinds: Set<string> | undefined): Prospect {
  return {
    ...prospectBasics(row, kinds),
    contact: row.contact,
    phone: row.phone,
    email: row.email,
    nextAction: row.next_action,
    notes: row.notes,
    actualResponse: row.actual_response,
    callNotes: row.call_notes,
    source: row.source as ProspectSource,
    owner: row.owner_id !== null && row.owner_name !== null ? { id: row.owner_id, name: row.owner_name } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toActivity(row: Awaited<ReturnType<typeof repo.findActivity>>): Activity {
  return {
    id: row.id,
    kind: row.kind as ActivityKind,
    note: row.note,
    prospectId: row.prospect_id,
    company: row.company ?? null,
    staff: { id: row.staff_id, name: row.staff_name },
    occurredAt: row.occurred_at,
    day: row.day,
  };
}

async function readProspect(db: Executor, id: number): Promise<Prospect> {
  const row = await repo.findProspect(db, id);
  if (!row) throw new ApiError(404, 'prospect_not_found', SALES_MESSAGES.prospectNotFound);
  return toProspect(row, (await repo.activityKindsFor(db, [id])).get(id));
}

async function checkOwner(db: Executor, ownerId: number | null | undefined): Promise<void> {
  if (ownerId !== null && ownerId !== undefined && !(await repo.ownerExists(db, ownerId))) throw invalidFields({ ownerId: SALES_MESSAGES.owner });
}

/** The columns of a prospect's fields (those given). */
export function prospectColumns(fields: Partial<ProspectFields>): repo.ProspectChanges {
  const columns: repo.ProspectChanges = {};
  if (fields.company !== undefined) columns.company = fields.company;
  if (fields.contact !== undefined) columns.contact = fields.contact;
  if (fields.phone !== undefined) columns.phone = fields.phone;
  if (fields.email !== undefined) columns.email = fields.email;
  if (fields.tier !== undefined) columns.tier = fields.tier;
  if (fields.status !== undefined) columns.status = fields.status;
  if (fields.nextAction !== undefined) columns.next_action = fields.nextAction;
  if (fields.notes !== undefined) columns.notes = fields.notes;
  if (fields.estimatedValue !== undefined) columns.estimated_value_cents = toCents(fields.estimatedValue);
  if (fields.industry !== undefined) columns.industry = fields.industry;
  if (fields.conversionProbability !== undefined) columns.conversion_probability = fields.conversionProbability;
  if (fields.actualResponse !== undefined) columns.actual_response = fields.actualResponse;
  if (fields.callNotes !== undefined) columns.call_notes = fields.callNotes;
  if (fields.ownerId !== undefined) columns.owner_id = fields.ownerId;
  return columns;
}

/** A prospect's row as it is first written. */
export function newProspectRow(
  fields: ProspectFields,
  source: ProspectSource,
  ownerId: number | null,
  nowMs: number,
  lastContact: string | null,
): repo.NewProspectRow {
  return {
    company: fields.company,
    contact: fields.contact,
    phone: fields.phone,
    email: fields.email,
    tier: fields.tier,
    status: fields.status,
    last_contact: lastContact,
    next_action: fields.nextAction,
    notes: fields.notes,
    estimated_value_cents: toCents(fields.estimatedValue),
    industry: fields.industry,
    conversion_probability: fields.conversionProbability,
    actual_response: fields.actualResponse,
    call_notes: fields.callNotes,
    source,
    owner_id: ownerId,
    created_at: iso(nowMs),
    updated_at: iso(nowMs),
  };
}

/** Logs the activity a status implies, if it implies one. */
async function logStatusActivity(db: Executor, staffId: number, prospectId: number, status: ProspectStatus, nowMs: number): Promise<void> {
  const kind = STATUS_ACTIVITY[status];
  if (kind)
    await repo.insertActivity(db, {
      prospect_id: prospectId,
      staff_id: staffId,
      kind,
      note: `Status set to ${status}`,
      occurred_at: iso(nowMs),
      day: johannesburgDay(nowMs),
    });
}

/**
 * Adds a prospect, owned by whoever adds it unless another owner is named. A first status past
 * Not Contacted is a status change like any other: it stamps lastContact and logs its activity.
 */
export async function createProspect(db: Kysely<DB>, staff: StaffMember, fields: ProspectFields, nowMs: number): Promise<Prospect> {
  return db.transaction().execute(async (trx) => {
    await checkOwner(trx, fields.ownerId);
    const contacted = fields.status !== 'Not Contacted';
    const id = await repo.insertProspect(
      trx,
      newProspectRow(fields, 'manual', fields.ownerId === undefined ? staff.id : fields.ownerId, nowMs, contacted ? johannesburgDay(nowMs) : null),
    );
    if (contacted) await logStatusActivity(trx, staff.id, id, fields.status, nowMs);
    await recordAudit(trx, { staffId: staff.id, action: 'prospects.create', rows: 1, detail: `prospect ${id}` }, iso(nowMs));
    return readProspect(trx, id);
  });
}

/**
 * Changes a prospect. A contacted prospect cannot be set back to Not Contacted. A new status stamps lastContact with today's date in Johannesburg and
 * logs the activity it implies (Email Sent an e-mail, a call status a call, Interested a
 * response, Demo Scheduled a demo), by the person who set it.
 */
export async function updateProspect(db: Kysely<DB>, staff: StaffMember, id: number, patch: ProspectPatchFields, nowMs: number): Promise<Prospect> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findProspect(trx, id);
    if (!before) throw new ApiError(404, 'prospect_not_found', SALES_MESSAGES.prospectNotFound);
    if (patch.status === 'Not Contacted' && before.status !== 'Not Contacted')
      throw new ApiError(409, 'prospect_contacted', SALES_MESSAGES.contacted(before.company));
    await checkOwner(trx, patch.ownerId);
    const columns = prospectColumns(patch);
    const statusChanged = patch.status !== undefined && patch.status !== before.status;
    if (statusChanged) columns.last_contact = johannesburgDay(nowMs);
    columns.updated_at = iso(nowMs);
    await repo.updateProspect(trx, id, columns);
    if (statusChanged) await logStatusActivity(trx, staff.id, id, patch.status!, nowMs);
    await recordAudit(
      trx,
      { staffId: staff.id, action: 'prospects.update', rows: 1, detail: `prospect ${id}${statusChanged ? `: status ${patch.status}` : ''}` },
      iso(nowMs),
    );
    return readProspect(trx, id);
  });
}

/** Deletes a prospect; its logged activity stays and still counts, without the link to it. */
export async function deleteProspect(db: Kysely<DB>, staff: StaffMember, id: number, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.deleteProspect(trx, id))) throw new ApiError(404, 'prospect_not_found', SALES_MESSAGES.prospectNotFound);
    await recordAudit(trx, { staffId: staff.id, action: 'prospects.delete', rows: 1, detail: `prospect ${id}` }, iso(nowMs));
  });
}

/** Logs an e-mail, call, response or demo for a prospect by hand, dated now; stamps lastContact. */
export async function logActivity(db: Kysely<DB>, staff: StaffMember, prospectId: number, input: ActivityFields, nowMs: number): Promise<Activity> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.findProspect(trx, prospectId))) throw new ApiError(404, 'prospect_not_found', SALES_MESSAGES.prospectNotFound);
    const day = johannesburgDay(nowMs);
    const id = await repo.insertActivity(trx, {
      prospect_id: prospectId,
      staff_id: staff.id,
      kind: input.kind,
      note: input.note,
      occurred_at: iso(nowMs),
      day,
    });
    await repo.updateProspect(trx, prospectId, { last_contact: day, updated_at: iso(nowMs) });
    await recordAudit(trx, { staffId: staff.id, action: 'activities.log', rows: 1, detail: `${input.kind} for prospect ${prospectId}` }, iso(nowMs));
    return toActivity(await repo.findActivity(trx, id));
  });
}

/** One page of prospects matching the filters, and the staff they may be assigned to. */
export async function listProspects(
  db: Kysely<DB>,
  query: { status?: ProspectStatus | undefined; owner?: string | undefined; q?: string | undefined; page: number; pageSize: number },
): Promise<ProspectList> {
  const owner = query.owner === undefined ? undefined : query.owner === 'none' ? 'none' : Number(query.owner);
  const { rows, total } = await repo.listProspects(
    db,
    { status: query.status, owner, q: query.q || undefined },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  const kinds = await repo.activityKindsFor(
    db,
    rows.map((r) => r.id),
  );
  const owners = await repo.listOwners(db);
  return { prospects: rows.map((r) => toProspect(r, kinds.get(r.id))), total, page: query.page, pageSize: query.pageSize, owners };
}
