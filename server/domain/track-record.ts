/**
 * A supplier's response time as Procura measures it, from how it answered its leads in the
 * supplier workspace (docs/quoting.md, "Measured response time").
 */

/** The response score's floor: a lead left this long unanswered counts as this long. */
const UNANSWERED_HOURS = 72;
/** Leads counted before a measured figure replaces the one on file. */
const MIN_MEASURED_LEADS = 5;

/**
 * A lead as the measure reads it: when it was made, when the supplier answered it (made it firm,
 * declined it, or answered the buyer's order), and when it stopped being open to an answer (the
 * buyer chose another or closed the request; null while open).
 */
export interface AnsweredLead {
  createdAt: string;
  answeredAt: string | null;
  closedAt: string | null;
}

/**
 * The median hours a supplier took to answer its leads: to make the price firm or to decline.
 * A lead left unanswered for 72 hours while open counts as 72 (so a supplier that firms up few of
 * its leads scores as slow as that); one open for less is not counted. Null with fewer than 5
 * leads counted. Whole hours, at least 1.
 */
export function measuredResponseHours(leads: readonly AnsweredLead[], nowMs: number): number | null {
  const hours: number[] = [];
  for (const lead of leads) {
    const made = Date.parse(lead.createdAt);
    if (lead.answeredAt !== null) hours.push(Math.min(UNANSWERED_HOURS, (Date.parse(lead.answeredAt) - made) / 3_600_000));
    else if ((lead.closedAt === null ? nowMs : Date.parse(lead.closedAt)) - made >= UNANSWERED_HOURS * 3_600_000) hours.push(UNANSWERED_HOURS);
  }
  if (hours.length < MIN_MEASURED_LEADS) return null;
  hours.sort((a, b) => a - b);
  const mid = hours.length >> 1;
  const median = hours.length % 2 === 1 ? hours[mid]! : (hours[mid - 1]! + hours[mid]!) / 2;
  return Math.max(1, Math.round(median));
}
