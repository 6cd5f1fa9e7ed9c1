import type { Executor } from '../db/executor';
import * as repo from './audit.repository';

export type { AuditEntry } from './audit.repository';

/**
 * Records a staff write in the audit log. Every resource whose staff writes are audited calls it
 * in the write's own transaction, so the two stand or fall together.
 */
export function recordAudit(db: Executor, entry: repo.AuditEntry, now: string): Promise<void> {
  return repo.recordAudit(db, entry, now);
}

/** The latest staff writes, newest first, with who made them (no name: the command line). */
export function latestAudit(db: Executor, limit: number) {
  return repo.latestAudit(db, limit);
}
