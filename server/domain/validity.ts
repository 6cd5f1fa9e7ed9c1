import type { RfqStatus } from '../../sdk/rules';
import type { StoredQuoteStatus, StoredRfqStatus } from '../db/schema';

import { johannesburgDay } from './calendar';

/**
 * The date (YYYY-MM-DD) a quote's validity is judged on at `ms`: Johannesburg's, whatever the
 * server's zone (quotes are South African offers: "valid until 10 December" holds to the end of
 * that day there). A quote is still valid while this is on or before its `validUntil`.
 */
export function validityDay(ms: number): string {
  return johannesburgDay(ms);
}

/** Whether a quote valid until `validUntil` can no longer be accepted on `day`. */
export function isPastValidity(validUntil: string, day: string): boolean {
  return validUntil < day;
}

/** Statuses from which the buyer can still accept a quote (within its validity). */
export const ACCEPTABLE: readonly StoredQuoteStatus[] = ['offered', 'declined'];

/** A quote's status as callers see it: an offer past its validity reads `expired`. */
export function quoteStatus<S extends StoredQuoteStatus>(stored: S, validUntil: string, day: string): S | 'expired' {
  return stored === 'offered' && isPastValidity(validUntil, day) ? 'expired' : stored;
}

/**
 * A request's status as callers see it: an open request with no quote left that can be accepted
 * (every offered or declined one past its validity, or none at all) reads `expired`. A basket's
 * quote already ordered from that still offers a line (`offersLines`) can be ordered from again.
 */
export function rfqStatus(
  stored: StoredRfqStatus,
  quotes: readonly { status: StoredQuoteStatus; valid_until: string; offersLines?: boolean }[],
  day: string,
): RfqStatus {
  if (stored !== 'open') return stored;
  const acceptable = (q: (typeof quotes)[number]) =>
    ACCEPTABLE.includes(q.status) || q.status === 'awaiting_approval' || (q.offersLines === true && (q.status === 'accepted' || q.status === 'confirmed'));
  if (quotes.some((q) => acceptable(q) && !isPastValidity(q.valid_until, day))) return 'open';
  // A basket the buyer ordered part of, whose other lines' quotes expired, ends with those orders.
  return quotes.some((q) => q.status === 'accepted' || q.status === 'confirmed') ? 'awarded' : 'expired';
}
