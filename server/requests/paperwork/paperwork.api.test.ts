import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MailWorker } from '../../mail-sender/mail-worker';
import type { OutgoingMail } from '../../mail-sender/transport';
import { rfqSubmitResponseSchema, type Quote } from '../../../sdk/schemas/rfq';
import { formatDate, possessive } from '../../../sdk/format';
import { addDays } from '../../domain/calendar';
import { pdfText } from '../../test/pdf-text';
import { responseTokenOf, startTestServer, validOrder, validRfq, startTestServerForFile } from '../../test/harness';
import { signInSupplier } from '../../test/suppliers';
import { SUPPLIER_MESSAGES } from '../../../contract/schemas/supplier-workspace';
import { paperworkCounts } from './paperwork-render';

// 27 November 2026, 10:00 in Johannesburg.
let now = Date.UTC(2026, 10, 27, 8, 0, 0);
// Downloads are limited per client; this file's own limit is tested on a server of its own.
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', PAPERWORK_RATE_LIMIT: '1000' }, { clock: () => now });

const db = () => server.database.db;

async function submit(overrides: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ companyName: 'Umhlanga Day Clinic', ...overrides }) });
  return rfqSubmitResponseSchema.parse(res.json);
}

/** The PDF bytes a path answers, with its headers. */
async function download(path: string) {
  const res = await fetch(`${server.url}${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

async function setLevel(q: Quote, level: number | null, expiresOn = '2027-03-31') {
  await db()
    .updateTable('suppliers')
    .set({
      vat_number: '4123456789',
      registered_address: '12 Harbour Drive, Durban, 4001',
      bbee_level: level,
      bbee_evidence: level && level > 0 ? 'certificate' : null,
      bbee_expires_on: level && level > 0 ? expiresOn : null,
    })
    .where('id', '=', q.supplier.id)
    .execute();
}

describe('GET /api/quotes/track/:token/quotation.pdf', () => {
  it('gives the quotation with every field a finance team files, VAT to the cent, with embedded fonts and the same bytes each time', async () => {
    const rfq = await submit({ quantity: 37 });
    const q = rfq.quotes[0]!;
    await setLevel(q, 2);
    const pdf = await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="procura-quotation-${q.id}.pdf"`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.body.toString('latin1');
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(raw).toContain('/MarkInfo');
    expect(pdf.body.length).toBeLessThan(40_000);
    const text = pdfText(pdf.body);
    const cents = Math.round(q.totalPrice * 100);
    const vat = Math.round(cents * 0.15);
    for (const expected of [
      'Quotation',
      q.id,
      '27 November 2026',
      `${Number(q.validUntil.slice(8))} December 2026`,
      'Umhlanga Day Clinic',
      q.supplier.name,
      '12 Harbour Drive, Durban, 4001',
      '4123456789',
      'B-BBEE level 2 (verification certificate expiring 31 March 2027); procurement',
      'recognition 125% as at 27 November 2026',
      'Hand Sanitizer 70% Alcohol',
      '37',
      'litres',
      `R${(q.unitPrice).toFixed(2)}`,
      'Subtotal excl. VAT',
      'VAT at 15%',
      `R${((cents + vat) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      `R${(vat / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      `R${(Math.round(cents * 1.25) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      q.paymentTerms,
      q.leadTime,
      `Indicative price from ${possessive(q.supplier.name)} price list of`,
    ]) {
      expect(text).toContain(expected);
    }
    // The price's basis is said once, and the closing line alone says the supplier confirms it.
    expect(text.replace(/\s+/g, ' ').match(/Indicative price/g)).toHaveLength(1);
    expect(text).not.toContain('Confirm the final price');
    expect(vat).toBe(Math.round(q.vatAmount * 100));
    const again = await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`);
    expect(again.body.equals(pdf.body)).toBe(true);
  });

  it('prints text stored with a line break or a bidirectional control on its own line, each control a space', async () => {
    const rfq = await submit();
    const q = rfq.quotes[0]!;
    // As a row written before the text rule, or by a path that skips it, holds it (PostgreSQL's text holds no NUL).
    await db().updateTable('rfqs').set({ company_name: 'Umhlanga\r\nX-Evil: 1' }).where('id', '=', rfq.rfqId).execute();
    await db().updateTable('quotes').set({ payment_terms: 'EOM\u202e 30\nX-Evil: 2' }).where('rfq_id', '=', rfq.rfqId).execute();
    await db().updateTable('suppliers').set({ registered_address: 'Unit 4\r\n12 Harbour Drive\u001b, Durban' }).where('id', '=', q.supplier.id).execute();
    const lines = pdfText((await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`)).body).split('\n');
    expect(lines).toContain('Umhlanga  X-Evil: 1');
    expect(lines).toContain('EOM  30 X-Evil: 2');
    expect(lines).toContain('Unit 4, 12 Harbour Drive , Durban');
    expect(lines.filter((l) => l.startsWith('X-Evil'))).toEqual([]);
  });

  it('gives the recognised spend of each level, and 0 for an expired certificate from the day after expiry', async () => {
    const rfq = await submit();
    const q = rfq.quotes[0]!;
    const cents = Math.round(q.totalPrice * 100);
    const percents: Record<number, number> = { 1: 135, 2: 125, 3: 110, 4: 100, 5: 80, 6: 60, 7: 50, 8: 10, 0: 0 };
    for (const level of [1, 2, 3, 4, 5, 6, 7, 8, 0]) {
      await setLevel(q, level);
      const text = pdfText((await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`)).body);
      const recognised = `R${(Math.round((cents * percents[level]!) / 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(text).toContain(`B-BBEE recognised spend\n${recognised}`);
      expect(text.replace(/\s*\n/g, ' ')).toContain(`procurement recognition ${percents[level]}%`);
    }
    await setLevel(q, 3, '2026-11-27');
    expect(pdfText((await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`)).body).replace(/\s*\n/g, ' ')).toContain(
      'procurement recognition 110%',
    );
    now = Date.UTC(2026, 10, 27, 22, 30, 0); // 28 November, 00:30 in Johannesburg
    const expired = pdfText((await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`)).body);
    expect(expired.replace(/\s*\n/g, ' ')).toContain('B-BBEE non-compliant: evidence expired 2026-11-27; procurement recognition 0% as at 28 November 2026');
    expect(expired).toContain('B-BBEE recognised spend\nR0.00');
    // The expired level is named nowhere: it reads non-compliant.
    expect(expired).not.toMatch(/level 3/i);
    now = Date.UTC(2026, 10, 27, 8, 0, 0);
  });

  it('lists each line a basket quote prices, with the quote’s own subtotal, VAT and total', async () => {
    const { productName: _p, productDescription: _d, quantity: _q, ...shared } = validRfq({ companyName: 'Umhlanga Day Clinic' });
    const lines = [
      { productName: 'Hand Sanitizer 70% Alcohol', quantity: 200 },
      { productName: 'Household Bleach', quantity: 40 },
    ];
    const res = await server.request('POST', '/api/rfq', { body: { ...shared, lines, supplierCount: 5, deliveryLocation: 'Johannesburg' } });
    const q = rfqSubmitResponseSchema.parse(res.json).quotes.find((x) => x.lines?.length === 2)!;
    const text = pdfText((await download(`/api/quotes/track/${q.trackingToken}/quotation.pdf`)).body);
    const r = (rand: number) => `R${rand.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const line of q.lines!) {
      expect(text).toContain(line.productName);
      expect(text).toContain(r(line.totalPrice));
    }
    expect(q.lines!.reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0)).toBe(Math.round(q.totalPrice * 100));
    for (const figure of [q.totalPrice, q.vatAmount, q.totalPriceInclVat]) expect(text).toContain(r(figure));
  });

  it('answers 404 for a token that opens no quote, and for another request’s secret', async () => {
    const a = await submit();
    const b = await submit();
    const [, aSecret] = /^qt_[0-9a-z]+_(.+)$/.exec(a.quotes[0]!.trackingToken!)!;
    const bId = /^qt_([0-9a-z]+)_/.exec(b.quotes[0]!.trackingToken!)![1];
    for (const token of [`qt_${bId}_${aSecret}`, 'qt_zz_AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await server.request('GET', `/api/quotes/track/${token}/quotation.pdf`);
      expect(res.status).toBe(404);
      expect(res.json.error).toEqual({ code: 'quote_not_found', message: 'Quote not found' });
    }
  });
});

