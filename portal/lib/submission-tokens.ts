import { readBuyerFragment } from '../../contract/buyer-links';

/**
 * The tracking tokens of a request's quotes that this tab holds: those its own submission
 * received, or those a link of the buyer's e-mail carried in its fragment. The results page's
 * address holds no token (anyone with the rfqId may read it), so it offers Accept only in a tab
 * that holds them. Session storage ends with the tab, and each token is only ever sent back to
 * Procura.
 */
const key = (rfqId: string) => `procura-quote-tokens:${rfqId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps each quote's token (by quote id) for the request, beside those this tab holds already. */
export function keepQuoteTokens(rfqId: string, quotes: readonly { id: string; trackingToken?: string | undefined }[]): void {
  const tokens = Object.fromEntries(quotes.flatMap((q) => (q.trackingToken ? [[q.id, q.trackingToken]] : [])));
  if (Object.keys(tokens).length === 0) return;
  try {
    storage()?.setItem(key(rfqId), JSON.stringify({ ...quoteTokens(rfqId), ...tokens }));
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

/**
 * Reads what a link of the buyer's e-mail carries in the address's fragment (`contract/buyer-links.ts`)
 * and drops it from the address, so a reload or an address copied from the bar carries none of it.
 * Any other fragment is left as it is.
 */
export function takeBuyerFragment(): { fromEmail: boolean; tokens: Record<string, string> } {
  const read = readBuyerFragment(window.location.hash);
  if (read.fromEmail || Object.keys(read.tokens).length > 0) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }
  return read;
}

/** The tokens this tab holds for the request, after taking in those the address's fragment carries. */
export function takeQuoteTokens(rfqId: string): Record<string, string> {
  const { tokens } = takeBuyerFragment();
  keepQuoteTokens(
    rfqId,
    Object.entries(tokens).map(([id, trackingToken]) => ({ id, trackingToken })),
  );
  return quoteTokens(rfqId);
}

/** Whether this tab holds the token: it sent the request, or opened a link of the buyer's e-mail for it. */
export function holdsQuoteToken(token: string): boolean {
  const kept = storage();
  if (!kept) return false;
  for (let i = 0; i < kept.length; i++) {
    const name = kept.key(i);
    if (name?.startsWith(key('')) && Object.values(quoteTokens(name.slice(key('').length))).includes(token)) return true;
  }
  return false;
}
