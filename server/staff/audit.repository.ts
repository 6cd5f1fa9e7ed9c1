import type { AuditAction } from '../../contract/schemas/audit';
import type { Executor as Db } from '../db/executor';

/** One staff write: who (null: the command line), what (`suppliers.import`), how many rows, and a short note without personal data. */
export interface AuditEntry {
  staffId: number | null;
  action: AuditAction;
  rows: number;
  detail?: string;
}

/** Records a staff write; call it in the write's own transaction, so the two stand or fall together. */
export async function recordAudit(db: Db, entry: AuditEntry, now: string): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({ staff_id: entry.staffId, action: entry.action, rows: entry.rows, detail: entry.detail ?? '', created_at: now })
    .execute();
}

/** The latest staff writes, newest first, with who made them (no name: the command line). */
export async function latestAudit(db: Db, limit: number) {
  return db
    .selectFrom('staff_audit as a')
    .leftJoin('staff_users as u', 'u.id', 'a.staff_id')
    .select(['a.id', 'a.action', 'a.rows', 'a.detail', 'a.created_at', 'u.name', 'u.email'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}
