import type { Insertable, Updateable } from 'kysely';
import { containsText } from '../db/contains-text';
import type { Executor as Db } from '../db/executor';
import type { DemoRequestsTable, ProspectsTable } from '../db/schema';

export type NewProspectRow = Insertable<ProspectsTable>;
export type ProspectChanges = Updateable<ProspectsTable>;

const PROSPECT_COLUMNS = [
  'p.id',
  'p.company',
  'p.contact',
  'p.phone',
  'p.email',
  'p.tier',
  'p.status',
  'p.last_contact',
  'p.next_action',
  'p.notes',
  'p.estimated_value_cents',
  'p.industry',
  'p.conversion_probability',
  'p.actual_response',
  'p.call_notes',
  'p.source',
  'p.owner_id',
  'p.created_at',
  'p.updated_at',
] as const;

export async function insertProspect(db: Db, row: NewProspectRow): Promise<number> {
  const { id } = await db.insertInto('prospects').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateProspect(db: Db, id: number, changes: ProspectChanges): Promise<boolean> {
  const result = await db.updateTable('prospects').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteProspect(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('prospects').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function prospectsWithOwner(db: Db) {
  return db
    .selectFrom('prospects as p')
    .leftJoin('staff_users as o', 'o.id', 'p.owner_id')
    .select([...PROSPECT_COLUMNS, 'o.name as owner_name', 'o.email as owner_email']);
}

export async function findProspect(db: Db, id: number) {
  return prospectsWithOwner(db).where('p.id', '=', id).executeTakeFirst();
}

/** The statuses of those of `ids` that exist. */
export async function prospectStatuses(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('prospects').select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

export interface ProspectFilter {
  status?: string | undefined;
  owner?: number | 'none' | undefined;
  q?: string | undefined;
}

function filtered(db: Db, filter: ProspectFilter) {
  let query = prospectsWithOwner(db);
  if (filter.status) query = query.where('p.status', '=', filter.status);
  if (filter.owner === 'none') query = query.where('p.owner_id', 'is', null);
  else if (filter.owner !== undefined) query = query.where('p.owner_id', '=', filter.owner);
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) => eb.or((['p.company', 'p.contact', 'p.email', 'p.industry', 'p.notes'] as const).map((col) => containsText(col, q))));
  }
  return query;
}

/** One page of prospects, newest first, and how many match. */
export async function listProspects(db: Db, filter: ProspectFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, filter).orderBy('p.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    filtered(db, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every prospect, oldest first (the CSV export, the outreach list). */
export async function allProspects(db: Db) {
  return prospectsWithOwner(db).orderBy('p.id').execute();
}

/** The kinds of activity logged for each of `ids`. */
export async function activityKindsFor(db: Db, ids: number[] | 'all'): Promise<Map<number, Set<string>>> {
  let query = db.selectFrom('sales_activities').select(['prospect_id', 'kind']).distinct();
  if (ids !== 'all') {
    if (ids.length === 0) return new Map();
    query = query.where('prospect_id', 'in', ids);
  }
  const map = new Map<number, Set<string>>();
  for (const row of await query.execute()) {
    const set = map.get(row.prospect_id) ?? new Set<string>();
    set.add(row.kind);
    map.set(row.prospect_id, set);
  }
  return map;
}

/** Staff who may own prospects: every sales and admin account that is not disabled. */
export async function listOwners(db: Db) {
  return db.selectFrom('staff_users').select(['id', 'name']).where('disabled_at', 'is', null).orderBy('name').orderBy('id').execute();
}

export async function ownerExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('staff_users').select('id').where('id', '=', id).where('disabled_at', 'is', null).executeTakeFirst()) !== undefined;
}

export async function ownersByEmail(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('staff_users').select(['id', 'email']).where('disabled_at', 'is', null).execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function insertActivity(
  db: Db,
  row: { prospect_id: number; staff_id: number; kind: string; note: string; occurred_at: string; day: string },
): Promise<number> {
  const { id } = await db.insertInto('sales_activities').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

function activitiesWithNames(db: Db) {
  return db
    .selectFrom('sales_activities as a')
    .innerJoin('staff_users as u', 'u.id', 'a.staff_id')
    .leftJoin('prospects as p', 'p.id', 'a.prospect_id')
    .select(['a.id', 'a.kind', 'a.note', 'a.prospect_id', 'a.occurred_at', 'a.day', 'u.id as staff_id', 'u.name as staff_name', 'p.company']);
}

export async function findActivity(db: Db, id: number) {
  return activitiesWithNames(db).where('a.id', '=', id).executeTakeFirstOrThrow();
}

/** A day's log, newest first. */
export async function activitiesOn(db: Db, day: string, limit: number) {
  return activitiesWithNames(db).where('a.day', '=', day).orderBy('a.occurred_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** Activity counts per person, day and kind from `from` to `to` (dates, inclusive). */
export async function activityCounts(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('sales_activities as a')
    .innerJoin('staff_users as u', 'u.id', 'a.staff_id')
    .select(['a.staff_id', 'u.name', 'a.day', 'a.kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('a.day', '>=', from)
    .where('a.day', '<=', to)
    .groupBy(['a.staff_id', 'u.name', 'a.day', 'a.kind'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** The prospects each person e-mailed or called from `from` to `to`, each counted once. */
export async function contactsBetween(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('sales_activities')
    .select(['staff_id', 'prospect_id'])
    .distinct()
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('kind', 'in', ['email', 'call'])
    .execute();
  return rows;
}

/** Distinct prospects contacted, and responses, per week start from `from` (weeks given as their days). */
export async function contactedProspectsByDay(db: Db, from: string, to: string) {
  return db
    .selectFrom('sales_activities')
    .select(['day', 'kind', 'prospect_id', 'staff_id'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('kind', 'in', ['email', 'call', 'response'])
    .execute();
}

/** The first day anything was logged, and the first day a customer was won. */
export async function milestones(db: Db) {
  const first = await db
    .selectFrom('sales_activities')
    .select((eb) => eb.fn.min<string>('day').as('day'))
    .executeTakeFirst();
  const customer = await db
    .selectFrom('sales_activities')
    .select((eb) => eb.fn.min<string>('day').as('day'))
    .where('kind', '=', 'customer')
    .executeTakeFirst();
  return { startDay: first?.day ?? null, customerDay: customer?.day ?? null };
}

/** Prospects and their estimated value per status. */
export async function pipelineCounts(db: Db) {
  const rows = await db
    .selectFrom('prospects')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('estimated_value_cents').as('cents')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n), cents: Number(r.cents ?? 0) }));
}

export async function insertDemoRequest(db: Db, row: Insertable<DemoRequestsTable> & { prospect_id: number }): Promise<number> {
  const { id } = await db.insertInto('demo_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findDemoRequest(db: Db, id: number) {
  return db.selectFrom('demo_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertShareLink(db: Db, row: { token_hash: string; created_by: number; created_at: string; expires_at: string }): Promise<number> {
  const { id } = await db
    .insertInto('share_links')
    .values({ ...row, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function listShareLinks(db: Db) {
  return db
    .selectFrom('share_links as l')
    .innerJoin('staff_users as u', 'u.id', 'l.created_by')
    .select(['l.id', 'l.created_at', 'l.expires_at', 'l.revoked_at', 'u.name'])
    .orderBy('l.id', 'desc')
    .execute();
}

/** Revokes a link that is not revoked yet; answers whether one was. */
export async function revokeShareLink(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('share_links').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function shareLinkExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('share_links').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The link a token's hash names, if it is neither revoked nor expired. */
export async function findLiveShareLink(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('share_links')
    .select(['id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
