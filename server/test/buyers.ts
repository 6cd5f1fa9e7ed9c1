import type { TestServer } from './harness';

/** The tokens of the sign-in links e-mailed to a buyer at `email`, oldest first. */
export async function buyerLinkTokens(server: TestServer, email: string): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'buyer-sign-in')
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
  return rows.map((r) => (JSON.parse(r.payload) as { token: string }).token);
}

/**
 * A buyer asks for a sign-in link to `email` from a Procura page and opens the latest one e-mailed;
 * answers the session cookie. `client` adds each call's own headers, such as its address.
 */
export async function signInBuyer(server: TestServer, email: string, client: () => Record<string, string> = () => ({})) {
  const origin = new URL(server.config.publicUrl).origin;
  const asked = await server.request('POST', '/api/buyer/sign-in-link', { body: { email }, headers: { origin, ...client() } });
  if (asked.status !== 202) throw new Error(`sign-in link answered ${asked.status}: ${asked.text}`);
  const token = (await buyerLinkTokens(server, email)).at(-1);
  if (!token) throw new Error(`no sign-in link was e-mailed to ${email}`);
  const res = await server.request('POST', '/api/buyer/session', { body: { token }, headers: { origin, ...client() } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
