/**
 * The tracking tokens of the quotes a tab's own submission received. The results page has no
 * token in its address (anyone with the rfqId may read it), so it can offer Accept only in the
 * tab that sent the request; elsewhere the buyer accepts from the quote's link in the e-mail.
 * Session storage ends with the tab, and each token is only ever sent back to Procura.
 */
const key = (rfqId: string) => `procura-quote-tokens:${rfqId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps each quote's token (by quote id) for the request this tab just sent. */
export function keepQuoteTokens(rfqId: string, quotes: readonly { id: string; trackingToken?: string | undefined }[]): void {
  const tokens = Object.fromEntries(quotes.flatMap((q) => (q.trackingToken ? [[q.id, q.trackingToken]] : [])));
  if (Object.keys(tokens).length === 0) return;
  try {
    storage()?.setItem(key(rfqId), JSON.stringify(tokens));
  } catch {
    // A full or refused storage only means the buyer accepts from the e-mail instead.
  }
}

/** The tokens this tab kept for the request, by quote id; empty when it did not send it. */
export function quoteTokens(rfqId: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(key(rfqId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].startsWith('qt_')));
  } catch {
    return {};
  }
}
