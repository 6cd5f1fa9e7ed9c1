import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedMarket } from '../db/seed';
import { formatRand, formatDate } from '../../sdk/format';
import type { Quote } from '../../sdk/schemas/rfq';
import { createTestDatabase, POSTGRES_URL, startTestServer, validOrder, validRfq, type TestDatabase, type TestServer } from '../test/harness';
import { testWorkerBasics } from '../test/mail-worker';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink';
import { escapeHtml } from '../lib/html';
import { MailWorker } from './mail-worker';
import { requeueRows } from '../mail/outbox.repository';
import { smtpTransport, type MailTransport } from './transport';

const waitLong = { timeout: 15_000, interval: 20 };

/** The outbox's e-mails; a request's leads, written as one row to fan out, are not one. */
async function outboxRows(server: TestServer) {
  return server.database.db.selectFrom('outbox').selectAll().where('kind', '!=', 'supplier-leads').orderBy('id').execute();
}

describe('e-mail through SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;

  beforeEach(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ SMTP_URL: sink.url, MAIL_FROM: 'Procura Quotes <quotes@procura.test>', MAIL_RETRY_BASE_MS: '20' });
  });
  afterEach(async () => {
    await server.close();
    await sink.stop();
  });

  it('delivers the buyer their quotes and each quoting supplier its lead', async () => {
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({
        supplierCount: 3,
        additionalEmails: 'ops@example.co.za, Jane.Buyer@example.co.za',
        companyName: 'Umhlanga Offices',
        budgetRange: '10k-50k',
      }),
    });
    expect(res.status).toBe(201);
    const { rfqId, quotes } = res.json as { rfqId: string; quotes: Quote[] };
    expect(quotes).toHaveLength(3);

    await vi.waitFor(() => expect(sink.received).toHaveLength(5), waitLong);
    const to = (address: string) => sink.received.filter((m) => m.to.includes(address));

    // The buyer's e-mail, to the primary address and the other one (the repeat of the primary is dropped).
    for (const address of ['jane.buyer@example.co.za', 'ops@example.co.za']) {
      const [mail, ...more] = to(address);
      expect(more).toHaveLength(0);
      expect(mail!.from).toBe('"Procura Quotes" <quotes@procura.test>');
      expect(mail!.subject).toBe('Procura: 3 quotes for your request');
      expect(mail!.html).toContain(`http://procura.test/quote-success?rfqId=${rfqId}`);
      expect(mail!.text).toContain(`Compare all quotes: http://procura.test/quote-success?rfqId=${rfqId}`);
      expect(mail!.text).toContain('Monday-Friday 8AM-5PM');
      for (const q of quotes) {
        expect(mail!.text).toContain(q.supplier.name);
        expect(mail!.html).toContain(escapeHtml(q.supplier.name));
        for (const part of [mail!.text, mail!.html]) {
          expect(part).toContain(formatRand(q.unitPrice));
          expect(part).toContain(formatRand(q.totalPrice));
          expect(part).toContain(formatRand(q.totalPriceInclVat));
          expect(part).toContain(q.leadTime);
          expect(part).toContain(q.paymentTerms);
          expect(part).toContain(formatDate(q.validUntil));
          expect(part).toContain(`Quote reference ${q.id}`);
          expect(part).toContain(q.trackingUrl);
        }
      }
    }

    // Every tracking link in the e-mail opens its own quote.
    const text = to('ops@example.co.za')[0]!.text;
    const links = [...text.matchAll(/View this quote: (\S+)/g)].map((m) => m[1]!);
    expect(links).toHaveLength(3);
    for (const [i, link] of links.entries()) {
      expect(link.startsWith('http://procura.test/quote/qt_')).toBe(true);
      const token = link.slice('http://procura.test/quote/'.length);
      const tracked = await server.request('GET', `/api/quotes/track/${token}`);
      expect(tracked.status).toBe(200);
      expect(tracked.json.quote.quoteReference).toBe(quotes[i].id);
      expect(tracked.json.quote.quoteData.supplier.name).toBe(quotes[i].supplier.name);
      expect(tracked.json.quote.quoteData.totalPrice).toBe(quotes[i].totalPrice);
    }

    // Each supplier's lead: the request and its quote; the buyer's contact comes only with an order.
    for (const q of quotes) {
      const [lead, ...more] = to(q.supplier.email);
      expect(more).toHaveLength(0);
      expect(lead!.subject).toBe('Procura lead: 200 litres of Hand Sanitizer 70% Alcohol to Durban, KwaZulu-Natal');
      for (const part of [lead!.text, lead!.html]) {
        expect(part).toContain(q.id);
        expect(part).not.toContain('Umhlanga Offices');
        expect(part).not.toContain('jane.buyer@example.co.za');
        expect(part).toContain('R10,000 to R50,000');
        expect(part).toContain(formatRand(q.totalPrice));
      }
      expect(lead!.text).not.toContain('qt_');
    }

    // The outbox: all sent, each with the Message-ID the receiver saw, no tracking tokens kept.
    await vi.waitFor(async () => expect((await outboxRows(server)).every((r) => r.status === 'sent')).toBe(true), waitLong);
    const rows = await outboxRows(server);
    expect(rows.map((r) => r.message_id).sort()).toEqual(sink.received.map((m) => m.messageId).sort());
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.sent_at).not.toBeNull();
      expect(row.payload).not.toContain('qt_');
    }
  });

  it("delivers the accepted supplier its order and response link, the others a courtesy note, the buyer the supplier's answer, and keeps no link once sent", async () => {
    const res = await server.request('POST', '/api/rfq', {
      body: validRfq({ supplierCount: 3, contactName: 'Jane Buyer', companyName: 'Umhlanga Offices', companySize: '101-250' }),
    });
    const { quotes } = res.json as { quotes: { trackingToken: string; supplier: { email: string; name: string } }[] };
    await vi.waitFor(() => expect(sink.received).toHaveLength(4), waitLong);
    expect((await server.request('POST', `/api/quotes/track/${quotes[2]!.trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
    await vi.waitFor(() => expect(sink.received).toHaveLength(8), waitLong);
    const to = (address: string) => sink.received.filter((m) => m.to.includes(address)).slice(-1)[0]!;
    // The buyer has their copy of the purchase order at once, awaiting the supplier's confirmation.
    const copy = to('jane.buyer@example.co.za');
    expect(copy.subject).toMatch(new RegExp(`^Procura: purchase order PO-\\d{4}-\\d{6} was sent to ${quotes[2]!.supplier.name}$`));
    expect(copy.text).toContain(`was sent to ${quotes[2]!.supplier.name}, awaiting their confirmation. The purchase order is attached.`);
    expect(copy.text).toContain(`See your order: http://procura.test/quote/${quotes[2]!.trackingToken}`);

    const order = to(quotes[2]!.supplier.email);
    expect(order.subject).toMatch(/^Procura purchase order PO-\d{4}-\d{6}: the buyer accepted your quote Q-\d+$/);
    expect(order.text).toContain('   E-mail: jane.buyer@example.co.za\n');
    expect(order.text).toContain('   Company size: 101-250 employees\n');
    const link = /Confirm or withdraw: (http:\/\/procura\.test\/supplier-response\/(sr_\S+))/.exec(order.text)!;
    for (const other of [quotes[0]!, quotes[1]!]) expect(to(other.supplier.email).subject).toMatch(/^Procura: your quote Q-\d+ was not selected$/);

    const withdrawn = await server.request('POST', `/api/supplier-responses/${link[2]}/withdraw`, { body: { reason: 'The 5 L drums are out of stock' } });
    expect(withdrawn.status).toBe(200);
    await vi.waitFor(() => expect(sink.received).toHaveLength(9), waitLong);
    const notice = to('jane.buyer@example.co.za');
    expect(notice.subject).toBe(`Procura: ${quotes[2]!.supplier.name} withdrew from purchase order ${withdrawn.json.purchaseOrderNumber}`);
    expect(withdrawn.json.purchaseOrderNumber).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(notice.text).toContain('Their reason: The 5 L drums are out of stock');
    expect(notice.text).toContain(`Choose another quote: http://procura.test/quote/${quotes[2]!.trackingToken}`);

    await vi.waitFor(async () => expect((await outboxRows(server)).every((r) => r.status === 'sent')).toBe(true), waitLong);
    for (const row of await outboxRows(server)) {
      expect(row.payload).not.toContain('qt_');
      expect(row.payload).not.toContain('sr_');
    }
  });

  it('keeps e-mails through a refusing or absent server and delivers each once when it is back', async () => {
    sink.refuse = 'Mailbox busy, try again later';
    await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
    await vi.waitFor(async () => {
      const rows = await outboxRows(server);
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.status).toBe('pending');
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        expect(row.last_error).toContain('Mailbox busy');
      }
    }, waitLong);

    // Now the server is down altogether.
    await sink.stop();
    sink.refuse = null;
    await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3, primaryEmail: 'second@example.co.za' }) });
    await vi.waitFor(async () => {
      const rows = await outboxRows(server);
      expect(rows).toHaveLength(8);
      expect(rows.some((r) => r.status === 'pending' && r.last_error !== null && !r.last_error.includes('Mailbox busy'))).toBe(true);
    }, waitLong);
    expect(sink.received).toHaveLength(0);

    await sink.start();
    await vi.waitFor(async () => expect((await outboxRows(server)).every((r) => r.status === 'sent')).toBe(true), waitLong);
    expect(sink.received).toHaveLength(8);
    expect(sink.unique().size).toBe(8);
    expect(sink.received.filter((m) => m.to.includes('jane.buyer@example.co.za'))).toHaveLength(1);
    expect(sink.received.filter((m) => m.to.includes('second@example.co.za'))).toHaveLength(1);
  });
});

