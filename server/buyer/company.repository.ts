// A buyer company's tables: its people (buyer_accounts by company) and its approvals.
import type { Insertable } from 'kysely';
import type { BuyerApprovalsTable, BuyerRole } from '../db/schema';
import type { Executor as Db } from '../db/executor';

const MEMBER = ['id', 'email', 'company_id', 'role', 'name', 'spending_limit_cents', 'created_at'] as const;

/** An account with its place in its company. */
export function findMember(db: Db, id: number) {
  return db.selectFrom('buyer_accounts').select(MEMBER).where('id', '=', id).executeTakeFirst();
}

/** The account of a lower-cased address, with its place in its company. */
export function findMemberByEmail(db: Db, email: string) {
  return db.selectFrom('buyer_accounts').select(MEMBER).where('email', '=', email).executeTakeFirst();
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** Everyone of the company whose first user is `companyId`, the first user first. */
export function findCompanyMembers(db: Db, companyId: number) {
  return db
    .selectFrom('buyer_accounts')
    .select(MEMBER)
    .where((eb) => eb.or([eb('id', '=', companyId), eb('company_id', '=', companyId)]))
    .orderBy('id')
    .execute();
}

/** Whether anyone joined the company whose first user is `accountId`. */
export async function hasColleagues(db: Db, accountId: number): Promise<boolean> {
  return (await db.selectFrom('buyer_accounts').select('id').where('company_id', '=', accountId).limit(1).executeTakeFirst()) !== undefined;
}

/** Opens an account for a colleague, already in the company; answers its id. */
export async function insertColleague(
  db: Db,
  row: { email: string; companyId: number; role: BuyerRole; name: string; spendingLimitCents: number | null; now: string },
): Promise<number> {
  const inserted = await db
    .insertInto('buyer_accounts')
    .values({
      email: row.email,
      created_at: row.now,
      last_sign_in_at: null,
      company_id: row.companyId,
      role: row.role,
      name: row.name,
      spending_limit_cents: row.spendingLimitCents,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Brings an account that is alone into a company. */
export async function joinCompany(db: Db, id: number, companyId: number, role: BuyerRole, name: string, spendingLimitCents: number | null): Promise<void> {
  await db.updateTable('buyer_accounts').set({ company_id: companyId, role, name, spending_limit_cents: spendingLimitCents }).where('id', '=', id).execute();
}

/** Takes a colleague out of the company: the account stays, alone, with the requests its address made. */
export async function leaveCompany(db: Db, id: number, companyId: number): Promise<boolean> {
  const result = await db
    .updateTable('buyer_accounts')
    .set({ company_id: null, role: 'approver', spending_limit_cents: null })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Holds an acceptance for approval; answers its id. */
export async function insertApproval(db: Db, row: Insertable<BuyerApprovalsTable>): Promise<number> {
  const inserted = await db.insertInto('buyer_approvals').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A company's approval by id. */
export function findApproval(db: Db, companyId: number, id: number) {
  return db.selectFrom('buyer_approvals').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

/** An approval by id alone, for its e-mails. */
export function findApprovalById(db: Db, id: number) {
  return db.selectFrom('buyer_approvals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What waits for a company's approvers, oldest first. */
export function findWaitingApprovals(db: Db, companyId: number) {
  return db.selectFrom('buyer_approvals').selectAll().where('company_id', '=', companyId).where('status', '=', 'waiting').orderBy('id').execute();
}

/** The approvals still waiting, of every company, on these requests or (no `rfqIds`) on any. */
export function waitingApprovalsOn(db: Db, rfqIds?: readonly string[]) {
  if (rfqIds?.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('buyer_approvals').select(['id', 'rfq_id', 'awards_json']).where('status', '=', 'waiting');
  if (rfqIds) query = query.where('rfq_id', 'in', [...rfqIds]);
  return query.orderBy('id').execute();
}

/**
 * Ends a waiting approval, forgetting its order details and token; false when it no longer waited.
 * An expired one was decided by no one.
 */
export async function decideApproval(
  db: Db,
  id: number,
  change: { status: 'approved' | 'rejected' | 'expired'; reason: string | null; at: string; by: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('buyer_approvals')
    .set({
      status: change.status,
      reason: change.reason,
      decided_at: change.at,
      decided_by_account_id: change.by,
      order_details_json: null,
      tracking_token: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The acceptances still waiting that this account's company holds or that it asked for. */
export function waitingApprovalsOf(db: Db, accountId: number) {
  return db
    .selectFrom('buyer_approvals')
    .select(['id', 'awards_json'])
    .where('status', '=', 'waiting')
    .where((eb) => eb.or([eb('company_id', '=', accountId), eb('requester_account_id', '=', accountId)]))
    .execute();
}

export async function deleteApprovals(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('buyer_approvals')
      .where('id', 'in', [...ids])
      .execute();
}
