import { describe, expect, it } from 'vitest';
import { partnerAnalyticsSchema } from '../../sdk/schemas/partners';
import { readBuyerFragment } from '../../contract/buyer-links';
import { sweep } from '../retention';
import { responseTokenOf, validOrder, startTestServerForFile } from '../test/harness';
import { openQuoteEmail, quoteEmailLinks, registerPartner, widgetRequest } from '../test/partners';

let now = Date.UTC(2026, 10, 20, 9, 0, 0);
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });

type Partner = Awaited<ReturnType<typeof registerPartner>>;

// What a script can send: the partner's id, its own host as the referrer, the largest company size and a made-up buyer.
const scripted = async (p: Partner, contactEmail: string) => {
  const res = await widgetRequest(server, {
    contactEmail,
    companySize: '250+',
    partnerId: p.partnerId,
    referrerUrl: 'https://coastal.example.co.za/',
    source: 'embed-widget',
  });
  expect(res.status).toBe(201);
  return res;
};
const analytics = async (p: Partner) => partnerAnalyticsSchema.parse((await server.request('GET', '/api/embed/analytics', { headers: p.headers })).json);
const creditOf = async (rfqId: string) =>
  (await server.database.db.selectFrom('rfqs').select('partner_credit').where('id', '=', rfqId).executeTakeFirstOrThrow()).partner_credit;

describe('partner credit on evidence', () => {
  it('pays nothing for scripted requests with made-up buyers: each stays pending', async () => {
    const p = await registerPartner(server);
    for (let i = 1; i <= 5; i++) await scripted(p, `made-up-${i}@nowhere.example`);
    expect(await analytics(p)).toMatchObject({ totalRfqs: 5, pendingRfqs: 5, qualifiedRfqs: 0, enterpriseLeads: 0, revenue: 0 });
  });

  it("qualifies a request once its buyer opens a link of the quote e-mail, which no answer of the API carries, and leads on to the link's page", async () => {
    const p = await registerPartner(server);
    const res = await scripted(p, 'facilities@buyer.example.co.za');
    const rfqId = res.json.rfqId as string;
    const token = res.json.quotes[0].trackingToken as string;
    const links = await quoteEmailLinks(server, rfqId);
    const [, proof] = links.find((l) => l.includes('/mail/open/'))!.match(/\/mail\/open\/[^/]+\/([^/?]+)/)!;
    // The answer a script reads holds the request's id and tracking tokens, never the e-mail's proof.
    expect(res.text).not.toContain(proof);
    expect(links).toContain(`http://procura.test/mail/open/${rfqId}/${proof}/${token}?action=accept#from=email`);
    // "Compare all quotes" goes through /mail/open/ too, with every quote's token in its fragment:
    // the server never sees it, and the browser keeps it across the redirect, so the results page can accept.
    const compare = new URL(links.find((l) => l.startsWith(`http://procura.test/mail/open/${rfqId}/${proof}#`))!);
    expect(readBuyerFragment(compare.hash).tokens).toEqual(
      Object.fromEntries(res.json.quotes.map((q: { id: string; trackingToken: string }) => [q.id, q.trackingToken])),
    );

    // A made-up proof leads where the link says and credits nothing.
    const forged = await fetch(`${server.url}/mail/open/${rfqId}/${'A'.repeat(proof!.length)}/${token}`, { redirect: 'manual' });
    expect([forged.status, forged.headers.get('location')]).toEqual([302, `http://procura.test/quote/${token}`]);
    expect(await creditOf(rfqId)).toBe('pending');

    expect(await openQuoteEmail(server, rfqId, (l) => l.includes('?action=accept') && l.includes(token))).toBe(
      `http://procura.test/quote/${token}?action=accept`,
    );
    expect(await creditOf(rfqId)).toBe('qualified');
    // R150 for the enterprise lead at the partner's 60 %.
    expect(await analytics(p)).toMatchObject({ qualifiedRfqs: 1, pendingRfqs: 0, enterpriseLeads: 1, revenue: 90 });

    // Opening it again, or the results link (whose fragment stays in the browser), changes nothing and still leads on.
    const results = await fetch(`${server.url}${compare.pathname}`, { redirect: 'manual' });
    expect([results.status, results.headers.get('location')]).toEqual([302, `http://procura.test/quote-success?rfqId=${rfqId}`]);
    expect(await analytics(p)).toMatchObject({ qualifiedRfqs: 1, revenue: 90 });
  });

  it("does not count accepting a quote with the answer's token, but counts the supplier confirming the order", async () => {
    const p = await registerPartner(server);
    const res = await scripted(p, 'stores@buyer.example.co.za');
    const rfqId = res.json.rfqId as string;
    expect((await server.request('POST', `/api/quotes/track/${res.json.quotes[0].trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
    expect(await creditOf(rfqId)).toBe('pending');

    const response = await responseTokenOf(server, rfqId);
    expect((await server.request('POST', `/api/supplier-responses/${response}/confirm`)).status).toBe(200);
    expect(await creditOf(rfqId)).toBe('qualified');
    expect(await analytics(p)).toMatchObject({ qualifiedRfqs: 1, awardedRfqs: 1, revenue: 90 });
  });

  it('never pays a request still pending 30 days after it was made, even if its e-mail is opened later', async () => {
    const p = await registerPartner(server);
    now = Date.UTC(2026, 10, 21, 9, 0, 0);
    const late = (await scripted(p, 'late@buyer.example.co.za')).json.rfqId as string;
    const links = await quoteEmailLinks(server, late);
    now = Date.UTC(2026, 11, 21, 9, 0, 0);
    await sweep(server.database, server.app.deps.outbox, new Date(now));
    expect(await creditOf(late)).toBe('host');
    const opened = await fetch(server.url + new URL(links.find((l) => l.includes('/mail/open/'))!).pathname, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(await creditOf(late)).toBe('host');
    expect(await analytics(p)).toMatchObject({ totalRfqs: 1, pendingRfqs: 0, qualifiedRfqs: 0, revenue: 0 });
  });

  it("sends a request's own e-mail through /mail/open/ only while its credit is pending", async () => {
    const p = await registerPartner(server);
    const res = await scripted(p, 'direct@buyer.example.co.za');
    await openQuoteEmail(server, res.json.rfqId);
    const links = await quoteEmailLinks(server, res.json.rfqId);
    expect(links.filter((l) => l.includes('/mail/open/'))).toEqual([]);
    expect(links).toContain(`http://procura.test/quote/${res.json.quotes[0].trackingToken}?action=accept#from=email`);
  });
});
