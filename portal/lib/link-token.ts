/**
 * The token of a one-time link (`sl_…` a supplier's sign-in, `bl_…` a buyer's, `st_…` staff's set-password, `ap_…` a supplier
 * application's verification), which rides in the address's fragment: browsers never send it, so no server or proxy log holds it.
 * Null when the fragment holds none of that kind.
 */
export function linkTokenOfAddress(prefix: 'sl_' | 'bl_' | 'st_' | 'ap_'): string | null {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return hash.startsWith(prefix) && /^[a-z]{2}_[A-Za-z0-9_-]{20,100}$/.test(hash) ? hash : null;
}

/**
 * Takes a link's token out of the address bar, keeping the page and the rest of its query: the
 * link works once, and an address copied or bookmarked from here should not carry it.
 */
export function dropLinkTokenFromAddress(): void {
  const query = new URLSearchParams(window.location.search);
  query.delete('token');
  const search = query.toString();
  window.history.replaceState(null, '', window.location.pathname + (search ? `?${search}` : ''));
}
