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
  it('answer a client MAIL_LINK_RATE_LIMIT times a window, buyer and supplier links together, then a 429 page with Retry-After', async () => {
    const { linkToken, stopPath } = await links();
    const client = from('203.0.113.7');
    expect((await server.request('GET', `/mail/unsubscribe/${linkToken}`, client)).status).toBe(200);
    expect((await server.request('GET', stopPath, client)).status).toBe(200);
    expect((await server.request('GET', `/mail/not-me/${linkToken}`, client)).status).toBe(200);

    const refused = await server.request('POST', `/mail/unsubscribe/${linkToken}`, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.text).toContain('<p>Too many visits to e-mail links from your network. Please try again in 30 seconds.</p>');
    // Refused before the link is looked up: nothing was unsubscribed.
    expect(await server.database.db.selectFrom('mail_suppressions').selectAll().execute()).toEqual([]);
    for (const [method, path] of [
      ['POST', stopPath],
      ['POST', `/mail/resubscribe/${linkToken}`],
      ['GET', '/mail/stop/not-a-real-token-at-all'],
    ] as const) {
      expect((await server.request(method, path, client)).status, path).toBe(429);
    }
    expect(await server.database.db.selectFrom('supplier_mail_stops').selectAll().execute()).toEqual([]);

    // Another network is not held back, and the next window lets this one in again.
    const other = await server.request('POST', `/mail/unsubscribe/${linkToken}`, from('203.0.113.8'));
    expect(other.status).toBe(200);
    expect(other.text).toContain('No more quote e-mails');
    now += 30_000;
    const again = await server.request('POST', stopPath, client);
    expect(again.status).toBe(200);
    expect(again.text).toContain('No more e-mails from Procura');
  });
});
