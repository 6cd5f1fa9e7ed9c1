import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweep } from '../retention';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink';
import { signInStaff } from '../test/staff';
import { signInSupplier } from '../test/suppliers';

const CLAIM = 'Is this your business? Manage it on Procura';
const origin = 'http://procura.test';
let sink: SmtpSink;
let server: TestServer;
let now = Date.parse('2026-12-11T08:00:00.000Z');
let clientNo = 0;
const client = () => ({ 'x-forwarded-for': `203.0.113.${++clientNo}` });
const db = () => server.database.db;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, RFQ_RATE_LIMIT: '1000', TRUST_PROXY: '1' }, { clock: () => now });
});
afterAll(async () => {
  await server.close();
  await sink.stop();
});

type Quoted = { id: string; supplier: { id: number } };
const quoteRfq = async () => {
  const res = await server.request('POST', '/api/rfq', { body: validRfq(), headers: client() });
  expect(res.status, res.text).toBe(201);
  return res.json as { rfqId: string; quotes: Quoted[] };
};
const supplierRow = (id: number) => db().selectFrom('suppliers').select(['id', 'email', 'slug', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
const leadTo = (email: string) => sink.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Procura lead:'));
const stopUrlOf = (mail: ReceivedMail) => /^<(http:\/\/procura\.test\/mail\/stop\/[A-Za-z0-9_-]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
const pathOf = (url: string) => url.slice(origin.length);

let listed: Awaited<ReturnType<typeof supplierRow>>;
let stopPath: string;

describe('an e-mail to a listed business that never asked', () => {
  it('carries the claim line to its prefilled join page and a one-click stop; a supplier with people gets neither', async () => {
    const probe = await quoteRfq();
    const [first, second] = probe.quotes.map((q) => q.supplier.id);
    const joined = await supplierRow(second!);
    // The probe's lead reaches it first, so the last lead it gets is written after it has people.
    await vi.waitFor(() => expect(leadTo(joined.email).length).toBeGreaterThanOrEqual(1), { timeout: 15_000 });
    await signInSupplier(server, joined.id, 'people@joined.example.co.za');
    listed = await supplierRow(first!);
    const users = await db().selectFrom('supplier_users').select('id').where('supplier_id', '=', listed.id).execute();
    expect(users).toEqual([]);

    await quoteRfq();
    await vi.waitFor(() => expect(leadTo(listed.email).length).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
    await vi.waitFor(() => expect(leadTo(joined.email).length).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
    const lead = leadTo(listed.email).at(-1)!;
    expect(lead.text).toContain(`${CLAIM}: ${origin}/suppliers/join?supplier=${listed.slug}`);
    expect(lead.html).toContain(CLAIM);
    expect(lead.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(stopUrlOf(lead)).toBeDefined();
    stopPath = pathOf(stopUrlOf(lead)!);

    const toJoined = leadTo(joined.email).at(-1)!;
    expect(toJoined.text).not.toContain(CLAIM);
    expect(toJoined.headers['list-unsubscribe']).toBeUndefined();
  });
});

describe('the stop link', () => {
  it('shows a confirm page on GET and stops nothing', async () => {
    const page = await server.request('GET', stopPath);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`<form method="post"><button type="submit">Stop Procura's e-mails</button></form>`);
    expect(page.text).toContain(`href="/suppliers/join?supplier=${listed.slug}"`);
    expect(await db().selectFrom('supplier_mail_stops').selectAll().execute()).toEqual([]);
    expect((await quoteRfq()).quotes.map((q) => q.supplier.id)).toContain(listed.id);
    expect((await server.request('GET', '/mail/stop/not-a-real-token-at-all')).status).toBe(404);
  });

  it('stops on POST, kept as the hash of the address: the supplier is no longer quoted, e-mailed or shown unstopped to staff', async () => {
    const posted = await server.request('POST', stopPath);
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('No more e-mails from Procura');
    const hash = createHash('sha256').update(listed.email.trim().toLowerCase()).digest('hex');
    expect(await db().selectFrom('supplier_mail_stops').select('address_hash').execute()).toEqual([{ address_hash: hash }]);

    const after = await quoteRfq();
    expect(after.quotes.length).toBeGreaterThan(0);
    expect(after.quotes.map((q) => q.supplier.id)).not.toContain(listed.id);

    // A lead written before the stop is not sent after it.
    const old = await db().selectFrom('quotes').select(['id', 'rfq_id']).where('supplier_id', '=', listed.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Leads written before the stop, by the requests above, are sent first: only then is what was sent counted.
    await vi.waitFor(
      async () => {
        const waiting = await db()
          .selectFrom('outbox')
          .select('id')
          .where('recipient', '=', listed.email)
          .where('status', 'in', ['pending', 'sending'])
          .execute();
        expect(waiting).toEqual([]);
      },
      { timeout: 15_000 },
    );
    const sent = leadTo(listed.email).length;
    await db()
      .transaction()
      .execute((trx) =>
        server.app.deps.outbox.enqueue(
          trx,
          [{ kind: 'supplier-lead', recipient: listed.email, payload: { rfqId: old.rfq_id, quoteId: old.id } }],
          new Date(now),
        ),
      );
    server.app.deps.outbox.notify();
    await vi.waitFor(
      async () => {
        const row = await db()
          .selectFrom('outbox')
          .select(['status', 'last_error'])
          .where('recipient', '=', listed.email)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'dead', last_error: expect.stringContaining('The address asked Procura to stop its e-mails') });
      },
      { timeout: 15_000 },
    );
    expect(leadTo(listed.email)).toHaveLength(sent);

    const admin = await signInStaff(server);
    const list = await server.request('GET', `/api/admin/suppliers?q=${encodeURIComponent(listed.email)}`, { headers: admin.headers });
    expect(list.status).toBe(200);
    const row = (list.json.suppliers as { id: number; mailStoppedAt: string | null }[]).find((s) => s.id === listed.id)!;
    expect(row.mailStoppedAt).toBe(new Date(now).toISOString());
    expect(
      (list.json.suppliers as { id: number; mailStoppedAt: string | null }[]).filter((s) => s.id !== listed.id).every((s) => s.mailStoppedAt === null),
    ).toBe(true);

    const again = await server.request('GET', stopPath);
    expect(again.text).toContain('This address already gets no e-mails from Procura');
  });

  it('is lifted when the business joins: an approved claim of the listing puts it back in the market', async () => {
    const registrationNumber = '2011/654321/07';
    await db().updateTable('suppliers').set({ registration_number: registrationNumber }).where('id', '=', listed.id).execute();
    const email = 'owner@listed-claims.example.co.za';
    const applied = await server.request('POST', '/api/supplier-applications', {
      body: {
        companyName: listed.name,
        registrationNumber,
        contactName: 'Thandi Owner',
        email,
        phone: '031 555 0100',
        city: 'Durban',
        categories: ['cleaning-supplies'],
        acceptTerms: true,
      },
      headers: { origin, ...client() },
    });
    expect(applied.status, applied.text).toBe(202);
    const row = await db()
      .selectFrom('outbox')
      .select('payload')
      .where('recipient', '=', email)
      .where('kind', '=', 'supplier-application')
      .executeTakeFirstOrThrow();
    const { token } = JSON.parse(row.payload) as { token: string };
    expect((await server.request('POST', '/api/supplier-applications/verify', { body: { token }, headers: { origin, ...client() } })).status).toBe(200);
    const application = await db().selectFrom('supplier_applications').select(['id', 'claim_supplier_id']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(application.claim_supplier_id).toBe(listed.id);
    const admin = await signInStaff(server);
    const approved = await server.request('POST', `/api/admin/supplier-applications/${application.id}/approve`, { headers: admin.headers });
    expect(approved.status, approved.text).toBe(200);

    expect(await db().selectFrom('supplier_mail_stops').selectAll().execute()).toEqual([]);
    expect((await quoteRfq()).quotes.map((q) => q.supplier.id)).toContain(listed.id);
    // Its old link stops nothing now: its people manage it in the workspace.
    const posted = await server.request('POST', stopPath);
    expect(posted.text).toContain('is managed on Procura');
    expect(await db().selectFrom('supplier_mail_stops').selectAll().execute()).toEqual([]);
  });
});

describe('expiring B-BBEE evidence', () => {
  const reminders = () => db().selectFrom('outbox').select(['recipient', 'payload']).where('kind', '=', 'supplier-bbee-reminder').orderBy('id').execute();
  const hashOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  /** The first of the suppliers no one signs in for. */
  const withoutPeople = async (ids: number[]) => {
    for (const id of ids) {
      if ((await db().selectFrom('supplier_users').select('id').where('supplier_id', '=', id).execute()).length === 0) return supplierRow(id);
    }
    throw new Error('every quoted supplier has people');
  };
  let remindedId = 0;

  it('is e-mailed once, 30 days before its expiry in Johannesburg, to the listed address with the claim line while no one signs in', async () => {
    const s = await withoutPeople((await quoteRfq()).quotes.map((q) => q.supplier.id).filter((id) => id !== listed.id));
    remindedId = s.id;
    await db().updateTable('suppliers').set({ bbee_reminded_for: null }).execute();
    // Only this supplier's evidence is near its expiry.
    await db().updateTable('suppliers').set({ bbee_expires_on: '2028-01-01' }).where('bbee_level', '>=', 1).execute();
    await db().updateTable('suppliers').set({ bbee_level: 2, bbee_evidence: 'certificate', bbee_expires_on: '2027-01-11' }).where('id', '=', s.id).execute();

    // 11 December, 23:30 in Johannesburg: 31 days before.
    now = Date.parse('2026-12-11T21:30:00.000Z');
    await sweep(server.database, server.app.deps.outbox, new Date(now));
    expect(await reminders()).toEqual([]);
    // 12 December, 00:30 in Johannesburg (still 11 December in UTC): 30 days before. The next
    // hour's sweep writes none again (the clock stays, so a claimed e-mail's lease holds).
    now = Date.parse('2026-12-11T22:30:00.000Z');
    await sweep(server.database, server.app.deps.outbox, new Date(now));
    await sweep(server.database, server.app.deps.outbox, new Date(now + 3600_000));
    expect(await reminders()).toEqual([{ recipient: s.email, payload: JSON.stringify({ supplierId: s.id, expiresOn: '2027-01-11' }) }]);

    server.app.deps.outbox.notify();
    const subject = 'Procura: your B-BBEE certificate expires on 11 January 2027';
    await vi.waitFor(() => expect([...sink.unique().values()].filter((m) => m.subject === subject)).toHaveLength(1), { timeout: 15_000 });
    const mail = sink.received.find((m) => m.subject === subject)!;
    expect(mail.to).toEqual([s.email]);
    expect(mail.text).toContain(`From the day after, ${s.name}'s quotes and paperwork show it as non-compliant`);
    expect(mail.text).toContain(CLAIM);
    expect(stopUrlOf(mail)).toBeDefined();
  });

  it("goes instead to each enabled person of the supplier's workspace, and to no address that asked Procura to stop", async () => {
    const s = await withoutPeople((await quoteRfq()).quotes.map((q) => q.supplier.id).filter((id) => id !== listed.id && id !== remindedId));
    const desk = 'bbee.desk@people.example.co.za';
    await signInSupplier(server, s.id, desk);
    // An invited colleague counts, as for invoices; a disabled one does not, nor one whose address asked to stop.
    const at = new Date(now).toISOString();
    const person = (email: string, disabledAt: string | null) => ({
      supplier_id: s.id,
      email,
      name: 'Colleague',
      disabled_at: disabledAt,
      created_at: at,
      last_sign_in_at: null,
    });
    await db()
      .insertInto('supplier_users')
      .values([
        person('bbee.invited@people.example.co.za', null),
        person('bbee.gone@people.example.co.za', at),
        person('bbee.stopped@people.example.co.za', null),
      ])
      .execute();
    await db()
      .insertInto('supplier_mail_stops')
      .values([hashOf('bbee.stopped@people.example.co.za'), hashOf(s.email)].map((address_hash) => ({ address_hash, created_at: at })))
      .execute();
    await db().updateTable('suppliers').set({ bbee_level: 3, bbee_evidence: 'affidavit', bbee_expires_on: '2027-01-10' }).where('id', '=', s.id).execute();

    await sweep(server.database, server.app.deps.outbox, new Date(now));
    const payload = JSON.stringify({ supplierId: s.id, expiresOn: '2027-01-10' });
    expect((await reminders()).filter((r) => r.payload === payload)).toEqual([
      { recipient: desk, payload },
      { recipient: 'bbee.invited@people.example.co.za', payload },
    ]);

    server.app.deps.outbox.notify();
    const subject = 'Procura: your B-BBEE affidavit expires on 10 January 2027';
    await vi.waitFor(() => expect([...sink.unique().values()].filter((m) => m.subject === subject)).toHaveLength(2), { timeout: 15_000 });
    const mails = [...sink.unique().values()].filter((m) => m.subject === subject);
    expect(mails.map((m) => m.to).sort()).toEqual([[desk], ['bbee.invited@people.example.co.za']]);
    for (const mail of mails) {
      // People choose in the workspace: no claim line, no stop link.
      expect(mail.text).not.toContain(CLAIM);
      expect(mail.headers['list-unsubscribe']).toBeUndefined();
    }
  });
});