describe('drawing the documents', () => {
  it('draws a document once per state, on the drawing thread, and answers a repeat with the same bytes', async () => {
    const q = (await submit({ quantity: 41 })).quotes[0]!;
    const path = `/api/quotes/track/${q.trackingToken}/quotation.pdf`;
    const before = { ...paperworkCounts() };
    const [first, second] = [await download(path), await download(path)];
    expect(first.body.equals(second.body)).toBe(true);
    expect(paperworkCounts()).toEqual({ drawn: before.drawn + 1, kept: before.kept + 1 });
    // A new B-BBEE standing is a new state of the quotation: drawn anew.
    await setLevel(q, 1);
    const third = await download(path);
    expect(third.body.equals(first.body)).toBe(false);
    expect(pdfText(third.body)).toContain('B-BBEE level 1');
    expect(paperworkCounts()).toEqual({ drawn: before.drawn + 2, kept: before.kept + 1 });
  });

  it('limits each client’s PDF downloads and its reads of quotes and requests, in the one error shape with Retry-After', async () => {
    const limited = await startTestServer({ RFQ_RATE_LIMIT: '1000', PAPERWORK_RATE_LIMIT: '2', TRACKING_RATE_LIMIT: '3' }, { clock: () => now });
    try {
      const rfq = rfqSubmitResponseSchema.parse((await limited.request('POST', '/api/rfq', { body: validRfq() })).json);
      const token = rfq.quotes[0]!.trackingToken!;
      const pdf = () => limited.request('GET', `/api/quotes/track/${token}/quotation.pdf`);
      expect([(await pdf()).status, (await pdf()).status]).toEqual([200, 200]);
      const refused = await pdf();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.json.error.code).toBe('rate_limited');
      expect(refused.json.error.message).toMatch(/^Too many document downloads from your network\. Please try again in \d+ seconds?\.$/);
      // The tracking JSON, the results page's request and the supplier's link share one count.
      const reads = [
        await limited.request('GET', `/api/quotes/track/${token}`),
        await limited.request('GET', `/api/rfq/${rfq.rfqId}`),
        await limited.request('GET', `/api/quotes/track/${token}`),
        await limited.request('GET', `/api/rfq/${rfq.rfqId}`),
      ];
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(reads[3]!.json.error.message).toMatch(/^Too many quote and request reads from your network/);
    } finally {
      await limited.close();
    }
  });
});

