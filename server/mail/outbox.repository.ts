import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { DB, OutboxStatus, OutboxTable } from '../db/schema';
import type { Executor } from '../db/executor';
import { insertRowsLater } from '../db/statements';

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;

/** Writes outbox rows; in a transaction on PostgreSQL they are sent with its next statement or its COMMIT (nothing reads them back). */
export async function insertOutboxRows(trx: Executor, rows: NewOutboxRow[]): Promise<void> {
  await insertRowsLater(trx, 'outbox', rows);
}

/**
 * Inserts each row once for every row `source` selects, in one statement a row: written when the
 * caller's condition holds, not when it does not, with the same steps either way. The integers are
 * cast: PostgreSQL takes an untyped parameter in a select list as text.
 */
export async function insertOutboxRowsFrom<TB extends keyof DB>(
  trx: Executor,
  rows: NewOutboxRow[],
  source: SelectQueryBuilder<DB, TB, object>,
): Promise<void> {
  for (const r of rows) {
    await trx
      .insertInto('outbox')
      .columns(['message_id', 'kind', 'recipient', 'priority', 'payload', 'status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'created_at'])
      .expression(
        source.select((eb) => [
          eb.val(r.message_id).as('message_id'),
          eb.val(r.kind).as('kind'),
          eb.val(r.recipient).as('recipient'),
          sql<number>`cast(${r.priority} as integer)`.as('priority'),
          eb.val(r.payload).as('payload'),
          eb.val(r.status).as('status'),
          sql<number>`cast(${r.attempts ?? 0} as integer)`.as('attempts'),
          eb.val(r.next_attempt_at).as('next_attempt_at'),
          eb.val(r.last_error ?? null).as('last_error'),
          eb.val(r.sent_at ?? null).as('sent_at'),
          eb.val(r.created_at).as('created_at'),
        ]),
      )
      .execute();
  }
}

/**
 * Claims up to `limit` rows that are due: pending rows whose time has come, then claimed rows
 * whose lease ran out (their worker stopped before recording). A claimed row's next_attempt_at
 * becomes the end of its lease, so no other worker takes it meanwhile. On PostgreSQL the rows are
 * picked `FOR UPDATE SKIP LOCKED`, so concurrent workers claim disjoint rows without waiting; on
 * SQLite each UPDATE statement runs under the database's one write lock, which gives the same
 * guarantee across processes. Each status is claimed by its own statement so that the index
 * (status, priority, next_attempt_at) gives the order and a long queue costs no sort.
 */
export async function claimDueRows(
  db: Kysely<DB>,
  dialect: Dialect,
  { now, leaseUntil, limit }: { now: string; leaseUntil: string; limit: number },
): Promise<OutboxRow[]> {
  const claimed: OutboxRow[] = [];
  for (const status of ['pending', 'sending'] as const) {
    if (claimed.length >= limit) break;
    let due = db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', status)
      .where('next_attempt_at', '<=', now)
      .orderBy('priority')
      .orderBy('next_attempt_at')
      .limit(limit - claimed.length);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await db
      .updateTable('outbox')
      .set((eb) => ({ status: 'sending', next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    claimed.push(...rows);
  }
  return claimed.sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/**
 * Extends the leases of claims still held, named as {@link recordOutcome} names them, so that a
 * long send keeps its row while a dead worker's rows come free soon. Answers the ids whose claim
 * was extended; a claim missing from it was lost (its lease ran out and another worker took it).
 */
export async function renewClaims(db: Executor, claims: { id: number; attempts: number }[], leaseUntil: string): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const rows = await db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('status', '=', 'sending')
    .where((eb) => eb.or(claims.map((c) => eb.and([eb('id', '=', c.id), eb('attempts', '=', c.attempts)]))))
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Records a claimed row's outcome. The claim is named by its attempt number, so a worker whose
 * lease ran out and whose row another worker claimed since cannot overwrite the newer outcome.
 */
export async function recordOutcome(
  db: Executor,
  claim: { id: number; attempts: number },
  outcome: {
    status: OutboxStatus;
    nextAttemptAt?: string;
    lastError: string | null;
    sentAt: string | null;
    payload?: string;
    failingSince: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({
      status: outcome.status,
      last_error: outcome.lastError,
      sent_at: outcome.sentAt,
      failing_since: outcome.failingSince,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(outcome.payload ? { payload: outcome.payload } : {}),
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listOutbox(db: Executor, { status, limit }: { status?: OutboxStatus; limit: number }): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (status) query = query.where('status', '=', status);
  return query.execute();
}

export async function findOutboxRow(db: Executor, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * E-mails in the outbox by status. A request's `supplier-leads` row is not an e-mail (it becomes
 * one per supplier) and is not counted; while it waits, its age counts in {@link outboxDepth}'s oldest.
 */
export async function countOutbox(db: Executor): Promise<Partial<Record<OutboxStatus, number>>> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('kind', '!=', 'supplier-leads')
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** How deep the outbox is: rows by status, and the creation time of the oldest e-mail not yet sent. */
export interface OutboxDepth {
  byStatus: Record<OutboxStatus, number>;
  /**
   * Since when the longest-waiting pending or claimed row has waited, or null when none waits: its
   * `created_at`, except a lead digest still to be first tried, which waits only from when it is
   * due (it gathers leads until then by design).
   */
  oldestWaitingAt: string | null;
}

export async function outboxDepth(db: Executor, now: string): Promise<OutboxDepth> {
  const counts = await countOutbox(db);
  const waitingSince = sql<
    string | null
  >`case when kind = 'supplier-lead-digest' and attempts = 0 then (case when next_attempt_at <= ${now} then next_attempt_at end) else created_at end`;
  const oldest = await db
    .selectFrom('outbox')
    .select(sql<string | null>`min(${waitingSince})`.as('at'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  return {
    byStatus: { pending: 0, sending: 0, sent: 0, held: 0, dead: 0, ...counts },
    oldestWaitingAt: (oldest?.at as string | null | undefined) ?? null,
  };
}

/**
 * Puts dead (or, when asked, held) rows back in the queue with a fresh attempt count; answers how
 * many. `ids` limits it to those rows.
 */
export async function requeueRows(
  db: Executor,
  { from, ids, now }: { from: Extract<OutboxStatus, 'dead' | 'held'>; ids?: number[]; now: string },
): Promise<number> {
  let query = db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, last_error: null, failing_since: null })
    .where('status', '=', from);
  if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : [-1]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes sent, held and dead rows created before `before`; answers how many. Rows are numbered as
 * they are written, so no index of their times is kept (it was one more index written with every
 * e-mail): the rows before the first one created since `before` are found by number, from the
 * oldest, past only the rows to delete and the few older ones still waiting. A row written a
 * moment out of order at that boundary waits for the next sweep.
 */
export async function pruneOutbox(db: Executor, before: string): Promise<number> {
  const since = await db.selectFrom('outbox').select('id').where('created_at', '>=', before).orderBy('id').limit(1).executeTakeFirst();
  let query = db.deleteFrom('outbox').where('status', 'in', ['sent', 'held', 'dead']).where('created_at', '<', before);
  if (since) query = query.where('id', '<', since.id);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the e-mails about a partner's registration, which carry its contact details; answers how many. */
export async function deletePartnerEmails(db: Executor, partnerId: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('kind', 'in', ['partner-welcome', 'partner-registered'])
    .where('payload', '=', JSON.stringify({ partnerId }))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The supplier's digest still gathering leads, if any: written, never tried, in the given status
 * (`pending`, or `held` where nothing sends), and not due before `openAfter`, so no worker is
 * about to claim it. Locked on PostgreSQL until the caller's transaction ends, so two requests'
 * leads added at once are both kept.
 */
export async function findOpenLeadDigest(
  db: Executor,
  dialect: Dialect,
  q: { recipient: string; status: 'pending' | 'held'; openAfter: string },
): Promise<{ id: number; payload: string } | undefined> {
  let query = db
    .selectFrom('outbox')
    .select(['id', 'payload'])
    .where('kind', '=', 'supplier-lead-digest')
    .where('attempts', '=', 0)
    .where('recipient', '=', q.recipient)
    .where('status', '=', q.status)
    .where('next_attempt_at', '>', q.openAfter)
    .orderBy('id')
    .limit(1);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Rewrites a digest's list of leads. */
export async function setOutboxPayload(db: Executor, id: number, payload: string): Promise<void> {
  await db.updateTable('outbox').set({ payload }).where('id', '=', id).execute();
}
