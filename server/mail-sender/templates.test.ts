import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema, type RfqSubmitResponse } from '../../sdk/schemas/rfq';
import { formatRand, formatDate } from '../../sdk/format';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { escapeHtml, html, safeUrl } from '../lib/html';
import { MessageRenderer } from './renderer';
import { buyerOrderConfirmedEmail, buyerOrderWithdrawnEmail, buyerQuotesEmail } from './templates/buyer';
import { partnerWelcomeEmail } from './templates/partner';
import { partnerRegisteredEmail } from './templates/staff';
import { supplierLeadEmail, supplierNotSelectedEmail, supplierOrderEmail, supplierSignInEmail } from './templates/supplier';

let server: TestServer;
let rfq: RfqSubmitResponse;
beforeAll(async () => {
  server = await startTestServer();
  const res = await server.request('POST', '/api/rfq', {
    body: validRfq({
      productName: 'Hand Sanitizer 70% Alcohol',
      quantity: 120,
      supplierCount: 5,
      deliveryLocation: 'Durban',
      budgetRange: '10k-50k',
      companyName: 'Umhlanga Clinics',
    }),
  });
  rfq = rfqSubmitResponseSchema.parse(res.json);
});
afterAll(() => server.close());

function buyerEmail(productName = rfq.productName, linkToken: string | null = 'lnk_test_token') {
  return buyerQuotesEmail({
    linkToken: linkToken ?? undefined,
    messageIdDomain: 'procura.example',
    rfqId: rfq.rfqId,
    productName,
    matchingMessage: rfq.matching.message,
    quotes: rfq.quotes,
    publicUrl: 'https://procura.example',
  });
}

describe('html', () => {
  it('escapes interpolations but not nested templates', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${'"a" & b'}${inner}</p>`.value).toBe('<p>&quot;a&quot; &amp; b<b>&lt;i&gt;</b></p>');
    expect(escapeHtml(`'`)).toBe('&#39;');
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl('https://procura.example/quote/qt_1_x')).toBe('https://procura.example/quote/qt_1_x');
  });
});

