import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '../../../contract/schemas/analytics';
import { MessageRenderer } from '../../mail-sender/renderer';
import { sweep } from '../../retention';
import { responseTokenOf, startTestServer, validOrder, validRfq, type TestServer } from '../../test/harness';
import { DATA_REQUEST_ACCEPTED } from './privacy.service';

const MINUTE = 60_000;
let server: TestServer;
let now = Date.UTC(2026, 10, 24, 8, 0, 0);
const logLines: string[] = [];

beforeAll(async () => {
  const write = (chunk: unknown, _enc: BufferEncoding, done: () => void) => {
    logLines.push(String(chunk));
    done();
  };
  const logger = pino({ level: 'info' }, new Writable({ write }));
  server = await startTestServer({ DATA_REQUEST_RATE_LIMIT: '7' }, { clock: () => now, logger });
});
afterAll(() => server.close());

const ask = (email: string, headers: Record<string, string> = {}) => server.request('POST', '/api/privacy/data-requests', { body: { email }, headers });
const open = (token: string) => server.request('POST', '/api/privacy/my-data', { body: { token } });
const erase = (token: string) => server.request('POST', '/api/privacy/my-data/delete', { body: { token } });

/** The link token of the latest data request e-mail to `email`, read as the e-mail renders it. */
async function linkTokenFor(email: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'data-request')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const mail = await new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market).render(row);
  expect(mail.subject).toBe('Procura: the link to your data');
  const link = /http:\/\/procura\.test\/privacy\/my-data#token=(dr_[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('a buyer\u2019s data request', () => {
  it('answers the same whether or not Procura holds anything, and logs no address', async () => {
    const sent = await server.request('POST', '/api/rfq', {
      body: validRfq({
        primaryEmail: 'Thandi.Buyer@example.co.za',
        additionalEmails: 'lungi@example.co.za',
        companyName: 'Umoya Cleaning',
        contactName: 'Thandi Nkosi',
      }),
    });
    expect(sent.status).toBe(201);
    const known = await ask('thandi.buyer@example.co.za');
    const unknown = await ask('nobody@example.co.za');
    expect([known.status, known.json]).toEqual([202, { message: DATA_REQUEST_ACCEPTED }]);
    expect([unknown.status, unknown.json]).toEqual([202, { message: DATA_REQUEST_ACCEPTED }]);
    expect(logLines.join('')).not.toMatch(/example\.co\.za/);
    expect(logLines.filter((l) => l.includes('"msg":"data request"'))).toHaveLength(2);
  });

  it('shows every RFQ and e-mail held for the address, from a link that works for an hour', async () => {
    const token = await linkTokenFor('thandi.buyer@example.co.za');
    const res = await open(token);
    expect(res.status).toBe(200);
    expect(res.json.email).toBe('thandi.buyer@example.co.za');
    expect(res.json.expiresAt).toBe('2026-11-24T09:00:00.000Z');
    expect(res.json.rfqs).toEqual([
      expect.objectContaining({
        role: 'sender',
        productName: 'Hand Sanitizer 70% Alcohol',
        productDescription: 'Refill for the wall dispensers in our three office buildings',
        primaryEmail: 'Thandi.Buyer@example.co.za',
        additionalEmails: ['lungi@example.co.za'],
        companyName: 'Umoya Cleaning',
        contactName: 'Thandi Nkosi',
        quoteCount: 5,
      }),
    ]);
    expect(res.json.emails.map((e: { kind: string; about: string; status: string }) => [e.kind, e.about, e.status])).toEqual([
      ['data-request', 'The link to your data', 'held'],
      ['buyer-quotes', 'Your quotes for a request', 'held'],
    ]);

    // The copied colleague sees the request, not the sender's details.
    await ask('lungi@example.co.za');
    const copied = await open(await linkTokenFor('lungi@example.co.za'));
    expect(copied.json.rfqs).toEqual([
      expect.objectContaining({
        role: 'copied',
        primaryEmail: null,
        companyName: null,
        contactName: null,
        productDescription: null,
        additionalEmails: ['lungi@example.co.za'],
      }),
    ]);

    now += 61 * MINUTE;
    const late = await open(token);
    expect([late.status, late.json.error]).toEqual([410, { code: 'link_expired', message: ANALYTICS_MESSAGES.dataRequestToken }]);
    now -= 61 * MINUTE;
  });

  it('deletes at once: the RFQ stays anonymous, the e-mails go, and the link is spent', async () => {
    await ask('thandi.buyer@example.co.za');
    const token = await linkTokenFor('thandi.buyer@example.co.za');
    const rfqId = (await open(token)).json.rfqs[0].rfqId as string;
    const deleted = await erase(token);
    expect([deleted.status, deleted.json]).toEqual([200, { rfqs: 1, emails: 3 }]);

    const rfq = await server.database.db.selectFrom('rfqs').selectAll().where('id', '=', rfqId).executeTakeFirstOrThrow();
    expect([rfq.primary_email, rfq.additional_emails, rfq.company_name, rfq.contact_name, rfq.product_description]).toEqual(['', '[]', null, null, '']);
    expect(rfq.personal_data_deleted_at).toBe('2026-11-24T08:00:00.000Z');
    expect(rfq.product_name).toBe('Hand Sanitizer 70% Alcohol');
    const shown = await server.request('GET', `/api/rfq/${rfqId}`);
    expect(shown.json.primaryEmail).toBeNull();
    expect(await server.database.db.selectFrom('outbox').select('id').where('recipient', '=', 'thandi.buyer@example.co.za').execute()).toEqual([]);
    expect(await server.database.db.selectFrom('data_requests').select('token_hash').where('email', '=', 'thandi.buyer@example.co.za').execute()).toEqual([]);

    const again = await erase(token);
    expect([again.status, again.json.error.code]).toEqual([410, 'link_expired']);
    expect(logLines.join('')).not.toMatch(/example\.co\.za/);
  });

  it('takes the address off a request it was only copied on, leaving the sender\u2019s data', async () => {
    const sent = await server.request('POST', '/api/rfq', {
      body: validRfq({ primaryEmail: 'sipho@example.co.za', additionalEmails: 'a_b@example.co.za, axb@example.co.za' }),
    });
    await ask('a_b@example.co.za');
    const token = await linkTokenFor('a_b@example.co.za');
    // `_` is a LIKE wildcard: axb@ must not be taken for a_b@.
    const deleted = await erase(token);
    expect(deleted.json).toEqual({ rfqs: 1, emails: 2 });
    const rfq = await server.database.db.selectFrom('rfqs').selectAll().where('id', '=', sent.json.rfqId).executeTakeFirstOrThrow();
    expect([rfq.primary_email, JSON.parse(rfq.additional_emails), rfq.personal_data_deleted_at]).toEqual(['sipho@example.co.za', ['axb@example.co.za'], null]);
  });

  it.each([
    ['/api/privacy/data-requests', { email: 'not an address' }, { email: ANALYTICS_MESSAGES.dataRequestEmail }],
    ['/api/privacy/data-requests', { email: 'jane@example.co.za', name: 'Jane' }, { body: 'Unrecognized key: "name"' }],
    ['/api/privacy/my-data', { token: 'dr_short' }, { token: ANALYTICS_MESSAGES.dataRequestToken }],
    ['/api/privacy/my-data/delete', {}, { token: ANALYTICS_MESSAGES.dataRequestToken }],
  ])('refuses bad input to %s: %j', async (path, body, fields) => {
    const res = await server.request('POST', path, { body });
    expect([res.status, res.json.error.code, res.json.error.details.fields]).toEqual([400, 'validation_error', fields]);
  });

  it('sends one address at most three links a day, answering the same', async () => {
    const other = await startTestServer({}, { clock: () => now });
    try {
      for (let i = 0; i < 5; i++)
        expect((await other.request('POST', '/api/privacy/data-requests', { body: { email: 'target@example.co.za' } })).json).toEqual({
          message: DATA_REQUEST_ACCEPTED,
        });
      expect(await other.database.db.selectFrom('outbox').select('id').where('kind', '=', 'data-request').execute()).toHaveLength(3);
    } finally {
      await other.close();
    }
  });

  it('limits requests per client address', async () => {
    // Seven allowed in the window by this server's setting; earlier tests used them.
    const over = await ask('someone@example.co.za');
    expect([over.status, over.json.error.code]).toEqual([429, 'rate_limited']);
    expect(over.json.error.message).toMatch(/^Too many data requests from your network\. Please try again in \d+ seconds?\.$/);
  });

  it('deletes the record that would answer a repeat of the buyer\u2019s request', async () => {
    now += 24 * 60 * MINUTE; // a new day's windows for this client's data requests
    const email = 'keyed.buyer@example.co.za';
    const sent = await server.request('POST', '/api/rfq', {
      body: validRfq({ primaryEmail: email, additionalEmails: undefined }),
      headers: { 'Idempotency-Key': 'keyed-7d1e' },
    });
    expect(sent.status).toBe(201);
    const records = () => server.database.db.selectFrom('idempotency_keys').select('key').where('rfq_id', '=', sent.json.rfqId).execute();
    expect(await records()).toHaveLength(1);
    await ask(email);
    expect((await erase(await linkTokenFor(email))).status).toBe(200);
    expect(await records()).toEqual([]);
  });

  it('shows the delivery details given on accepting a quote and the purchase order issued, and deletes them with the address', async () => {
    const sent = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: 'naledi@example.co.za' }) });
    const accepted = await server.request('POST', `/api/quotes/track/${sent.json.quotes[0].trackingToken}/accept`, {
      body: validOrder({ purchaseOrderReference: 'PO-77', vatNumber: '4123456789' }),
    });
    expect(accepted.status).toBe(200);
    const response = await responseTokenOf(server, sent.json.rfqId);
    expect((await server.request('POST', `/api/supplier-responses/${response}/confirm`)).status).toBe(200);
    await ask('naledi@example.co.za');
    const token = await linkTokenFor('naledi@example.co.za');
    const quote = sent.json.quotes[0];
    const po = await server.database.db
      .selectFrom('purchase_orders')
      .select(['po_number', 'issued_on'])
      .where('rfq_id', '=', sent.json.rfqId)
      .executeTakeFirstOrThrow();
    expect((await open(token)).json.rfqs).toEqual([
      expect.objectContaining({
        deliveryAddress: 'Unit 4, 12 Long Street, Cape Town, 8001',
        phone: '+27 82 123 4567',
        purchaseOrderReference: 'PO-77',
        vatNumber: '4123456789',
        purchaseOrders: [
          {
            poNumber: po.po_number,
            issuedOn: po.issued_on,
            cancelledOn: null,
            quoteId: quote.id,
            supplierName: quote.supplier.name,
            deliveryAddress: 'Unit 4, 12 Long Street, Cape Town, 8001',
            phone: '+27 82 123 4567',
            purchaseOrderReference: 'PO-77',
            vatNumber: '4123456789',
            totalPrice: quote.totalPrice,
            vatAmount: quote.vatAmount,
            totalPriceInclVat: quote.totalPriceInclVat,
          },
        ],
      }),
    ]);
    // Each e-mail to the buyer is named in words.
    expect((await open(token)).json.emails.map((e: { about: string }) => e.about)).toEqual(
      expect.arrayContaining(['Your quotes for a request', 'A supplier confirmed your order', 'The link to your data']),
    );
    expect((await erase(token)).status).toBe(200);
    const row = await server.database.db
      .selectFrom('rfqs')
      .select(['primary_email', 'delivery_address', 'phone', 'purchase_order_reference', 'vat_number'])
      .where('id', '=', sent.json.rfqId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ primary_email: '', delivery_address: null, phone: null, purchase_order_reference: null, vat_number: null });
    const order = await server.database.db
      .selectFrom('purchase_orders')
      .select(['po_number', 'delivery_address', 'phone', 'purchase_order_reference', 'vat_number'])
      .where('rfq_id', '=', sent.json.rfqId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ po_number: po.po_number, delivery_address: null, phone: null, purchase_order_reference: null, vat_number: null });
  });

  it("states a basket's purchase order as the lines ordered from its supplier, not the whole quote", async () => {
    const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq({ primaryEmail: 'zanele@example.co.za' });
    const lines = [
      { productName: 'Household Bleach', quantity: 40 },
      { productName: 'Refuse Bags', quantity: 50 },
    ];
    const sent = await server.request('POST', '/api/rfq', { body: { ...shared, lines, deliveryLocation: 'Johannesburg' } });
    expect(sent.status).toBe(201);
    const quote = sent.json.quotes.find((q: { lines: unknown[] }) => q.lines.length === 2);
    const ordered = quote.lines.find((l: { lineId: string }) => l.lineId === 'L1');
    expect(ordered.totalPrice).toBeLessThan(quote.totalPrice);
    const accepted = await server.request('POST', `/api/quotes/track/${quote.trackingToken}/accept`, { body: validOrder({ lineIds: ['L1'] }) });
    expect(accepted.status).toBe(200);
    await ask('zanele@example.co.za');
    const [held] = (await open(await linkTokenFor('zanele@example.co.za'))).json.rfqs;
    const vat = Math.round(ordered.totalPrice * 100 * 0.15) / 100;
    expect(held.purchaseOrders).toEqual([
      expect.objectContaining({
        quoteId: quote.id,
        totalPrice: ordered.totalPrice,
        vatAmount: vat,
        totalPriceInclVat: Math.round((ordered.totalPrice + vat) * 100) / 100,
      }),
    ]);
  });

  it('forgets the address once the link has expired', async () => {
    expect(await server.database.db.selectFrom('data_requests').select('email').execute()).not.toEqual([]);
    await sweep(server.database, server.app.deps.outbox, new Date(now + 60 * MINUTE));
    expect(await server.database.db.selectFrom('data_requests').select('email').execute()).toEqual([]);
  });
});
