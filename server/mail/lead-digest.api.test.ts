import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { signInSupplier } from '../test/suppliers';
import { readOutboxDepth } from './outbox';
import { MessageRenderer } from '../mail-sender/renderer';

const MINUTE = 60_000;

describe('a supplier that takes its leads as a digest, held where no SMTP server is set', () => {
  let server: TestServer;
  let now = Date.parse('2026-11-20T08:00:00.000Z');

  beforeAll(async () => {
    server = await startTestServer({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
  });
  afterAll(() => server.close());

  const outbox = () => server.database.db.selectFrom('outbox').selectAll().where('kind', 'like', 'supplier-lead%').orderBy('id').execute();

  it('chooses hourly from its details, and gets one digest for the hour with each lead, while the others get each lead', async () => {
    const probe = await server.request('POST', '/api/rfq', { body: validRfq() });
    const supplierId = probe.json.quotes[0].supplier.id as number;
    const supplierEmail = (await server.database.db.selectFrom('suppliers').select('email').where('id', '=', supplierId).executeTakeFirstOrThrow()).email;
    const { headers } = await signInSupplier(server, supplierId, 'leads@digest.example.co.za');
    expect((await server.request('GET', '/api/supplier/profile', { headers })).json.leadEmails).toBe('each');

    const refused = await server.request('PATCH', '/api/supplier/profile', { body: { leadEmails: 'daily' }, headers });
    expect([refused.status, refused.json.error.details.fields.leadEmails]).toEqual([
      400,
      'Choose how lead e-mails come: each lead, every 15 minutes or hourly',
    ]);
    const saved = await server.request('PATCH', '/api/supplier/profile', { body: { leadEmails: 'hourly' }, headers });
    expect([saved.status, saved.json.leadEmails]).toEqual([200, 'hourly']);

    const before = (await outbox()).length;
    const first = await server.request('POST', '/api/rfq', { body: validRfq() });
    now += 20 * MINUTE;
    const second = await server.request('POST', '/api/rfq', { body: validRfq({ quantity: 300 }) });
    const written = (await outbox()).slice(before);
    const quoteOf = (res: typeof first) => (res.json.quotes as { id: string; supplier: { id: number } }[]).find((q) => q.supplier.id === supplierId)!.id;

    const digests = written.filter((r) => r.kind === 'supplier-lead-digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ recipient: supplierEmail, status: 'held', next_attempt_at: '2026-11-20T09:00:00.000Z' });
    expect(JSON.parse(digests[0]!.payload)).toEqual({
      windowMinutes: 60,
      leads: [
        { rfqId: first.json.rfqId, quoteId: Number(quoteOf(first).slice(2)) },
        { rfqId: second.json.rfqId, quoteId: Number(quoteOf(second).slice(2)) },
      ],
    });
    // Every other quoting supplier still gets each lead as it comes.
    const single = written.filter((r) => r.kind === 'supplier-lead');
    expect(single).toHaveLength(first.json.quotes.length - 1 + second.json.quotes.length - 1);
    expect(single.some((r) => r.recipient === supplierEmail)).toBe(false);

    // Once its hour is nearly up, the digest takes no more: the next lead starts another.
    now += 39.5 * MINUTE;
    await server.request('POST', '/api/rfq', { body: validRfq() });
    const later = (await outbox()).filter((r) => r.kind === 'supplier-lead-digest');
    expect(later).toHaveLength(2);
    expect(later[1]!.next_attempt_at).toBe(new Date(now + 60 * MINUTE).toISOString());

    // Back to each lead: the next request's lead is its own e-mail.
    await server.request('PATCH', '/api/supplier/profile', { body: { leadEmails: 'each' }, headers });
    const count = (await outbox()).length;
    await server.request('POST', '/api/rfq', { body: validRfq() });
    expect((await outbox()).slice(count).some((r) => r.kind === 'supplier-lead' && r.recipient === supplierEmail)).toBe(true);
  });
});

describe('a digest sent over SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let now = Date.parse('2026-11-20T08:00:00.000Z');

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: sink.url, RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
  });
  afterAll(async () => {
    await server.close();
    await sink.stop();
  });

  it('waits for its window, then goes as one e-mail per supplier listing each lead with its own link', async () => {
    // Every supplier takes a digest every 15 minutes; the outbox worker reads the choice as it fans leads out.
    await server.database.db.updateTable('suppliers').set({ lead_digest_minutes: 15 }).execute();
    const buyers = () => [...sink.unique().values()].filter((m) => m.to.includes('jane.buyer@example.co.za'));
    const first = await server.request('POST', '/api/rfq', { body: validRfq() });
    // Time moves on only once the buyer's e-mail is in: a claim outlived by the clock is sent again.
    await vi.waitFor(() => expect(buyers()).toHaveLength(1), { timeout: 10_000 });
    now += 5 * MINUTE;
    const second = await server.request('POST', '/api/rfq', { body: validRfq({ quantity: 300 }) });
    await vi.waitFor(() => expect(buyers()).toHaveLength(2), { timeout: 10_000 });
    // The leads were fanned out into digests, due at 08:15: none has gone.
    await vi.waitFor(async () => {
      const digests = await server.database.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', 'supplier-lead-digest').execute();
      expect(digests).toHaveLength(first.json.quotes.length);
      expect(digests.every((d) => d.status === 'pending' && (JSON.parse(d.payload) as { leads: unknown[] }).leads.length === 2)).toBe(true);
    });
    expect(sink.received.filter((m) => /lead/i.test(m.subject))).toEqual([]);
    // A digest gathering its window's leads is not an e-mail waiting to go (once the buyers' e-mails are recorded as sent).
    await vi.waitFor(async () => expect((await readOutboxDepth(server.database.db, now)).oldestPendingSeconds).toBeNull());

    now += 10 * MINUTE;
    server.app.deps.outbox.notify();
    await vi.waitFor(() => expect(sink.received.filter((m) => m.subject.startsWith('Procura: 2 new leads'))).toHaveLength(first.json.quotes.length), {
      timeout: 10_000,
    });
    const digest = sink.received.find((m) => m.subject === 'Procura: 2 new leads in the last 15 minutes')!;
    const links = [...digest.text.matchAll(/supplier workspace: (\S+)/g)].map((m) => m[1]);
    const quoteIds = (res: typeof first) => (res.json.quotes as { id: string }[]).map((q) => q.id);
    expect(links).toHaveLength(2);
    expect(quoteIds(first)).toContain(decodeURIComponent(links[0]!.split('lead=')[1]!));
    expect(quoteIds(second)).toContain(decodeURIComponent(links[1]!.split('lead=')[1]!));
    expect(digest.text).toMatch(/^1\. 200 .+ to Durban/m);
    expect(digest.text).toMatch(/^2\. 300 .+ to Durban/m);
  });
});

