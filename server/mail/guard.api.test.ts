import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { DOMAIN_EMAILS_PER_DAY } from '../../sdk/rules';
import { sweep } from '../retention';
import { mailboxHash } from './guard';
import { MailWorker } from '../mail-sender/mail-worker';
import { requeueRows } from './outbox.repository';
import type { OutgoingMail } from '../mail-sender/transport';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';

const HOUR_MS = 60 * 60 * 1000;
let now = Date.parse('2026-11-10T08:00:00.000Z');
let server: TestServer;
let sink: SmtpSink;
let db: TestServer['database']['db'];

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: sink.url, RFQ_RATE_LIMIT: '1000', PUBLIC_URL: 'https://procura.test' }, { clock: () => now });
  db = server.database.db;
});
afterAll(async () => {
  await server.close();
  await sink.stop();
});

const rfq = (overrides: Record<string, unknown>) => server.request('POST', '/api/rfq', { body: validRfq(overrides) });
const buyerRows = (recipient: string) => db.selectFrom('outbox').select('id').where('kind', '=', 'buyer-quotes').where('recipient', '=', recipient).execute();

describe('buyer e-mails to an address', () => {
  it('are at most 5 in 24 hours, whoever names it; later requests are quoted on screen and say why no e-mail came', async () => {
    const stranger = 'stranger@example.co.za';
    const answers = [];
    for (let i = 1; i <= 6; i++) {
      // Each request from another buyer, naming the stranger once as primary, then as an extra address.
      const res = await rfq(i === 1 ? { primaryEmail: stranger } : { primaryEmail: `sender${i}@example.co.za`, additionalEmails: stranger });
      expect(res.status).toBe(201);
      answers.push(rfqSubmitResponseSchema.parse(res.json));
    }
    expect(answers.slice(0, 5).map((a) => a.emailDelivery)).toEqual(Array(5).fill({ notSent: [] }));
    expect(answers[5]!.emailDelivery).toEqual({ notSent: [{ email: 's***@example.co.za', reason: 'daily_limit' }] });
    // Nothing lost: the sixth request is stored and quoted, and its own sender is e-mailed.
    expect(answers[5]!.quotes.length).toBeGreaterThan(0);
    expect((await server.request('GET', `/api/rfq/${answers[5]!.rfqId}`)).status).toBe(200);
    expect(await buyerRows(stranger)).toHaveLength(5);
    expect(await buyerRows('sender6@example.co.za')).toHaveLength(1);

    // Twenty-four hours after the first (counted to ten minutes), the window has room for one again.
    now += 24 * HOUR_MS + 10 * 60_000;
    const later = rfqSubmitResponseSchema.parse((await rfq({ primaryEmail: 'sender7@example.co.za', additionalEmails: 'Stranger@Example.co.za' })).json);
    expect(later.emailDelivery).toEqual({ notSent: [] });
    expect(await buyerRows('stranger@example.co.za')).toHaveLength(6);
  });

  it('are at most 5 when the requests naming it arrive together, as when they come one after another', async () => {
    const together = 'together@example.co.za';
    const answers = await Promise.all(Array.from({ length: 7 }, () => rfq({ primaryEmail: together })));
    const notSent = answers.map((res) => rfqSubmitResponseSchema.parse(res.json).emailDelivery.notSent);
    expect(notSent.filter((n) => n.length === 0)).toHaveLength(5);
    expect(notSent.filter((n) => n.length > 0)).toEqual(Array(2).fill([{ email: 't***@example.co.za', reason: 'daily_limit' }]));
    expect(await buyerRows(together)).toHaveLength(5);
    // All seven counted as requests, the two e-mails refused taken back.
    const counts = await db.selectFrom('address_counts').select(['requests', 'quote_emails']).where('address_hash', '=', mailboxHash(together)).execute();
    expect(
      counts.reduce((sum, c) => ({ requests: sum.requests + Number(c.requests), quote_emails: sum.quote_emails + Number(c.quote_emails) }), {
        requests: 0,
        quote_emails: 0,
      }),
    ).toEqual({
      requests: 7,
      quote_emails: 5,
    });
  });

  it('count one mailbox once, whatever +tags, capitals or Gmail dots its addresses carry', async () => {
    // One request names the mailbox eleven ways: it is e-mailed once.
    const tagged = Array.from({ length: 10 }, (_, i) => `victim+${i + 1}@example.org`).join(', ');
    const first = rfqSubmitResponseSchema.parse((await rfq({ primaryEmail: 'Victim@Example.org', additionalEmails: tagged })).json);
    expect(first.emailDelivery.notSent).toEqual([]);
    const toVictim = async () =>
      (await db.selectFrom('outbox').select('recipient').where('kind', '=', 'buyer-quotes').execute()).filter((r) =>
        /^victim(\+\d+)?@example\.org$/i.test(r.recipient),
      );
    expect(await toVictim()).toHaveLength(1);
    // Requests from others, each with another tag: the mailbox's daily cap holds across them.
    const later = [];
    for (let i = 2; i <= 6; i++)
      later.push(
        rfqSubmitResponseSchema.parse((await rfq({ primaryEmail: `someone${i}@example.org`, additionalEmails: `victim+${10 + i}@example.org` })).json),
      );
    expect(later.map((a) => a.emailDelivery.notSent)).toEqual([[], [], [], [], [{ email: 'v***@example.org', reason: 'daily_limit' }]]);
    expect(await toVictim()).toHaveLength(5);

    const gmail = ['janedoe', 'j.anedoe', 'ja.nedoe', 'jan.edoe', 'Jane.Doe', 'j.a.n.e.doe'].map((local) => `${local}@gmail.com`);
    const third = rfqSubmitResponseSchema.parse((await rfq({ primaryEmail: 'sender-g@example.co.za', additionalEmails: gmail.join(', ') })).json);
    expect(third.emailDelivery.notSent).toEqual([]);
    expect(
      await db.selectFrom('outbox').select('recipient').where('kind', '=', 'buyer-quotes').where('recipient', 'like', '%@gmail.com').execute(),
    ).toHaveLength(1);
  });

  it('carry one-click unsubscribe; a POST to its address stops them until the address asks again', async () => {
    const buyer = 'thandi@example.co.za';
    await rfq({ primaryEmail: buyer });
    await vi.waitFor(() => expect(sink.received.filter((m) => m.to.includes(buyer))).toHaveLength(1), { timeout: 10_000 });
    const mail = sink.received.find((m) => m.to.includes(buyer))!;
    expect(mail.subject).toBe('Procura: 5 quotes for your request');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [, https, mailto] =
      /^<(https:\/\/procura\.test\/mail\/unsubscribe\/[A-Za-z0-9_-]+)>, <(mailto:unsubscribe@[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '') ?? [];
    expect(https).toBeDefined();
    expect(mailto).toMatch(/^mailto:unsubscribe@procura\.co\.za\?subject=unsubscribe%20[A-Za-z0-9_-]+$/);
    // The address never appears in the links, in clear or otherwise recognisable.
    expect(mail.headers['list-unsubscribe']).not.toContain('thandi');
    const path = new URL(https!).pathname;

    // A GET, as a mail scanner makes, only shows the button.
    const shown = await server.request('GET', path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Procura will send no more quote e-mails to <strong>t***@example.co.za</strong>');
    expect(shown.text).toContain('<button type="submit">Unsubscribe</button>');
    expect(await rfq({ primaryEmail: buyer }).then((r) => r.json.emailDelivery)).toEqual({ notSent: [] });

    // RFC 8058: the mail client's POST, with no page in between.
    const posted = await server.request('POST', path, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('Procura will send no more quote e-mails to <strong>t***@example.co.za</strong>.');
    expect(posted.text).toContain('Send me quote e-mails again</button>');
    const before = (await buyerRows(buyer)).length;
    const refused = await rfq({ primaryEmail: 'colleague@example.co.za', additionalEmails: 'THANDI@example.co.za' });
    expect(refused.json.emailDelivery).toEqual({ notSent: [{ email: 't***@example.co.za', reason: 'unsubscribed' }] });
    // A request from the unsubscribed address counts as a request of its mailbox, never as a quote e-mail to it.
    const counted = async () => {
      const rows = await db.selectFrom('address_counts').select(['requests', 'quote_emails']).where('address_hash', '=', mailboxHash(buyer)).execute();
      return { requests: rows.reduce((n, r) => n + Number(r.requests), 0), quoteEmails: rows.reduce((n, r) => n + Number(r.quote_emails), 0) };
    };
    const countedBefore = await counted();
    expect(await rfq({ primaryEmail: buyer }).then((r) => r.json.emailDelivery)).toEqual({
      notSent: [{ email: 't***@example.co.za', reason: 'unsubscribed' }],
    });
    expect(await counted()).toEqual({ requests: countedBefore.requests + 1, quoteEmails: countedBefore.quoteEmails });
    expect(await buyerRows(buyer)).toHaveLength(before);
    expect((await server.request('GET', path)).text).toContain('This address already gets no quote e-mails from Procura.');

    // Asking again lifts it.
    const again = await server.request('POST', path.replace('/unsubscribe/', '/resubscribe/'));
    expect(again.status).toBe(200);
    expect(again.text).toContain('Quotes you ask for are e-mailed to <strong>t***@example.co.za</strong> again.');
    expect(await rfq({ primaryEmail: buyer }).then((r) => r.json.emailDelivery)).toEqual({ notSent: [] });
    expect(await buyerRows(buyer)).toHaveLength(before + 1);
  });

  it('carry a "this wasn\'t me" link that stops them too, and unknown links answer 404', async () => {
    const buyer = 'not.me@example.co.za';
    await rfq({ primaryEmail: 'prankster@example.co.za', additionalEmails: buyer });
    await vi.waitFor(() => expect(sink.received.filter((m) => m.to.includes(buyer))).toHaveLength(1), { timeout: 10_000 });
    const mail = sink.received.find((m) => m.to.includes(buyer))!;
    const notMe = /https:\/\/procura\.test(\/mail\/not-me\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(mail.text).toContain("This wasn't me: https://procura.test/mail/not-me/");
    expect((await server.request('GET', notMe!)).text).toContain('Someone asked Procura to send quotes to <strong>n***@example.co.za</strong>');
    expect((await server.request('POST', notMe!)).status).toBe(200);
    expect((await rfq({ primaryEmail: buyer })).json.emailDelivery).toEqual({ notSent: [{ email: 'n***@example.co.za', reason: 'unsubscribed' }] });
    const rows = await db.selectFrom('mail_suppressions').selectAll().execute();
    expect(rows.map((r) => r.reason).sort()).toEqual(['not-me']);
    expect(JSON.stringify(await db.selectFrom('mail_links').selectAll().execute())).not.toMatch(/not\.me@|thandi@/);

    for (const path of ['/mail/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAA', '/mail/not-me/x']) {
      const res = await server.request('POST', path);
      expect([res.status, res.text.includes('This link does not work')]).toEqual([404, true]);
    }
  });
});

describe('a buyer address that sends many requests', () => {
  it('gets quotes for every one, but after 10 in 24 hours its requests send no supplier leads', async () => {
    const busy = 'busy.buyer@example.co.za';
    // A request's leads are one row, fanned out into one e-mail per supplier after the answer.
    const leads = async (rfqId: string) =>
      (await db.selectFrom('outbox').select('id').where('kind', 'in', ['supplier-lead', 'supplier-leads']).where('payload', 'like', `%"${rfqId}"%`).execute())
        .length;
    const answers: ReturnType<typeof rfqSubmitResponseSchema.parse>[] = [];
    for (let i = 1; i <= 11; i++)
      answers.push(rfqSubmitResponseSchema.parse((await rfq({ additionalEmails: undefined, primaryEmail: i % 2 ? busy : busy.toUpperCase() })).json));
    expect(answers.every((a) => a.quotes.length === 5)).toBe(true);
    // The outbox worker fans the leads out after the answer: on a slow machine, in seconds.
    await vi.waitFor(async () => expect(await leads(answers[9]!.rfqId)).toBe(1 + 5), { timeout: 15_000, interval: 20 });
    expect(await leads(answers[10]!.rfqId)).toBe(0);
  });

  it('is forgotten by the retention sweep once its 24 hours are over', async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('address_counts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    await sweep(server.database, server.app.deps.outbox, new Date(now + 24 * HOUR_MS + 10 * 60_000));
    expect(await count()).toBe(0);
  });
});

describe('an e-mail written before its address unsubscribed', () => {
  it('is not sent when it comes to be sent, even after being held', async () => {
    const holding = await startTestServer({ RFQ_RATE_LIMIT: '1000', PUBLIC_URL: 'https://procura.test' });
    try {
      const hdb = holding.database.db;
      await holding.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: 'late@example.co.za', additionalEmails: 'keen@example.co.za' }) });
      const row = await hdb.selectFrom('outbox').select('payload').where('recipient', '=', 'late@example.co.za').executeTakeFirstOrThrow();
      const { linkToken } = JSON.parse(row.payload) as { linkToken: string };
      expect((await holding.request('POST', `/mail/unsubscribe/${linkToken}`)).status).toBe(200);

      expect(await requeueRows(hdb, { from: 'held', now: new Date().toISOString() })).toBeGreaterThan(0);
      const sent: OutgoingMail[] = [];
      const worker = new MailWorker({
        database: holding.database,
        transport: { send: async (mail) => void sent.push(mail), close: () => {} },
        logger: pino({ level: 'silent' }),
        from: 'Procura <quotes@procura.test>',
        settings: holding.app.deps.outbox.settings,
        market: holding.app.deps.market,
        maxAttempts: 3,
        retryBaseMs: 10,
        batchSize: 20,
      });
      while ((await worker.drainOnce()) > 0);
      expect(sent.map((m) => m.to)).toContain('keen@example.co.za');
      expect(sent.map((m) => m.to)).not.toContain('late@example.co.za');
      expect(await hdb.selectFrom('outbox').select(['status', 'last_error']).where('recipient', '=', 'late@example.co.za').execute()).toEqual([
        { status: 'dead', last_error: 'The address asked for no more quote e-mails' },
      ]);
    } finally {
      await holding.close();
    }
  });
});

