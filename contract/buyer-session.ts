/**
 * What the server and Procura's pages share about a buyer's session beyond its calls: kept apart
 * from the buyer schemas so a page can read it without loading them.
 *
 * @module
 */

/**
 * The cookie that says a buyer session may exist: `1`, readable by the page (the session's own
 * cookie is HttpOnly), set and deleted with the session. A page reads the saved details only when
 * it is there, so an anonymous visit makes no call for them.
 *
 * @example
 * document.cookie.split('; ').includes(`${BUYER_PRESENT_COOKIE}=1`);
 */
export const BUYER_PRESENT_COOKIE = 'procura_buyer_present';