/** A request whose quote `winner` the buyer accepted with delivery details; answers it and the supplier's response token. */
async function accepted(winner = 0) {
  const rfq = await submit({ primaryEmail: 'thandi@mokoena.example', contactName: 'Thandi Mokoena', companyName: 'Mokoena Facilities', quantity: 37 });
  const details = validOrder({
    deliveryAddress: 'Gate 3\n14 Chartwell Drive, Umhlanga, 4319',
    phone: '031 555 0142',
    purchaseOrderReference: 'REQ-2291',
    vatNumber: '4987 654 321',
  });
  expect((await server.request('POST', `/api/quotes/track/${rfq.quotes[winner]!.trackingToken}/accept`, { body: details })).status).toBe(200);
  return { rfq, responseToken: await responseTokenOf(server, rfq.rfqId) };
}

describe('the purchase order issued on acceptance', () => {
  it('is numbered in sequence for the year and carries the buyer, the supplier, the line, VAT and the terms', async () => {
    const first = await accepted();
    const second = await accepted(1);
    const numbers = await db().selectFrom('purchase_orders').select(['po_number', 'rfq_id']).orderBy('id').execute();
    const a = numbers.find((n) => n.rfq_id === first.rfq.rfqId)!.po_number;
    const b = numbers.find((n) => n.rfq_id === second.rfq.rfqId)!.po_number;
    expect(a).toMatch(/^PO-2026-\d{6}$/);
    expect(Number(b.slice(8))).toBe(Number(a.slice(8)) + 1);

    const q = first.rfq.quotes[0]!;
    const pdf = await download(`/api/quotes/track/${q.trackingToken}/purchase-order.pdf`);
    expect([pdf.status, pdf.type, pdf.disposition]).toEqual([200, 'application/pdf', `attachment; filename="procura-${a.toLowerCase()}.pdf"`]);
    const text = pdfText(pdf.body);
    const cents = Math.round(q.totalPrice * 100);
    const vat = Math.round(cents * 0.15);
    const r = (c: number) => `R${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    for (const expected of [
      'Purchase order',
      a,
      '27 November 2026',
      q.id,
      'REQ-2291',
      'Mokoena Facilities',
      'Thandi Mokoena',
      'thandi@mokoena.example',
      '+27 31 555 0142',
      '4987654321',
      'Gate 3, 14 Chartwell Drive, Umhlanga, 4319',
      q.supplier.name,
      'Hand Sanitizer 70% Alcohol',
      '37',
      r(cents),
      r(vat),
      r(cents + vat),
      q.paymentTerms,
      q.leadTime,
    ]) {
      expect(text).toContain(expected);
    }
    // The promised day: the day of acceptance plus the quote's longest lead time; and who accepted it.
    const longest = Number(/(\d+) (?:business )?days?$/.exec(q.leadTime)![1]);
    expect(text).toContain(`Deliver by\n${formatDate(addDays('2026-11-27', longest))}`);
    expect(text).toContain('Accepted by\nThandi Mokoena · thandi@mokoena.example');
    const supplierCopy = await download(`/api/supplier-responses/${first.responseToken}/purchase-order.pdf`);
    expect(supplierCopy.body.equals(pdf.body)).toBe(true);
  });

  it('names the supplier’s company registration number its people gave, as it stood when the order was issued', async () => {
    const probe = await submit({ quantity: 37 });
    const supplierId = probe.quotes[0]!.supplier.id;
    const { headers } = await signInSupplier(server, supplierId, `reg-${supplierId}@paperwork.example`);
    const patch = (registrationNumber: unknown) => server.request('PATCH', '/api/supplier/profile', { headers, body: { registrationNumber } });
    for (const bad of ['2015/12345/07', '15/123456/07', '2015-123456-07', 'K2015/123456/07']) {
      const refused = await patch(bad);
      expect(refused.status).toBe(400);
      expect(refused.json.error.details.fields).toEqual({ registrationNumber: SUPPLIER_MESSAGES.registrationNumber });
    }
    const before = pdfText((await download(`/api/quotes/track/${probe.quotes[0]!.trackingToken}/quotation.pdf`)).body);
    expect(before).toContain('Company registration\nNot on file with Procura');

    const saved = await patch(' 2015 / 123456 / 07 ');
    expect([saved.status, saved.json.registrationNumber]).toEqual([200, '2015/123456/07']);
    const { rfq } = await accepted();
    const q = rfq.quotes[0]!;
    expect(q.supplier.id).toBe(supplierId);
    const path = `/api/quotes/track/${q.trackingToken}/purchase-order.pdf`;
    const text = pdfText((await download(path)).body);
    expect(text).toContain(`Supplier\n${q.supplier.name}\nCompany registration\n2015/123456/07`);

    // The order keeps the supplier as it was when issued; clearing the number leaves it there.
    const cleared = await patch('');
    expect([cleared.status, cleared.json.registrationNumber]).toEqual([200, null]);
    expect(pdfText((await download(path)).body)).toContain('Company registration\n2015/123456/07');
  });

  it('is downloadable only with the accepted quote’s own tracking token or its supplier’s response link (404 otherwise)', async () => {
    const { rfq, responseToken } = await accepted();
    const other = await accepted();
    const sibling = rfq.quotes[1]!.trackingToken!;
    const [, secret] = /^sr_[0-9a-z]+_(.+)$/.exec(responseToken)!;
    const otherId = /^sr_([0-9a-z]+)_/.exec(other.responseToken)![1];
    for (const path of [
      `/api/quotes/track/${sibling}/purchase-order.pdf`,
      `/api/supplier-responses/sr_${otherId}_${secret}/purchase-order.pdf`,
      `/api/quotes/track/qt_zz_AAAAAAAAAAAAAAAAAAAAAAAA/purchase-order.pdf`,
    ]) {
      const res = await server.request('GET', path);
      expect(res.status).toBe(404);
    }
    // Once the buyer's details are deleted, no purchase order is given out.
    await db()
      .updateTable('rfqs')
      .set({ personal_data_deleted_at: new Date(now).toISOString(), delivery_address: null, phone: null, vat_number: null })
      .where('id', '=', rfq.rfqId)
      .execute();
    expect((await server.request('GET', `/api/quotes/track/${rfq.quotes[0]!.trackingToken}/purchase-order.pdf`)).status).toBe(404);
    expect((await server.request('GET', `/api/supplier-responses/${responseToken}/purchase-order.pdf`)).json.error).toEqual({
      code: 'purchase_order_not_found',
      message: 'Purchase order not found',
    });
  });

  it('is cancelled on a document of its own when the supplier withdraws, keeping its number', async () => {
    const { rfq, responseToken } = await accepted();
    const before = await download(`/api/supplier-responses/${responseToken}/purchase-order.pdf`);
    const withdraw = await server.request('POST', `/api/supplier-responses/${responseToken}/withdraw`, { body: { reason: 'Out of stock until January' } });
    expect(withdraw.status).toBe(200);
    const after = await download(`/api/quotes/track/${rfq.quotes[0]!.trackingToken}/purchase-order.pdf`);
    const po = (await db().selectFrom('purchase_orders').select('po_number').where('rfq_id', '=', rfq.rfqId).executeTakeFirstOrThrow()).po_number;
    expect(after.disposition).toBe(`attachment; filename="procura-cancelled-${po.toLowerCase()}.pdf"`);
    const text = pdfText(after.body).replace(/\s*\n/g, ' ');
    expect(text).toContain('Purchase order: CANCELLED');
    expect(text).toContain('Reason given: Out of stock until January');
    expect(text).toContain(po);
    // The order asks for a tax invoice; its cancellation does not.
    expect(pdfText(before.body).replace(/\s*\n/g, ' ')).toContain('Please send a full tax invoice');
    expect(text).not.toContain('tax invoice');
    expect(after.body.equals(before.body)).toBe(false);
  });

  it('goes with the supplier’s order e-mail and the buyer’s confirmation, and the cancelled one with the withdrawal', async () => {
    const { rfq, responseToken } = await accepted();
    const token = rfq.quotes[0]!.trackingToken!;
    const issued = await download(`/api/quotes/track/${token}/purchase-order.pdf`);
    expect((await server.request('POST', `/api/supplier-responses/${responseToken}/confirm`, { body: {} })).status).toBe(200);

    /** Sends a request's held e-mails of `kinds` through a worker and answers what it handed over. */
    const send = async (rfqId: string, ...kinds: string[]) => {
      await db()
        .updateTable('outbox')
        .set({ status: 'pending', next_attempt_at: new Date(now - 1000).toISOString() })
        .where('kind', 'in', kinds)
        .where('payload', 'like', `%"rfqId":"${rfqId}"%`)
        .execute();
      const sent: OutgoingMail[] = [];
      const worker = new MailWorker({
        database: server.database,
        transport: { send: async (mail) => void sent.push(mail), close: () => {} },
        logger: pino({ level: 'silent' }),
        from: 'Procura <quotes@procura.test>',
        settings: server.app.deps.outbox.settings,
        market: server.app.deps.market,
        maxAttempts: 1,
        retryBaseMs: 1000,
        batchSize: 10,
        now: () => new Date(now),
      });
      while ((await worker.drainOnce()) > 0);
      return sent;
    };
    // The development mailbox lists the attachment and gives the same file (until the e-mail is sent).
    const order = await db()
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'supplier-order')
      .where('payload', 'like', `%"rfqId":"${rfq.rfqId}"%`)
      .executeTakeFirstOrThrow();
    const page = await server.request('GET', `/dev/mailbox/${order.id}`);
    expect(page.text).toContain(`/dev/mailbox/${order.id}/attachments/0`);
    expect((await download(`/dev/mailbox/${order.id}/attachments/0`)).body.equals(issued.body)).toBe(true);
    expect((await server.request('GET', `/dev/mailbox/${order.id}/attachments/1`)).status).toBe(404);

    const sent = await send(rfq.rfqId, 'supplier-order', 'buyer-order-confirmed');
    expect(sent.map((m) => m.to).sort()).toEqual([rfq.quotes[0]!.supplier.email, 'thandi@mokoena.example'].sort());
    for (const mail of sent) {
      expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([[/filename="(.+)"/.exec(issued.disposition!)![1], 'application/pdf']]);
      expect(mail.attachments![0]!.content.equals(issued.body)).toBe(true);
    }

    const withdrawn = await accepted();
    expect(
      (await server.request('POST', `/api/supplier-responses/${withdrawn.responseToken}/withdraw`, { body: { reason: 'Warehouse flooded' } })).status,
    ).toBe(200);
    const [withdrawal] = await send(withdrawn.rfq.rfqId, 'buyer-order-withdrawn');
    expect(pdfText(withdrawal!.attachments![0]!.content).replace(/\s*\n/g, ' ')).toContain('Reason given: Warehouse flooded');
  });
});
