import { describe, expect, it } from 'vitest';
import { PARTNER_HOST_MESSAGES, partnerAnalyticsSchema, partnerHostsSchema } from '../../sdk/schemas/partners';
import { validRfq, startTestServerForFile } from '../test/harness';
import { openQuoteEmail, registerPartner, widgetRequest } from '../test/partners';

let now = Date.UTC(2026, 10, 20, 9, 0, 0);
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });

type Partner = Awaited<ReturnType<typeof registerPartner>>;

const embedRfq = (p: Partner, host: string, contactEmail: string) =>
  widgetRequest(server, {
    contactEmail,
    partnerId: p.partnerId,
    embedId: 'footer',
    referrerUrl: `https://${host}/cleaning`,
    source: 'embed-widget',
  });

const analytics = async (p: Partner) => partnerAnalyticsSchema.parse((await server.request('GET', '/api/embed/analytics', { headers: p.headers })).json);
const hosts = async (p: Partner) => {
  const res = await server.request('GET', '/api/partners/hosts', { headers: p.headers });
  expect(res.status).toBe(200);
  return partnerHostsSchema.parse(res.json);
};

describe('partner credit', () => {
  it("credits an embed RFQ only from one of the partner's hosts, and still quotes the others", async () => {
    const p = await registerPartner(server);
    const stranger = await embedRfq(p, 'copycat.example.com', 'buyer1@example.co.za');
    expect(stranger.status).toBe(201);
    expect(stranger.json.quotes).toHaveLength(3);
    const row = await server.database.db
      .selectFrom('rfqs')
      .select(['partner_id', 'referrer_host', 'partner_credit'])
      .where('id', '=', stranger.json.rfqId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ partner_id: p.partnerId, referrer_host: 'copycat.example.com', partner_credit: 'uncredited' });
    expect(await analytics(p)).toMatchObject({ totalRfqs: 0, qualifiedRfqs: 0, monthRfqs: 0, revenue: 0 });

    const credited = await embedRfq(p, 'coastal.example.co.za', 'buyer1@example.co.za');
    expect(credited.status).toBe(201);
    expect(await analytics(p)).toMatchObject({ totalRfqs: 1, qualifiedRfqs: 0, pendingRfqs: 1, monthPendingRfqs: 1, revenue: 0 });
    await openQuoteEmail(server, credited.json.rfqId);
    expect(await analytics(p)).toMatchObject({ totalRfqs: 1, qualifiedRfqs: 1, monthQualifiedRfqs: 1, pendingRfqs: 0, revenue: 15 });

    // The portal's form with the widget's fields is credited by the same rule.
    const viaForm = (host: string, primaryEmail: string) =>
      server.request('POST', '/api/rfq', {
        body: validRfq({ primaryEmail, partnerId: p.partnerId, embedId: 'footer', embedSource: 'embed-widget', referrerUrl: `https://${host}/` }),
      });
    expect((await viaForm('copycat.example.com', 'buyer2@example.co.za')).status).toBe(201);
    const form = await viaForm('coastal.example.co.za', 'buyer2@example.co.za');
    expect(form.status).toBe(201);
    await openQuoteEmail(server, form.json.rfqId);
    expect(await analytics(p)).toMatchObject({ totalRfqs: 2, qualifiedRfqs: 2 });

    expect(await hosts(p)).toEqual({
      hosts: [{ host: 'coastal.example.co.za', addedAt: new Date(now).toISOString() }],
      uncreditedHosts: [{ host: 'copycat.example.com', rfqs: 2, lastRfqAt: new Date(now).toISOString() }],
    });
  });

  it('counts a qualified RFQ once per buyer mailbox per partner in 30 days, +tags and capitals included, keeping no address', async () => {
    now = Date.UTC(2026, 10, 21, 9, 0, 0);
    const p = await registerPartner(server);
    const other = await registerPartner(server);
    const bought = async (partner: Partner, email: string) => {
      const res = await embedRfq(partner, 'coastal.example.co.za', email);
      expect(res.status).toBe(201);
      await openQuoteEmail(server, res.json.rfqId);
    };
    for (const email of ['repeat@example.co.za', 'Repeat@Example.co.za', 'repeat@example.co.za', 'repeat+widget@example.co.za']) await bought(p, email);
    await bought(other, 'repeat@example.co.za');
    expect(await analytics(p)).toMatchObject({ totalRfqs: 4, qualifiedRfqs: 1, pendingRfqs: 0, revenue: 15 });
    expect(await analytics(other)).toMatchObject({ totalRfqs: 1, qualifiedRfqs: 1 });

    const marks = await server.database.db.selectFrom('partner_credits').selectAll().where('partner_id', '=', p.partnerId).execute();
    expect(marks).toHaveLength(1);
    expect(JSON.stringify(marks)).not.toMatch(/repeat|example/i);

    now = Date.UTC(2026, 11, 20, 8, 59, 0);
    await bought(p, 'repeat@example.co.za');
    expect(await analytics(p)).toMatchObject({ totalRfqs: 5, qualifiedRfqs: 1 });
    now = Date.UTC(2026, 11, 21, 9, 0, 0);
    await bought(p, 'repeat@example.co.za');
    expect(await analytics(p)).toMatchObject({ totalRfqs: 6, qualifiedRfqs: 2 });
  });

  it('lets the partner add and remove hosts with its key, and credits by the current list', async () => {
    now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const p = await registerPartner(server);
    expect((await embedRfq(p, 'shop.coastal.example.co.za', 'a@example.co.za')).status).toBe(201);

    const added = await server.request('POST', '/api/partners/hosts', { headers: p.headers, body: { host: ' Shop.Coastal.example.co.za ' } });
    expect(added.status).toBe(201);
    expect(partnerHostsSchema.parse(added.json)).toEqual({
      hosts: [
        { host: 'coastal.example.co.za', addedAt: new Date(now).toISOString() },
        { host: 'shop.coastal.example.co.za', addedAt: new Date(now).toISOString() },
      ],
      // A host on the list is no longer offered for adding, though its earlier RFQs stay uncredited.
      uncreditedHosts: [],
    });
    expect((await embedRfq(p, 'shop.coastal.example.co.za', 'b@example.co.za')).status).toBe(201);
    expect(await analytics(p)).toMatchObject({ totalRfqs: 1, pendingRfqs: 1 });

    const again = await server.request('POST', '/api/partners/hosts', { headers: p.headers, body: { host: 'shop.coastal.example.co.za' } });
    expect([again.status, again.json.error.code]).toEqual([409, 'host_exists']);

    const removed = await server.request('DELETE', '/api/partners/hosts/shop.coastal.example.co.za', { headers: p.headers });
    expect(removed.status).toBe(200);
    expect(partnerHostsSchema.parse(removed.json).hosts.map((h) => h.host)).toEqual(['coastal.example.co.za']);
    expect((await embedRfq(p, 'shop.coastal.example.co.za', 'c@example.co.za')).status).toBe(201);
    expect(await analytics(p)).toMatchObject({ totalRfqs: 1, pendingRfqs: 1 });

    const missing = await server.request('DELETE', '/api/partners/hosts/nowhere.example.com', { headers: p.headers });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'host_not_found']);
  });

  it('answers 400 with the exact message for a bad host, and 401 without a key', async () => {
    const p = await registerPartner(server);
    for (const host of ['', 'https://shop.example.com/page', 'shop example.com', 'a'.repeat(256), 42]) {
      const res = await server.request('POST', '/api/partners/hosts', { headers: p.headers, body: { host } });
      expect(res.status).toBe(400);
      expect(res.json.error.details.fields).toEqual({ host: PARTNER_HOST_MESSAGES.host });
    }
    expect((await server.request('GET', '/api/partners/hosts')).status).toBe(401);
    expect((await server.request('POST', '/api/partners/hosts', { body: { host: 'x.example.com' } })).status).toBe(401);
  });
});