describe('buyer e-mail', () => {
  it('gives the quote count in a subject that carries no text the requester typed', () => {
    expect(buyerEmail().subject).toBe('Procura: 5 quotes for your request');
    expect(buyerEmail('Cheap pills at spam.example, call 082 555 0100').subject).toBe('Procura: 5 quotes for your request');
  });

  it('says a widget demo request is a demo, told to no supplier, and offers no quote to accept', () => {
    const email = buyerQuotesEmail({
      linkToken: 'lnk_test_token',
      messageIdDomain: 'procura.example',
      rfqId: rfq.rfqId,
      productName: rfq.productName,
      matchingMessage: rfq.matching.message,
      quotes: rfq.quotes,
      publicUrl: 'https://procura.example',
      demo: true,
    });
    const notice =
      'A demo: this request came from the widget demo, so no supplier was told of it and its quotes cannot be accepted. To order, send a request at https://procura.example/.';
    expect(email.subject).toBe('Procura demo: 5 quotes for your request');
    expect(email.text.startsWith(notice)).toBe(true);
    expect(email.html).toContain(
      notice.replace('https://procura.example/', '<a href="https://procura.example/" style="color:#1d4ed8;">https://procura.example/</a>'),
    );
    expect(email.text).not.toContain('Accept this quote');
    expect(email.html).not.toContain('Accept this quote');
    expect(email.text).toContain('View this quote');
  });

  it('offers one-click unsubscribe (RFC 8058) and a "this wasn\'t me" link', () => {
    const email = buyerEmail();
    expect(email.headers).toEqual({
      'List-Unsubscribe':
        '<https://procura.example/mail/unsubscribe/lnk_test_token>, <mailto:unsubscribe@procura.example?subject=unsubscribe%20lnk_test_token>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email.html).toContain(`<a href="https://procura.example/mail/not-me/lnk_test_token" style="color:#1d4ed8;">This wasn't me</a>`);
    expect(email.html).toContain(`<a href="https://procura.example/mail/unsubscribe/lnk_test_token" style="color:#1d4ed8;">unsubscribe</a>`);
    expect(email.text).toContain("This wasn't me: https://procura.example/mail/not-me/lnk_test_token");
    expect(email.text).toContain('No more quote e-mails: https://procura.example/mail/unsubscribe/lnk_test_token');
    expect(buyerEmail(rfq.productName, null).headers).toBeUndefined();
  });

  it("carries every quote's figures, note, contact and tracking link in both parts", () => {
    const email = buyerEmail();
    for (const q of rfq.quotes) {
      for (const part of [email.html, email.text]) {
        const expected = [
          q.supplier.name,
          formatRand(q.unitPrice),
          formatRand(q.totalPrice),
          formatRand(q.totalPriceInclVat),
          q.leadTime,
          `${q.minimumOrderQuantity} litres`,
          formatDate(q.validUntil),
          q.paymentTerms,
          q.supplier.email,
          q.supplier.phone,
          q.id,
          q.trackingUrl!,
        ];
        for (const text of expected) expect(part).toContain(part === email.html ? escapeHtml(text) : text);
      }
      expect(email.text).toContain(q.notes);
    }
    expect(email.html).toContain('Best Price');
    expect(email.text.split('\n')[0]).toBe(rfq.matching.message);
    expect(email.text).toContain(
      `Compare all quotes: https://procura.example/quote-success?rfqId=${rfq.rfqId}#from=email&${rfq.quotes.map((q) => `${q.id}=${q.trackingToken}`).join('&')}`,
    );
    expect(email.text).toContain('Procura support: Monday-Friday 8AM-5PM');
    expect(email.html).toContain('Monday-Friday 8AM-5PM');
  });

  it('lists only the contact details a supplier has', () => {
    const q = rfq.quotes[0]!;
    const imported = { ...q, supplier: { ...q.supplier, contactPerson: '', phone: '' } };
    const email = buyerQuotesEmail({
      messageIdDomain: 'procura.example',
      rfqId: rfq.rfqId,
      productName: rfq.productName,
      matchingMessage: rfq.matching.message,
      quotes: [imported],
      publicUrl: 'https://procura.example',
    });
    expect(email.text).toContain(`   Supplier contact: ${q.supplier.email}\n`);
  });

  it('opens the right quote through each tracking link', async () => {
    for (const q of rfq.quotes) {
      const path = new URL(q.trackingUrl!).pathname.replace('/quote/', '/api/quotes/track/');
      const res = await server.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.json.quote.quoteReference).toBe(q.id);
    }
  });

  it('says when each supplier usually answers, and to expect 24-48 hours where none is recorded, in both parts', async () => {
    const { db } = server.database;
    const [first, second] = rfq.quotes;
    await db.updateTable('suppliers').set({ response_time_hours: 4 }).where('id', '=', first!.supplier.id).execute();
    await db.updateTable('suppliers').set({ response_time_hours: null }).where('id', '=', second!.supplier.id).execute();
    const row = await db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('kind', '=', 'buyer-quotes')
      .where('payload', 'like', `%${rfq.rfqId}%`)
      .executeTakeFirstOrThrow();
    const email = await new MessageRenderer(db, { publicUrl: 'http://procura.test', messageIdDomain: 'procura.test' }, server.app.deps.market).render(row);
    const [one, two] = email.text.split('\n\n').filter((block) => /^\d\. /.test(block));
    expect(one).toContain('   Supplier response: Usually within 4 hours\n');
    expect(two).toContain('   Supplier response: Expected 24-48 hours\n');
    expect(readAs(email.html)).toContain('Supplier response Usually within 4 hours');
    expect(readAs(email.html)).toContain('Supplier response Expected 24-48 hours');
  });

  it('never lets buyer text into the markup', () => {
    const email = buyerEmail('<script>alert("x")</script> & co');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('alert("x")');
    expect(email.subject).toBe('Procura: 5 quotes for your request');
  });
});