// Hundreds of e-mails: on a server of its own that holds them, so the SMTP sink above is not kept busy.
describe('buyer e-mails to a domain', () => {
  let held: TestServer;
  beforeAll(async () => {
    held = await startTestServer({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
  });
  afterAll(() => held.close());

  it(`to one organisation's domain are at most ${DOMAIN_EMAILS_PER_DAY} in 24 hours across its mailboxes; a public provider's mailboxes count one by one`, async () => {
    // Eleven mailboxes a request, each new: only the domain's cap can refuse them.
    const batch = (domain: string, n: number) => Array.from({ length: 11 }, (_, i) => `staff${n * 11 + i}@${domain}`);
    const send = async (addresses: string[]) =>
      rfqSubmitResponseSchema.parse(
        (await held.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: addresses[0], additionalEmails: addresses.slice(1).join(', ') }) })).json,
      ).emailDelivery.notSent;
    const requests = Math.ceil(DOMAIN_EMAILS_PER_DAY / 11);
    const refused = [];
    for (let n = 0; n < requests; n++) refused.push(...(await send(batch('one-company.example', n))));
    expect(refused).toHaveLength(requests * 11 - DOMAIN_EMAILS_PER_DAY);
    expect(new Set(refused.map((r) => r.reason))).toEqual(new Set(['domain_limit']));
    const sent = await held.database.db
      .selectFrom('outbox')
      .select(held.database.db.fn.countAll<number>().as('n'))
      .where('kind', '=', 'buyer-quotes')
      .where('recipient', 'like', '%@one-company.example')
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(DOMAIN_EMAILS_PER_DAY);
    // Another organisation's domain has its own count.
    expect(await send(batch('other-company.example', 0))).toEqual([]);
    for (let n = 0; n < requests; n++) expect(await send(batch('gmail.com', n))).toEqual([]);
  });
});
