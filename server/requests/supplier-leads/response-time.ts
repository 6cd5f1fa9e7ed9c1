import type { Executor } from '../../db/executor';
import { measuredResponseHours, type AnsweredLead } from '../../domain/track-record';
import { marketChanged } from '../../catalogue/market-store';
import { findLeadAnswers, findWorkspaceStart, setResponseTime } from './supplier-leads.repository';

const YEAR_MS = 365 * 86_400_000;

/** When a lead stopped being open to an answer, as the measure reads it: the buyer chose another, or its validity ended; null while it is open. */
function leadClosedAt(row: Awaited<ReturnType<typeof findLeadAnswers>>[number], nowMs: number): string | null {
  if (row.status === 'not_selected') return row.status_changed_at;
  const validityEnd = `${row.valid_until}T23:59:59+02:00`;
  return Date.parse(validityEnd) < nowMs ? validityEnd : null;
}

/**
 * Measures again, in the transaction of one of its answers, how fast the supplier answers its
 * leads since it had workspace access (12 months at most), and quotes it with that figure from
 * the next request on (docs/quoting.md, "Measured response time").
 */
export async function remeasureResponse(trx: Executor, supplierId: number, nowMs: number): Promise<void> {
  const start = await findWorkspaceStart(trx, supplierId);
  if (start === null) return;
  const since = new Date(Math.max(Date.parse(start), nowMs - YEAR_MS)).toISOString();
  const leads: AnsweredLead[] = (await findLeadAnswers(trx, supplierId, since)).map((row) => ({
    createdAt: row.created_at,
    // Made firm, declined before the buyer acted, or the buyer's order answered.
    answeredAt: row.firmed_at ?? (row.status === 'withdrawn' || row.status === 'confirmed' ? row.status_changed_at : null),
    closedAt: leadClosedAt(row, nowMs),
  }));
  const hours = measuredResponseHours(leads, nowMs);
  if (hours !== null && (await setResponseTime(trx, supplierId, hours))) await marketChanged(trx);
}