/** What a reader sees of some markup once its tags are gone, as a text-only mail view shows it. */
const readAs = (markup: string) =>
  markup
    .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('buyer e-mail at a glance', () => {
  it('keeps each label apart from its value, in the HTML as read and in plain text', () => {
    const email = buyerEmail();
    const q = rfq.quotes[0]!;
    const label = `Total incl. VAT (${Math.round(q.vatRate * 100)}%)`;
    expect(readAs(email.html)).toContain(`${label} ${formatRand(q.totalPriceInclVat)}`);
    expect(readAs(email.html)).not.toContain(`${label}${formatRand(q.totalPriceInclVat)}`);
    expect(email.text).toContain(`   ${label}: ${formatRand(q.totalPriceInclVat)}`);
    // On a phone the label wraps in its cell; a gap on its right keeps it off the value.
    const labelCell = email.html.match(new RegExp(`<td style="([^"]*)">${escapeHtml(label).replace(/[()]/g, '\\$&')}</td>`));
    expect(labelCell?.[1]).toMatch(/padding:\d+px [1-9]\d*px/);
  });

  it('sets "Compare all quotes" in white on a blue of at least 4.5:1', () => {
    const button = buyerEmail().html.match(/<a href="[^"]*" style="([^"]*)">Compare all quotes<\/a>/);
    const style = button![1]!;
    const background = style.match(/background:(#[0-9a-f]{6})/i)![1]!;
    const colour = style.match(/(?:^|;)color:(#[0-9a-f]{6})/i)![1]!;
    expect(colour.toLowerCase()).toBe('#ffffff');
    expect(contrast(background, colour)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the accept button in the buyer e-mail', () => {
  it("opens each quote's tracking page with the accept confirmation ready, in both parts", () => {
    const email = buyerEmail();
    for (const q of rfq.quotes) {
      const url = `${q.trackingUrl!}?action=accept#from=email`;
      expect(email.html).toMatch(new RegExp(`<a href="${url.replace(/[?.]/g, '\\$&')}" style="[^"]*">Accept this quote</a>`));
      expect(email.html).toContain(
        `<a href="${q.trackingUrl!}#from=email" style="display:inline-block;margin:0 0 8px;color:#1d4ed8;font-weight:bold;">View this quote</a>`,
      );
      expect(email.text).toContain(`   View this quote: ${q.trackingUrl!}#from=email`);
      expect(email.text).toContain(`   Accept this quote: ${url}`);
    }
    expect(email.html.match(/>Accept this quote</g)).toHaveLength(rfq.quotes.length);
  });

  it('sets it in white on a green of at least 4.5:1, and offers none without a tracking link', () => {
    const style = buyerEmail().html.match(/style="([^"]*)">Accept this quote<\/a>/)![1]!;
    expect(contrast(style.match(/background:(#[0-9a-f]{6})/i)![1]!, style.match(/(?:^|;)color:(#[0-9a-f]{6})/i)![1]!)).toBeGreaterThanOrEqual(4.5);
    const untracked = rfq.quotes.map(({ trackingUrl: _u, trackingToken: _t, ...q }) => q);
    const email = buyerQuotesEmail({
      messageIdDomain: 'procura.example',
      rfqId: rfq.rfqId,
      productName: rfq.productName,
      matchingMessage: rfq.matching.message,
      quotes: untracked,
      publicUrl: 'https://procura.example',
    });
    expect(email.html).not.toContain('Accept this quote');
  });
});

describe('order e-mails', () => {
  const request = {
    productName: 'Hand Sanitizer 70% Alcohol',
    productDescription: 'For the <b>three</b> clinics',
    quantity: 120,
    unit: 'litres',
    deliveryLocation: 'Durban, KwaZulu-Natal',
  };
  const responseUrl = 'https://procura.example/supplier-response/sr_1a_AbCdEfGhIjKlMnOpQrStUvWx';

  it("gives the accepted supplier the buyer's contact, the order and its response link", () => {
    const q = rfq.quotes[1]!;
    const email = supplierOrderEmail({
      request,
      quote: q,
      poNumber: 'PO-2026-000123',
      buyer: {
        email: 'thandi@example.co.za',
        contactName: 'Thandi Mokoena',
        companyName: 'Umhlanga Clinics',
        deliveryAddress: 'Umhlanga Clinic, Block B\n14 Chartwell Drive\nUmhlanga Rocks, 4319',
        phone: '+27 31 555 0142',
        purchaseOrderReference: 'PO-2291/<Q4>',
        vatNumber: '4123456789',
      },
      companySize: '250+',
      responseUrl,
    });
    expect(email.subject).toBe(`Procura purchase order PO-2026-000123: the buyer accepted your quote ${q.id}`);
    const lines = [
      'E-mail: thandi@example.co.za',
      'Phone: +27 31 555 0142',
      'Name: Thandi Mokoena',
      'Company: Umhlanga Clinics',
      'VAT number: 4123456789',
      'Company size: 250+ employees',
      'Purchase order: PO-2026-000123 (name it on your tax invoice)',
      'Buyer’s reference: PO-2291/<Q4>',
      'Product: Hand Sanitizer 70% Alcohol',
      'Description: For the <b>three</b> clinics',
      'Quantity: 120 litres',
      'Delivery address: Umhlanga Clinic, Block B, 14 Chartwell Drive, Umhlanga Rocks, 4319',
      'Delivery to: Durban, KwaZulu-Natal',
      `Quote reference: ${q.id}`,
      `Unit price: ${formatRand(q.unitPrice)} excl. VAT per litre`,
      `Total excl. VAT: ${formatRand(q.totalPrice)}`,
      `VAT (15%): ${formatRand(q.vatAmount)}`,
      `Total incl. VAT: ${formatRand(q.totalPriceInclVat)}`,
      `Lead time: ${q.leadTime}`,
      `Payment terms: ${q.paymentTerms}`,
      `Valid until: ${formatDate(q.validUntil)}`,
    ];
    for (const line of lines) {
      expect(email.text).toContain(`   ${line}\n`);
      expect(readAs(email.html)).toContain(` ${escapeHtml(line).replace(': ', ' ')} `);
    }
    expect(email.text).toContain(`Confirm or withdraw: ${responseUrl}`);
    expect(email.html).toContain(`<a href="${responseUrl}"`);
    expect(email.html).not.toContain('<b>three</b>');
    expect(email.html).not.toContain('<Q4>');
    // Nothing of the other quotes, and no buyer's tracking token.
    for (const other of rfq.quotes.filter((o) => o.id !== q.id)) expect(email.html).not.toContain(escapeHtml(other.supplier.name));
    expect(email.html).not.toContain('qt_');
  });

  it("says the contact is gone when the buyer's data was deleted", () => {
    const email = supplierOrderEmail({ request: { ...request, productDescription: '' }, quote: rfq.quotes[0]!, buyer: null, companySize: null, responseUrl });
    expect(email.text).toContain('   Buyer: Their contact details were deleted, as Procura does 72 hours after a request ends.\n');
    expect(email.text).not.toContain('Description:');
    expect(email.text).not.toContain('Delivery address:');
    expect(email.text).not.toContain('Purchase order:');
  });

  it('names a basket order’s products, never the line ids the API knows them by', () => {
    const q = rfq.quotes[0]!;
    const line = (lineId: string, productName: string, status: 'accepted' | 'not_selected') => ({
      lineId,
      productName,
      quantity: 10,
      unit: 'litres',
      pricingBasis: 'price-list' as const,
      listUnitPrice: 20,
      unitPrice: 20,
      discountPercent: 0,
      totalPrice: 200,
      minimumOrderQuantity: 1,
      leadTime: '2-3 days',
      status,
    });
    const basket = {
      ...q,
      lines: [line('L1', 'Household Bleach', 'accepted'), line('L2', 'Refuse Bags', 'not_selected'), line('L3', 'Liquid Hand Soap', 'accepted')],
      coverage: { covered: 3, total: 3, text: '3 of 3 lines' },
      minimumOrder: 0,
    };
    const email = supplierOrderEmail({ request: { ...request, productDescription: '' }, quote: basket, buyer: null, companySize: null, responseUrl });
    expect(email.text).toContain('   Household Bleach: 10 litres at R20.00 per litre excl. VAT, R200.00\n');
    expect(email.text).toContain('   Liquid Hand Soap: 10 litres at R20.00 per litre excl. VAT, R200.00\n');
    expect(email.text).not.toContain('Refuse Bags');
    expect(`${email.text}${email.html}`).not.toMatch(/\bL\d+\b/);
  });

  it('says which optional details the buyer did not give', () => {
    const buyer = {
      email: 'thandi@example.co.za',
      contactName: null,
      companyName: null,
      deliveryAddress: '12 Long Street, Cape Town',
      phone: '+27 82 123 4567',
      purchaseOrderReference: null,
      vatNumber: null,
    };
    const email = supplierOrderEmail({ request, quote: rfq.quotes[0]!, buyer, companySize: null, responseUrl });
    for (const line of ['VAT number: Not given', 'Delivery address: 12 Long Street, Cape Town']) expect(email.text).toContain(`   ${line}\n`);
    // No reference given: the order names none, rather than a purchase order the buyer did not give.
    expect(email.text).not.toContain('Buyer’s reference');
  });

  it('thanks a supplier not selected, saying whether another quote won or the request was closed', () => {
    const q = rfq.quotes[3]!;
    const awarded = supplierNotSelectedEmail({ request, quote: q, outcome: 'awarded' });
    expect(awarded.subject).toBe(`Procura: your quote ${q.id} was not selected`);
    expect(awarded.text.split('\n')[0]).toBe(
      `Thank you for quoting on 120 litres of Hand Sanitizer 70% Alcohol to Durban, KwaZulu-Natal. The buyer accepted another supplier's quote, so your quote ${q.id} was not selected.`,
    );
    const closed = supplierNotSelectedEmail({ request, quote: q, outcome: 'closed' });
    expect(closed.text).toContain('The buyer closed the request without choosing a supplier');
    // Never who won, nor at what price.
    for (const other of rfq.quotes.filter((o) => o.id !== q.id)) expect(awarded.text).not.toContain(other.supplier.name);
    expect(awarded.text).not.toContain('R ');
  });

  it("tells the buyer the supplier confirmed, with the supplier's contact and the link to the order", () => {
    const q = rfq.quotes[0]!;
    const email = buyerOrderConfirmedEmail({
      request,
      quote: q,
      quotesUrl: 'https://procura.example/quote/qt_1_x',
      given: { deliveryAddress: 'Gate 3\n14 Chartwell Drive, Umhlanga, 4319', purchaseOrderReference: 'REQ-2291' },
    });
    expect(email.subject).toBe(`Procura: ${q.supplier.name} confirmed your order`);
    // Where it goes and the buyer's own reference, as given for this order.
    expect(email.text).toContain('Delivery address: Gate 3, 14 Chartwell Drive, Umhlanga, 4319');
    expect(email.text).toContain('Your reference: REQ-2291');
    expect(email.text).toContain(`${q.supplier.name} confirmed your order of 120 litres of Hand Sanitizer 70% Alcohol (quote ${q.id}).`);
    expect(email.text).toContain(`Supplier contact: ${q.supplier.contactPerson}, ${q.supplier.email}, ${q.supplier.phone}`);
    expect(email.text).toContain('See your order: https://procura.example/quote/qt_1_x');
    expect(email.html).toMatch(/<a href="https:\/\/procura.example\/quote\/qt_1_x" style="[^"]*">See your order<\/a>/);

    // A basket's order is the lines awarded to this supplier, not the whole basket.
    const line = (lineId: string, productName: string, quantity: number, unit: string, status: 'accepted' | 'not_selected') => ({
      lineId,
      productName,
      quantity,
      unit,
      pricingBasis: 'price-list' as const,
      listUnitPrice: 10,
      unitPrice: 10,
      discountPercent: 0,
      totalPrice: quantity * 10,
      minimumOrderQuantity: 1,
      leadTime: '1-2 days',
      status,
    });
    const basketQuote = { ...q, lines: [line('L1', 'Household Bleach', 40, 'litres', 'not_selected'), line('L3', 'Nitrile Gloves', 20, 'boxes', 'accepted')] };
    const basketRequest = { productName: 'Household Bleach and 3 more products', quantity: 4, unit: 'products' };
    const ordered = buyerOrderConfirmedEmail({
      request: basketRequest,
      quote: basketQuote,
      quotesUrl: 'https://procura.example/quote/qt_1_x',
      given: { deliveryAddress: null, purchaseOrderReference: null },
    });
    expect(ordered.text).toContain(`${q.supplier.name} confirmed your order of 20 boxes of Nitrile Gloves (quote ${q.id}).`);
    // Once deleted (or not given), neither is named.
    expect(ordered.text).not.toMatch(/Delivery address|Your reference/);
  });

  it('tells the buyer the supplier withdrew, with its reason (escaped) and what is left to choose', () => {
    const q = rfq.quotes[0]!;
    const input = { request, quote: q, quotesUrl: 'https://procura.example/quote/qt_1_x', reason: 'Stock <gone> until January' };
    const some = buyerOrderWithdrawnEmail({ ...input, acceptable: 1 });
    expect(some.subject).toBe(`Procura: ${q.supplier.name} withdrew quote ${q.id}`);
    expect(some.text).toContain('Their reason: Stock <gone> until January');
    expect(some.html).toContain('Stock &lt;gone&gt; until January');
    expect(some.text).toContain('Your request is open again: 1 other quote is still valid, and you can accept one of them.');
    expect(some.text).toContain('Choose another quote: https://procura.example/quote/qt_1_x');
    const none = buyerOrderWithdrawnEmail({ ...input, acceptable: 0 });
    expect(none.text).toContain('none of its other quotes is still valid: send a new request to get fresh quotes.');
    expect(none.text).toContain('See your request: https://procura.example/quote/qt_1_x');
  });

  it('keeps every order e-mail inside a 390 px screen: long words and addresses wrap', () => {
    const long = 'x'.repeat(120);
    const q = rfq.quotes[0]!;
    const emails = [
      supplierOrderEmail({
        request: { ...request, productDescription: long },
        quote: q,
        buyer: {
          email: `${long}@example.co.za`,
          contactName: null,
          companyName: null,
          deliveryAddress: long,
          phone: null,
          purchaseOrderReference: null,
          vatNumber: null,
        },
        companySize: null,
        responseUrl,
      }),
      buyerOrderWithdrawnEmail({ request, quote: q, quotesUrl: 'https://procura.example/quote/qt_1_x', reason: long, acceptable: 2 }),
    ];
    for (const email of emails) {
      expect(email.html).toContain('max-width:600px');
      const cell = email.html.match(new RegExp(`<(?:td|p) style="([^"]*)">[^<]*${long}`));
      expect(cell?.[1]).toContain('overflow-wrap:anywhere');
    }
  });
});

describe('supplier lead e-mail', () => {
  const lead = (overrides: Partial<Parameters<typeof supplierLeadEmail>[0]> = {}) => {
    const q = rfq.quotes[2]!;
    return supplierLeadEmail({
      productName: rfq.productName,
      buyerWords: [rfq.productName],
      quantity: rfq.quantity,
      unit: rfq.unit,
      deliveryLocation: rfq.deliveryLocation,
      budgetRange: '10k-50k',
      quote: q,
      workspaceUrl: `https://procura.example/supplier?lead=${q.id}`,
      ...overrides,
    });
  };

  it("gives the request and the quote sent in the supplier's name, and no contact of the buyer's before they accept", () => {
    const q = rfq.quotes[2]!;
    const email = lead();
    expect(email.text).toContain(`Make this price firm or decline, in your supplier workspace: https://procura.example/supplier?lead=${q.id}`);
    expect(email.html).toContain(`href="https://procura.example/supplier?lead=${q.id}"`);
    expect(email.subject).toBe('Procura lead: 120 litres of Hand Sanitizer 70% Alcohol to Durban, KwaZulu-Natal');
    expect(email.text).toContain('If the buyer accepts your quote, Procura sends you their order with their contact details.');
    expect(email.text).toContain('Budget: R10,000 to R50,000');
    expect(email.text).toContain(`Quote reference: ${q.id}`);
    expect(email.text).toContain(`Quoted total: ${formatRand(q.totalPrice)} excl. VAT, ${formatRand(q.totalPriceInclVat)} incl. VAT`);
    expect(email.text).toContain(`your price list dated ${formatDate(q.priceListDate)}`);
    // Only its own quote: no other supplier's name or token.
    for (const other of rfq.quotes.filter((o) => o.id !== q.id)) {
      expect(email.html).not.toContain(escapeHtml(other.supplier.name));
    }
    expect(email.html).not.toContain('qt_');
    expect(email.html).not.toContain('mailto:');
    expect(email.text).not.toContain('Buyer:');
    // Words Procura matched say nothing more: no quotation of them.
    expect(email.text).not.toContain('The buyer wrote');
  });

  it('names the product as Procura matched it in the subject and heading, and quotes the buyer’s own words only in the body, labelled', () => {
    const words = 'Hand Sanitizer URGENT verify bank details at evil.example';
    const email = lead({ buyerWords: [words] });
    expect(email.subject).toBe('Procura lead: 120 litres of Hand Sanitizer 70% Alcohol to Durban, KwaZulu-Natal');
    expect(email.html.match(/<title>[^<]*<\/title>/)?.[0]).not.toContain('evil');
    expect(email.text).toContain('Product: Hand Sanitizer 70% Alcohol');
    expect(email.text).toContain(`The buyer wrote: “${words}”`);
    expect(email.text.split(words).length - 1).toBe(1);
  });
});

describe('partner e-mails', () => {
  const partner = {
    partnerId: 'p_0123456789abcdef',
    companyName: 'Coastal <b>Cleaning</b>',
    contactName: 'Thandi Nkosi',
    contactEmail: 'dev@coastal.example.co.za',
    website: 'https://coastal.example.co.za',
    businessType: 'directory',
    integrationType: 'both',
    monthlyTraffic: '10k-50k',
    useCase: 'Quotes beside every listing',
    publicUrl: 'https://procura.test',
  };

  it('welcomes the partner with their id and where to start, never a key', () => {
    const mail = partnerWelcomeEmail(partner);
    expect(mail.subject).toBe('Welcome to Procura partners');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('p_0123456789abcdef');
      expect(part).toContain('https://procura.test/widget-configurator');
      expect(part).not.toMatch(/procura_live_/);
    }
    // Nothing the caller typed: anyone can register with anyone's address.
    for (const part of [mail.html, mail.text, mail.subject]) {
      for (const typed of ['Coastal', 'Thandi', 'coastal.example.co.za', 'Quotes beside every listing']) expect(part).not.toContain(typed);
    }
  });

  it('links every web address it gives', () => {
    const mail = partnerWelcomeEmail(partner);
    for (const path of ['/widget-configurator', '/docs', '/partners', '/api-registration']) {
      const url = `https://procura.test${path}`;
      expect(mail.html).toMatch(new RegExp(`<a href="${url}" style="[^"]*">${url}</a>`));
      expect(mail.text).toContain(url);
    }
    expect(mail.html).not.toMatch(/font-weight:bold;[^"]*">https:/);
  });

  it('tells a partner who did not keep the key what the product offers instead', () => {
    const mail = partnerWelcomeEmail(partner);
    const advice =
      'Your API key was shown once, when you registered. We keep only a fingerprint of it, so nobody can send it to you again, and both signing in to the partner area and issuing a new key need the current key. If you did not keep it, register again at https://procura.test/api-registration: you get a new partner ID and key straight away. Then put the new partner ID in your widget snippet and data API calls.';
    expect(mail.text).toContain(advice);
    expect(readAs(mail.html)).toContain(advice);
    expect(mail.text).not.toContain('sign in to the partner area with it');
  });

  it('tells the partners team who registered and why', () => {
    const mail = partnerRegisteredEmail(partner);
    expect(mail.subject).toBe('New partner: Coastal <b>Cleaning</b> (both)');
    expect(mail.text).toContain('Contact: Thandi Nkosi <dev@coastal.example.co.za>');
    expect(mail.html).not.toContain('<b>Cleaning</b>');
  });
});

describe("a supplier user's sign-in e-mail", () => {
  it('names the workspace with the possessive of the supplier, an apostrophe alone after a final s', () => {
    const mail = (supplierName: string) => supplierSignInEmail({ link: 'https://procura.test/supplier/sign-in#sl_x', supplierName, validMinutes: 30 });
    expect(mail('Garden Route Industrial Supplies').text).toContain('sign in to Garden Route Industrial Supplies’ workspace on Procura');
    expect(mail('Garden Route Industrial Supplies').html).toContain('sign in to Garden Route Industrial Supplies’ workspace on Procura');
    expect(mail('Coastal Hygiene').text).toContain('sign in to Coastal Hygiene’s workspace on Procura');
  });
});
