import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, validRfq, type TestServer } from '../test/harness';
import { MessageRenderer } from './renderer';
import { detailsEmail, footer, withAccountLink } from './templates/layout';

let server: TestServer;
let rfqId: string;
beforeAll(async () => {
  server = await startTestServer();
  const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: 'naledi@school.example.co.za' }) });
  expect(res.status).toBe(201);
  rfqId = (res.json as { rfqId: string }).rfqId;
});
afterAll(() => server.close());

const URL = 'https://procura.example/account/sign-in';

describe('"See all your requests" in buyer e-mails', () => {
  it('stands above the footer in the text and the HTML', () => {
    const email = withAccountLink(
      detailsEmail('Subject', 'Intro', [['Product', 'Bleach']], { url: 'https://procura.example/quote/qt_x', label: 'See it' }),
      URL,
    );
    expect(email.text.endsWith(`See it: https://procura.example/quote/qt_x\n\nSee all your requests: ${URL}\n\n${footer}`)).toBe(true);
    const link = email.html.indexOf(`<a href="${URL}" style="color:#1d4ed8;">See all your requests</a>`);
    expect(link).toBeGreaterThan(email.html.indexOf('See it'));
    expect(link).toBeLessThan(email.html.indexOf('Procura support:'));
  });

  it("is in the buyer's quotes e-mail as the outbox renders it, and in no supplier's", async () => {
    const { db } = server.database;
    const rows = await db.selectFrom('outbox').select(['kind', 'payload']).where('payload', 'like', `%${rfqId}%`).execute();
    const renderer = new MessageRenderer(db, { publicUrl: 'https://procura.example', messageIdDomain: 'procura.example' }, server.app.deps.market);
    const buyer = await renderer.render(rows.find((r) => r.kind === 'buyer-quotes')!);
    expect(buyer.text).toContain(`See all your requests: ${URL}`);
    expect(buyer.html).toContain(`href="${URL}"`);
    const supplierRows = rows.filter((r) => r.kind.startsWith('supplier-'));
    expect(supplierRows.length).toBeGreaterThan(0);
    for (const row of supplierRows) {
      const mail = await renderer.render(row);
      expect(mail.text).not.toContain('See all your requests');
      expect(mail.html).not.toContain('/account/sign-in');
    }
  });
});
