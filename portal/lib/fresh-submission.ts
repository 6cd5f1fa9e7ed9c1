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
