import { describe, expect, it } from 'vitest';
import { DEMO_MESSAGES } from '../../contract/schemas/demo-request';
import { MessageRenderer } from '../mail-sender/renderer';
import { refusedFields, startTestServerForFile } from '../test/harness';
import { pick } from '../test/pick';
import { signInStaff } from '../test/staff';

const now = Date.UTC(2026, 10, 24, 10, 0);
const server = startTestServerForFile({ SALES_EMAIL: 'leads@procura.example', DEMO_RATE_LIMIT: '3', TRUST_PROXY: '1' }, { clock: () => now });

const FORM = {
  companyName: 'Berea Clinics',
  contactPerson: 'Ayesha Patel',
  email: 'Ayesha@Berea.example.co.za',
  phone: '031 555 0100',
  monthlySpend: '50k-200k',
  currentSuppliers: 'Two local wholesalers',
  painPoints: 'Prices change every month and deliveries are late',
};
const book = (body: unknown, ip = '203.0.113.1') => server.request('POST', '/api/demo-requests', { body, headers: { 'x-forwarded-for': ip } });

describe('booking a demo', () => {
  it('saves the request as a new prospect from a demo request and e-mails the sales team through the outbox', async () => {
    const res = await book(FORM);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true, demoRequestId: expect.any(Number) });

    const sales = await signInStaff(server, { role: 'sales' });
    const list = await server.request('GET', '/api/staff/prospects', { headers: sales.headers });
    expect(list.json.prospects).toEqual([
      expect.objectContaining({
        company: 'Berea Clinics',
        contact: 'Ayesha Patel',
        email: 'ayesha@berea.example.co.za',
        phone: '031 555 0100',
        tier: 'Tier 2',
        // The stated monthly spend, R50,000 - R200,000, at the middle of its band.
        estimatedValue: 125_000,
        status: 'Not Contacted',
        lastContact: null,
        source: 'demo request',
        owner: null,
        nextAction: 'Reply within 24 hours and book the demo',
        notes:
          'Booked a demo on the website.\nMonthly spend: R50,000 - R200,000.\nCurrent suppliers: Two local wholesalers\nBiggest challenge: Prices change every month and deliveries are late',
      }),
    ]);

    const mail = await server.database.db.selectFrom('outbox').select(['kind', 'recipient', 'payload', 'status']).execute();
    expect(mail).toEqual([
      { kind: 'demo-request', recipient: 'leads@procura.example', payload: JSON.stringify({ demoRequestId: res.json.demoRequestId }), status: 'held' },
    ]);
    const email = await new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market).render(mail[0]!);
    expect(email.subject).toBe('Demo request: Berea Clinics');
    expect(email.headers).toEqual({ 'Reply-To': 'Ayesha@Berea.example.co.za' });
    expect(email.text).toContain('Phone: 031 555 0100');
    expect(email.text).toContain('Monthly spend: R50,000 - R200,000');
    expect(email.text).toContain('http://procura.test/customer-dashboard');

    // Deleting the prospect deletes the request with it.
    const id = list.json.prospects[0].id;
    expect((await server.request('DELETE', `/api/staff/prospects/${id}`, { headers: sales.headers })).status).toBe(204);
    expect(await server.database.db.selectFrom('demo_requests').selectAll().execute()).toEqual([]);
  });

  it('requires company name, name, e-mail and phone, each with its message; the rest is optional', async () => {
    const res = await book({ companyName: ' ', contactPerson: '', email: 'not-mail', phone: '12', monthlySpend: 'lots' }, '203.0.113.2');
    expect(refusedFields(res)).toEqual(pick(DEMO_MESSAGES, 'companyName', 'contactPerson', 'email', 'phone', 'monthlySpend'));
    const missing = await book({}, '203.0.113.2');
    expect(Object.keys(missing.json.error.details.fields).sort()).toEqual(['companyName', 'contactPerson', 'email', 'phone']);
    const minimal = await book(
      { companyName: 'Spar Umlazi', contactPerson: 'Sizwe', email: 'sizwe@spar.example.co.za', phone: '+27 (31) 555-0199', monthlySpend: '' },
      '203.0.113.2',
    );
    expect(minimal.status).toBe(201);
    const values = await server.database.db
      .selectFrom('prospects')
      .select(['company', 'estimated_value_cents'])
      .where('company', 'in', ['Spar Umlazi'])
      .execute();
    expect(values).toEqual([{ company: 'Spar Umlazi', estimated_value_cents: 0 }]);
  });

  it.each([
    ['under-10k', 5_000],
    ['10k-50k', 30_000],
    ['50k-200k', 125_000],
    ['over-200k', 200_000],
  ])('estimates a prospect booking with a monthly spend of %s at R%i', async (monthlySpend, rand) => {
    const companyName = `Spend ${monthlySpend}`;
    expect((await book({ ...FORM, companyName, monthlySpend }, `192.0.2.${rand / 1000}`)).status).toBe(201);
    const row = await server.database.db.selectFrom('prospects').select('estimated_value_cents').where('company', '=', companyName).executeTakeFirstOrThrow();
    expect(row.estimated_value_cents).toBe(rand * 100);
  });

  it('refuses a line break or a bidirectional control in a one-line field, takes paragraphs in the challenge, and prints a stored name on one line', async () => {
    const refused = await book(
      { ...FORM, companyName: 'Berea\r\nBcc: all@example.co.za', phone: '031 555\n0100', painPoints: 'Late\u202e deliveries' },
      '203.0.113.4',
    );
    expect(refusedFields(refused)).toEqual({
      companyName: 'Company name must not contain control characters or line breaks',
      phone: 'Phone must not contain control characters or line breaks',
      painPoints: 'Your biggest procurement challenge must not contain control characters',
    });
    const booked = await book({ ...FORM, painPoints: 'Prices change every month.\nDeliveries are late.' }, '203.0.113.4');
    expect(booked.status).toBe(201);
    // As a row written before the rule, or by a path that skips it, holds it.
    await server.database.db
      .updateTable('demo_requests')
      .set({ company_name: 'Berea\r\nBcc: all@example.co.za\u202e' })
      .where('id', '=', booked.json.demoRequestId)
      .execute();
    const row = await server.database.db
      .selectFrom('outbox')
      .select(['kind', 'payload'])
      .where('payload', '=', JSON.stringify({ demoRequestId: booked.json.demoRequestId }))
      .executeTakeFirstOrThrow();
    const email = await new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market).render(row);
    expect(email.subject).toBe('Demo request: Berea  Bcc: all@example.co.za ');
  });

  it('is limited per client address, counted in the database', async () => {
    const form = { ...FORM, companyName: 'Flood Test' };
    for (let i = 0; i < 3; i++) expect((await book(form, '198.51.100.7')).status).toBe(201);
    const over = await book(form, '198.51.100.7');
    expect([over.status, over.json.error.code, over.headers.get('retry-after')]).toEqual([429, 'rate_limited', '3600']);
    expect(over.json.error.message).toBe('Too many demo requests from your network. Please try again in 3600 seconds.');
    expect((await book(form, '198.51.100.8')).status).toBe(201);
  });
});