describe('what a lead e-mail shows of the buyer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RFQ_RATE_LIMIT: '1000' });
  });
  afterAll(() => server.close());

  const leadsOf = async (rfqId: string) => {
    const rows = await server.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'supplier-lead').where('payload', 'like', `%${rfqId}%`).execute();
    const renderer = new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market);
    return Promise.all(rows.map((r) => renderer.render(r)));
  };

  it('names the product as Procura matched it in the subject, quotes the buyer’s words only in the body, and gives no contact of the buyer’s', async () => {
    const words = 'Household Bleach URGENT verify bank details at evil.example';
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({
        productName: words,
        quantity: 40,
        companyName: 'Mokoena Facilities',
        contactName: 'Thandi Mokoena',
        primaryEmail: 'thandi@mokoena.example',
      }),
    });
    expect(res.status).toBe(201);
    const leads = await leadsOf(res.json.rfqId);
    expect(leads.length).toBe(res.json.quotes.length);
    for (const lead of leads) {
      expect(lead.subject).toBe('Procura lead: 40 litres of Household Bleach to Durban, KwaZulu-Natal');
      expect(lead.text).toContain(`The buyer wrote: “${words}”`);
      expect(lead.html).not.toMatch(/<h\d[^>]*>[^<]*evil\.example/);
      for (const contact of ['thandi@mokoena.example', 'Thandi Mokoena', 'Mokoena Facilities', 'mailto:']) {
        expect(lead.html).not.toContain(contact);
        expect(lead.text).not.toContain(contact);
      }
    }
  });

  it('names a basket’s lines as Procura matched them, with the buyer’s words quoted', async () => {
    const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq();
    const lines = [
      { productName: 'bleach pls call 082 555 0100', quantity: 40 },
      { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
    ];
    const res = await server.request('POST', '/api/rfq', { body: { ...shared, lines, supplierCount: 5, deliveryLocation: 'Johannesburg' } });
    expect(res.status).toBe(201);
    const leads = await leadsOf(res.json.rfqId);
    const both = leads.find((l) => l.text.includes('Household Bleach') && l.text.includes('Hand Sanitizer 70% Alcohol'))!;
    expect(both.subject).toBe('Procura lead: 2 products to Johannesburg, Gauteng');
    expect(both.text).toMatch(/^Household Bleach: 40 litres at /m);
    expect(both.text).toContain('The buyer wrote: “bleach pls call 082 555 0100”');
  });
});