describe('e-mail that cannot be sent', () => {
  it('ends dead after the configured attempts, and staff can send it again', async () => {
    const sink = await startSmtpSink();
    sink.refuse = 'No thanks';
    // No time to outlast: the attempts alone decide.
    const server = await startTestServer({ SMTP_URL: sink.url, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '10', MAIL_RETRY_HOURS: '0' });
    try {
      await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
      await vi.waitFor(async () => expect((await outboxRows(server)).every((r) => r.status === 'dead')).toBe(true), waitLong);
      for (const row of await outboxRows(server)) {
        expect(row.attempts).toBe(3);
        expect(row.last_error).toContain('No thanks');
      }
      sink.refuse = null;
      expect(await requeueRows(server.database.db, { from: 'dead', now: new Date().toISOString() })).toBe(4);
      server.app.deps.outbox.notify();
      await vi.waitFor(async () => expect((await outboxRows(server)).every((r) => r.status === 'sent')).toBe(true), waitLong);
      expect(sink.unique().size).toBe(4);
    } finally {
      await server.close();
      await sink.stop();
    }
  });
});

describe('with no SMTP server configured', () => {
  it('holds e-mails in the outbox and shows them in the development mailbox', async () => {
    const server = await startTestServer({ NODE_ENV: 'development' });
    try {
      const res = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3 }) });
      const rows = await outboxRows(server);
      expect(rows.map((r) => r.status)).toEqual(['held', 'held', 'held', 'held']);

      const list = await server.request('GET', '/dev/mailbox');
      expect(list.status).toBe(200);
      expect(list.text).toContain('No SMTP server is configured (SMTP_URL), so e-mails are kept here and sent nowhere.');
      expect(list.text).toContain('Procura: 3 quotes for your request');

      const buyer = rows.find((r) => r.kind === 'buyer-quotes')!;
      const page = await server.request('GET', `/dev/mailbox/${buyer.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('jane.buyer@example.co.za');
      expect(page.text).toContain(res.json.quotes[0].trackingUrl);

      const htmlPart = await server.request('GET', `/dev/mailbox/${buyer.id}/html`);
      expect(htmlPart.status).toBe(200);
      expect(htmlPart.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(htmlPart.text).toContain(escapeHtml(res.json.quotes[0].supplier.name));

      expect((await server.request('GET', '/dev/mailbox/999999')).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('has no mailbox in production', async () => {
    const server = await startTestServer({ NODE_ENV: 'production', MAIL_DISABLED: 'true' });
    try {
      await server.request('POST', '/api/rfq', { body: validRfq() });
      const res = await server.request('GET', '/dev/mailbox');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('mailbox');
    } finally {
      await server.close();
    }
  });
});

/** A transport that can be made to stop dead, as a process killed mid-send would. */
function crashingTransport(inner: MailTransport, crashAfterSend: Set<string>, crashBeforeSend: Set<string>) {
  const hang = new Promise<never>(() => {});
  return {
    send: async (mail: Parameters<MailTransport['send']>[0]) => {
      if (crashBeforeSend.has(mail.to)) return hang;
      await inner.send(mail);
      if (crashAfterSend.has(mail.to)) return hang;
    },
    close: () => inner.close(),
  };
}

describe('a worker stopped between claiming and recording', () => {
  it('leaves nothing unsent and nothing sent twice under two Message-IDs', async () => {
    const sink = await startSmtpSink();
    const database = await createTestDatabase();
    const server = await startTestServer({}, { database });
    const inner = smtpTransport(sink.url);
    try {
      const res = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 5, additionalEmails: 'ops@example.co.za' }) });
      const suppliers = (res.json.quotes as Quote[]).map((q) => q.supplier.email);
      expect(await requeueRows(database.db, { from: 'held', now: new Date().toISOString() })).toBe(7);

      const base = {
        ...testWorkerBasics(server),
        database,
        leaseMs: 60_000,
        batchSize: 10,
      };
      // The first worker sends two e-mails and dies before recording them, and dies before sending two more.
      const first = new MailWorker({
        ...base,
        // A killed process renews no claim.
        renewEveryMs: 3_600_000,
        transport: crashingTransport(inner, new Set(['jane.buyer@example.co.za', suppliers[0]!]), new Set([suppliers[1]!, suppliers[2]!])),
      });
      void first.drainOnce();
      // 2 before the crash, and 3 untouched by it, which the first worker also records as sent before
      // the second starts (a row it has sent but not yet recorded would go again, a third repeat).
      await vi.waitFor(async () => {
        expect(sink.received.length).toBe(5);
        expect(await database.db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute()).toHaveLength(3);
      }, waitLong);

      // Restarted after the lease ran out (its clock an hour on): the four claimed rows go again.
      const later = () => new Date(Date.now() + 60 * 60 * 1000);
      const second = new MailWorker({ ...base, transport: inner, now: later });
      while ((await second.drainOnce()) > 0) {
        // drain
      }
      const rows = await database.db.selectFrom('outbox').selectAll().execute();
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(sink.unique().size).toBe(7);
      expect(new Set(rows.map((r) => r.message_id))).toEqual(new Set(sink.unique().keys()));
      // The two repeats carry the Message-ID of the first delivery, so the receiver recognises them.
      const repeats = sink.received.length - sink.unique().size;
      expect(repeats).toBe(2);
      const byRecipient = (address: string) => sink.received.filter((m: ReceivedMail) => m.to.includes(address));
      expect(new Set(byRecipient('jane.buyer@example.co.za').map((m) => m.messageId)).size).toBe(1);
      expect(byRecipient(suppliers[1]!)).toHaveLength(1);
    } finally {
      inner.close();
      await server.close();
      await database.drop();
      await sink.stop();
    }
  });
});

describe('two workers draining one outbox', () => {
  it('send every e-mail exactly once', async () => {
    const sink = await startSmtpSink();
    let dir: string | undefined;
    let primary: Database & { drop?: () => Promise<void> };
    let secondary: Database;
    if (POSTGRES_URL) {
      const test = await createTestDatabase();
      primary = test;
      secondary = createDatabase(POSTGRES_URL, { pgSchema: test.schema! });
    } else {
      // Two connections to one SQLite file, as two server processes would have.
      dir = mkdtempSync(join(tmpdir(), 'procura-outbox-'));
      primary = createDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
      await migrateToLatest(primary);
      await seedMarket(primary.db, primary.dialect);
      secondary = createDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
    }
    const server = await startTestServer({}, { database: primary as TestDatabase });
    const transports = [smtpTransport(sink.url), smtpTransport(sink.url)];
    try {
      for (let i = 0; i < 12; i++) {
        const res = await server.request('POST', '/api/rfq', { body: validRfq({ supplierCount: 3, primaryEmail: `buyer${i}@example.co.za` }) });
        expect(res.status).toBe(201);
      }
      expect(await requeueRows(primary.db, { from: 'held', now: new Date().toISOString() })).toBe(48);

      const workers = [primary, secondary].map(
        (database, i) =>
          new MailWorker({
            ...testWorkerBasics(server),
            database,
            transport: transports[i]!,
            batchSize: 4,
          }),
      );
      const claimed = await Promise.all(
        workers.map(async (worker) => {
          let total = 0;
          for (let n = await worker.drainOnce(); n > 0; n = await worker.drainOnce()) total += n;
          return total;
        }),
      );
      expect(claimed[0]! + claimed[1]!).toBe(48);
      expect(sink.received).toHaveLength(48);
      expect(sink.unique().size).toBe(48);
      const rows = await primary.db.selectFrom('outbox').select(['status', 'attempts']).execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      for (const t of transports) t.close();
      await server.close();
      await secondary.close();
      if (primary.drop) await primary.drop();
      else await primary.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await sink.stop();
    }
  });
});
