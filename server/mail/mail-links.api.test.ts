import { describe, expect, it } from 'vitest';
import { listedSupplier, listedSupplierLinks } from '../listed-suppliers/listed-suppliers.service';
import { startTestServerForFile, validRfq } from '../test/harness';

const origin = 'https://procura.test';
// Half a minute into a one-minute window: a refusal says to come back in 30 seconds.
let now = Date.parse('2026-12-11T08:00:30.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', MAIL_LINK_RATE_LIMIT: '3', TRUST_PROXY: '1', PUBLIC_URL: origin }, { clock: () => now });
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

/** A buyer e-mail's link token, from the e-mail held in the outbox, and the path of a listed business's stop link. */
async function links() {
  const db = server.database.db;
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: 'limit.buyer@example.co.za' }), ...from('192.0.2.200') });
  expect(res.status, res.text).toBe(201);
  const row = await db.selectFrom('outbox').select('payload').where('recipient', '=', 'limit.buyer@example.co.za').executeTakeFirstOrThrow();
  const { linkToken } = JSON.parse(row.payload) as { linkToken: string };
  const supplier = await listedSupplier(db, (res.json as { quotes: { supplier: { id: number } }[] }).quotes[0]!.supplier.id);
  expect(supplier?.hasUsers).toBe(false);
  const stop = await listedSupplierLinks(db, supplier!, origin, new Date(now));
  return { linkToken, stopPath: stop!.stopUrl.slice(origin.length) };
}

describe('the pages of e-mail links', () => {
  it("count a client's unknown links, buyer and supplier pages together, past MAIL_LINK_RATE_LIMIT a window a 429 page with Retry-After, while a link that works always opens", async () => {
    const { linkToken, stopPath } = await links();
    const client = from('203.0.113.7');
    // A link that works is not counted: a mail provider's one-click unsubscribes come from a few servers.
    for (let i = 0; i < 4; i++) expect((await server.request('GET', `/mail/unsubscribe/${linkToken}`, client)).status).toBe(200);
    expect((await server.request('GET', stopPath, client)).status).toBe(200);
    expect((await server.request('GET', '/mail/stop/not-a-real-token-at-all', client)).status).toBe(404);
    expect((await server.request('POST', '/mail/unsubscribe/not-a-real-token-at-all', client)).status).toBe(404);
    expect((await server.request('GET', '/mail/not-me/not-a-real-token-at-all', client)).status).toBe(404);

    const refused = await server.request('POST', '/mail/resubscribe/not-a-real-token-at-all', client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.text).toContain('<p>Too many unknown e-mail links from your network. Please try again in 30 seconds.</p>');
    expect((await server.request('POST', '/mail/stop/not-a-real-token-at-all', client)).status).toBe(429);

    // Past the limit, the links that work still do what they say.
    const unsubscribed = await server.request('POST', `/mail/unsubscribe/${linkToken}`, client);
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.text).toContain('No more quote e-mails');
    const stopped = await server.request('POST', stopPath, client);
    expect(stopped.status).toBe(200);
    expect(stopped.text).toContain('No more e-mails from Procura');

    // Another network is not held back, and the next window lets this one look again.
    expect((await server.request('GET', '/mail/stop/not-a-real-token-at-all', from('203.0.113.8'))).status).toBe(404);
    now += 30_000;
    expect((await server.request('GET', '/mail/stop/not-a-real-token-at-all', client)).status).toBe(404);
  });
});
