/**
 * What the results page shows when the buyer arrives straight from sending the request: the
 * home page passes it in the history state of the redirect.
 */
export interface FreshSubmission {
  email: string;
  count: number;
  /** Why some addresses were not e-mailed, when some were not. */
  notSent?: string | null;
}

/**
 * The key of the toast that says the request was sent: the results page dismisses it once its
 * own panel says the same, so the toast never covers the page it leads to.
 */
export const SENT_TOAST = 'rfq-sent';

/** What happened, in the results page's words: how many quotes went to which address, or why not. */
export function sentSummary(fresh: FreshSubmission): string {
  if (fresh.notSent) return fresh.notSent;
  if (fresh.count === 0) return `No supplier could quote this request yet. We e-mailed the details to ${fresh.email}.`;
  return `${fresh.count} ${fresh.count === 1 ? 'quote was' : 'quotes were'} sent to ${fresh.email}.`;
}
