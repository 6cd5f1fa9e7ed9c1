import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, supplierApplicationListSchema } from '../../contract/schemas/supplier-applications';
import { MessageRenderer } from '../mail-sender/renderer';
import { sweep } from '../retention';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../test/harness';
import { signInStaff } from '../test/staff';

const DAY = 24 * 3600_000;
let now = Date.parse('2026-12-08T08:00:00.000Z');
let database: TestDatabase;
let server: TestServer;
const origin = 'http://procura.test';
let clientNo = 0;
const client = () => ({ 'x-forwarded-for': `203.0.113.${++clientNo}` });
const db = () => server.database.db;
let mailboxNo = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ TRUST_PROXY: '1' }, { database, clock: () => now });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const valid = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Limpopo Clean Supplies (Pty) Ltd',
  registrationNumber: `2015/${String(100000 + ++mailboxNo)}/07`,
  contactName: 'Lerato Mokoena',
  email: `lerato${mailboxNo}@limpopoclean.example`,
  phone: '015 555 0100',
  city: 'Polokwane',
  categories: ['cleaning-supplies'],
  acceptTerms: true,
  ...overrides,
});

const apply = (body: unknown, headers: Record<string, string> = client()) =>
  server.request('POST', '/api/supplier-applications', { body, headers: { origin, ...headers } });
const verify = (token: string) => server.request('POST', '/api/supplier-applications/verify', { body: { token }, headers: { origin, ...client() } });

async function mailTo(email: string, kind = 'supplier-application') {
  const row = await db()
    .selectFrom('outbox')
    .select(['kind', 'payload'])
    .where('recipient', '=', email)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row;
}
const tokenOf = async (email: string) => (JSON.parse((await mailTo(email))!.payload) as { token: string }).token;
const render = async (row: { kind: string; payload: string }) =>
  new MessageRenderer(db(), server.app.deps.outbox.settings, server.app.deps.market, () => now).render(row);

/** Applies and opens the e-mailed link; answers the application's id. */
async function applyAndVerify(body: Record<string, unknown>): Promise<number> {
  const res = await apply(body);
  expect(res.status, res.text).toBe(202);
  const verified = await verify(await tokenOf(body.email as string));
  expect(verified.status, verified.text).toBe(200);
  return (
    await db()
      .selectFrom('supplier_applications')
      .select('id')
      .where('email', '=', body.email as string)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('applying', () => {
  it('answers 202 and e-mails a 24-hour link to /suppliers/join that carries nothing typed but the escaped company name', async () => {
    const body = valid({ companyName: '<b>Limpopo</b> & Sons', tradingName: 'Visit evil.example now', contactName: 'Click http://evil.example' });
    const res = await apply(body);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ message: APPLICATION_MESSAGES.checkEmail });
    const stored = await db().selectFrom('supplier_applications').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'unverified', phone: '+27 15 555 0100', city_id: 'polokwane', categories: '["cleaning-supplies"]' });
    const token = await tokenOf(body.email);
    expect(token).toMatch(/^ap_[\w-]{40,}$/);
    const link = await db().selectFrom('sign_in_links').selectAll().where('kind', '=', 'applicant').where('owner_id', '=', stored.id).executeTakeFirstOrThrow();
    expect(link.token_hash).not.toContain(token);
    expect(Date.parse(link.expires_at) - now).toBe(DAY);
    const email = await render((await mailTo(body.email))!);
    expect(email.text).toContain(`http://procura.test/suppliers/join#${token}`);
    expect(email.html).toContain('&lt;b&gt;Limpopo&lt;/b&gt; &amp; Sons');
    expect(email.html).not.toContain('<b>Limpopo');
    for (const typed of ['evil.example', 'Lerato', '015 555', 'Visit']) {
      expect(email.text).not.toContain(typed);
      expect(email.html).not.toContain(typed);
    }
  });

  it.each([
    ['companyName', { companyName: 'A' }, APPLICATION_MESSAGES.companyName],
    ['tradingName', { tradingName: 'T'.repeat(101) }, APPLICATION_MESSAGES.tradingName],
    ['registrationNumber', { registrationNumber: '2015-123456-07' }, APPLICATION_MESSAGES.registrationNumber],
    ['registrationNumber', { registrationNumber: '2027/123456/07' }, APPLICATION_MESSAGES.registrationYear(2026)],
    ['vatNumber', { vatNumber: '5123456789' }, APPLICATION_MESSAGES.vatNumber],
    ['bbeeLevel', { bbeeLevel: 9 }, APPLICATION_MESSAGES.bbeeLevel],
    ['bbeeExpiresOn', { bbeeLevel: 2 }, APPLICATION_MESSAGES.bbeeExpiresOn],
    ['bbeeExpiresOn', { bbeeLevel: 2, bbeeExpiresOn: '2026-02-30' }, APPLICATION_MESSAGES.bbeeExpiresOn],
    ['bbeeExpiresOn', { bbeeLevel: 2, bbeeExpiresOn: '2026-12-07' }, APPLICATION_MESSAGES.bbeeExpired],
    ['bbeeExpiresOn', { bbeeLevel: 'non-compliant', bbeeExpiresOn: '2027-03-31' }, APPLICATION_MESSAGES.bbeeExpiryWithoutLevel],
    ['contactName', { contactName: ' ' }, APPLICATION_MESSAGES.contactName],
    ['email', { email: 'lerato@' }, APPLICATION_MESSAGES.email],
    ['phone', { phone: '+44 20 7946 0958' }, APPLICATION_MESSAGES.phone],
    ['city', { city: 'Atlantis' }, APPLICATION_MESSAGES.cityUnknown([])],
    ['city', { city: 'Polokwan' }, APPLICATION_MESSAGES.cityUnknown(['Polokwane, Limpopo'])],
    ['categories', { categories: [] }, APPLICATION_MESSAGES.categories],
    ['categories', { categories: ['spaceships'] }, APPLICATION_MESSAGES.categoryUnknown],
    ['website', { website: 'not a site' }, APPLICATION_MESSAGES.website],
    ['acceptTerms', { acceptTerms: false }, APPLICATION_MESSAGES.acceptTerms],
  ])('refuses a bad %s with its own message (%j)', async (field, overrides, message) => {
    const body = valid(overrides);
    const res = await apply(body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_error');
    expect(res.json.error.details.fields).toEqual({ [field]: message });
    expect(await mailTo(body.email as string)).toBeUndefined();
  });

  it('takes a registration number from 1900 to this year by the clock, a level with its expiry, and non-compliant alone', async () => {
    for (const overrides of [
      { registrationNumber: '1900/000001/06' },
      { registrationNumber: '2026/654321/07', bbeeLevel: 1, bbeeExpiresOn: '2027-03-31', vatNumber: '4123 456 789', website: 'limpopoclean.example' },
      { bbeeLevel: 'non-compliant' },
    ]) {
      expect((await apply(valid(overrides))).status).toBe(202);
    }
    expect((await apply(valid({ registrationNumber: '1899/000001/06' }))).json.error.details.fields).toEqual({
      registrationNumber: APPLICATION_MESSAGES.registrationYear(2026),
    });
  });

  it('takes 3 applications a day from one mailbox, however it is spelt, and 10 an hour from one client', async () => {
    const spellings = ['naledi@gmail.com', 'Naledi+join@gmail.com', 'na.ledi@gmail.com', 'n.aledi+2@GMAIL.com'];
    const answers = [];
    for (const email of spellings) answers.push((await apply(valid({ email }))).status);
    expect(answers).toEqual([202, 202, 202, 429]);
    const refused = await apply(valid({ email: 'naledi@gmail.com' }));
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: APPLICATION_MESSAGES.tooMany });
    now += DAY;
    expect((await apply(valid({ email: 'naledi@gmail.com' }))).status).toBe(202);

    const one = client();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await apply(valid(), one)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
  });
});

describe('verifying', () => {
  it('sends the application to staff once; the link works once only', async () => {
    const body = valid();
    expect((await apply(body)).status).toBe(202);
    const token = await tokenOf(body.email);
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ message: APPLICATION_MESSAGES.verified });
    const second = await verify(token);
    expect(second.status).toBe(400);
    expect(second.json.error).toMatchObject({ code: 'invalid_token', message: APPLICATION_MESSAGES.linkInvalid });
    expect(await db().selectFrom('supplier_applications').select('status').where('email', '=', body.email).executeTakeFirstOrThrow()).toEqual({
      status: 'pending',
    });
  });

  it('refuses a link after 24 hours, and the sweep deletes an application unverified for a week', async () => {
    const body = valid();
    expect((await apply(body)).status).toBe(202);
    const token = await tokenOf(body.email);
    now += DAY + 1;
    expect((await verify(token)).status).toBe(400);
    now += 6 * DAY;
    await sweep(server.database, server.app.deps.outbox, new Date(now));
    expect(await db().selectFrom('supplier_applications').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });
});

describe('claims', () => {
  async function supplierWith(set: { registration_number?: string; vat_number?: string; email?: string }) {
    const s = await db()
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .orderBy('id', 'desc')
      .offset(3 + ++mailboxNo)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db().updateTable('suppliers').set(set).where('id', '=', s.id).execute();
    return s;
  }
  const claimOf = async (id: number) =>
    await db().selectFrom('supplier_applications').select(['claim_supplier_id', 'claim_reason']).where('id', '=', id).executeTakeFirstOrThrow();

  it('claims a supplier by its registration number, its VAT number or its website domain', async () => {
    const byReg = await supplierWith({ registration_number: '2011/222333/07' });
    const byVat = await supplierWith({ vat_number: '4999888777' });
    const byDomain = await supplierWith({ email: 'orders@mopandi-hygiene.example' });
    expect(await claimOf(await applyAndVerify(valid({ registrationNumber: '2011/222333/07' })))).toEqual({
      claim_supplier_id: byReg.id,
      claim_reason: 'registrationNumber',
    });
    expect(await claimOf(await applyAndVerify(valid({ vatNumber: '4999888777' })))).toEqual({ claim_supplier_id: byVat.id, claim_reason: 'vatNumber' });
    expect(await claimOf(await applyAndVerify(valid({ website: 'https://www.mopandi-hygiene.example/about' })))).toEqual({
      claim_supplier_id: byDomain.id,
      claim_reason: 'websiteDomain',
    });
  });

  it("claims nobody by a public mail or hosting provider's domain", async () => {
    await supplierWith({ email: 'cleanco.durban@gmail.com' });
    expect(await claimOf(await applyAndVerify(valid({ website: 'https://gmail.com' })))).toEqual({ claim_supplier_id: null, claim_reason: null });
    expect(await claimOf(await applyAndVerify(valid({ website: 'cleanco.wixsite.com/shop' })))).toEqual({ claim_supplier_id: null, claim_reason: null });
  });

  it('refuses an application for a supplier whose people sign in already, naming the way in', async () => {
    const s = await supplierWith({ registration_number: '2012/444555/07' });
    await db()
      .insertInto('supplier_users')
      .values({
        supplier_id: s.id,
        email: 'owner@taken.example',
        name: 'Owner',
        created_at: new Date(now).toISOString(),
        disabled_at: null,
        last_sign_in_at: null,
      })
      .execute();
    const res = await apply(valid({ registrationNumber: '2012/444555/07' }));
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({ code: 'supplier_has_users', message: APPLICATION_MESSAGES.hasUsers(s.name) });
  });
});

describe('staff decide', () => {
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    admin = await signInStaff(server);
  });
  const list = async (status: string) => {
    const res = await server.request('GET', `/api/admin/supplier-applications?status=${status}`, { headers: admin.headers });
    expect(res.status).toBe(200);
    return supplierApplicationListSchema.parse(res.json).applications;
  };
  const audit = () => db().selectFrom('staff_audit').select(['action', 'detail']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('approves a new supplier: created, the applicant its first person with a sign-in link, audited', async () => {
    const body = valid({ vatNumber: '4111222333', bbeeLevel: 2, bbeeExpiresOn: '2027-06-30', tradingName: 'LimpoClean' });
    const id = await applyAndVerify(body);
    const pending = (await list('pending')).find((a) => a.id === id)!;
    expect(pending).toMatchObject({
      companyName: body.companyName,
      city: 'Polokwane, Limpopo',
      categories: ['Cleaning Supplies'],
      bbeeLevel: 2,
      claimOf: null,
    });
    const res = await server.request('POST', `/api/admin/supplier-applications/${id}/approve`, { headers: admin.headers });
    expect(res.status, res.text).toBe(200);
    const { supplierId } = res.json as { supplierId: number };
    const supplier = await db().selectFrom('suppliers').selectAll().where('id', '=', supplierId).executeTakeFirstOrThrow();
    expect(supplier).toMatchObject({
      name: 'LimpoClean',
      email: body.email,
      vat_number: '4111222333',
      bbee_level: 2,
      bbee_evidence: 'certificate',
      home_city_id: 'polokwane',
      verified: 0,
    });
    const user = await db().selectFrom('supplier_users').select(['supplier_id', 'name']).where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(user).toEqual({ supplier_id: supplierId, name: 'Lerato Mokoena' });
    const mail = await render((await mailTo(body.email, 'supplier-sign-in'))!);
    expect(mail.text).toContain('http://procura.test/supplier/sign-in#sl_');
    expect(await audit()).toEqual({ action: 'supplier-applications.approve', detail: `supplier ${supplierId}: application ${id} approved, added` });
    expect((await list('approved')).find((a) => a.id === id)).toMatchObject({ supplierId, status: 'approved' });
    const again = await server.request('POST', `/api/admin/supplier-applications/${id}/approve`, { headers: admin.headers });
    expect(again.json.error).toEqual({ code: 'application_decided', message: APPLICATION_MESSAGES.decided });
  });

  it("approves a claim: the applicant joins the supplier that exists, which takes the application's paperwork", async () => {
    const before = await db().selectFrom('suppliers').select('id').orderBy('id').limit(1).offset(1).executeTakeFirstOrThrow();
    await db().updateTable('suppliers').set({ registration_number: '2009/111222/07' }).where('id', '=', before.id).execute();
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('suppliers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const suppliers = await count();
    const id = await applyAndVerify(valid({ registrationNumber: '2009/111222/07', vatNumber: '4555666777', bbeeLevel: 'non-compliant' }));
    const res = await server.request('POST', `/api/admin/supplier-applications/${id}/approve`, { headers: admin.headers });
    expect(res.json).toEqual({ supplierId: before.id });
    expect(await count()).toBe(suppliers);
    expect(
      await db().selectFrom('suppliers').select(['vat_number', 'bbee_level', 'bbee_evidence']).where('id', '=', before.id).executeTakeFirstOrThrow(),
    ).toEqual({
      vat_number: '4555666777',
      bbee_level: 0,
      bbee_evidence: null,
    });
    expect(await audit()).toEqual({
      action: 'supplier-applications.approve',
      detail: `supplier ${before.id}: application ${id} approved, claimed by its registration number`,
    });
  });

  it('rejects with a reason, e-mailed to the applicant, audited', async () => {
    const body = valid();
    const id = await applyAndVerify(body);
    const reason = 'We could not find this registration number at CIPC.';
    const bad = await server.request('POST', `/api/admin/supplier-applications/${id}/reject`, { body: { reason: '' }, headers: admin.headers });
    expect(bad.json.error.details.fields).toEqual({ reason: APPLICATION_MESSAGES.rejectionReason });
    const res = await server.request('POST', `/api/admin/supplier-applications/${id}/reject`, { body: { reason }, headers: admin.headers });
    expect(res.status).toBe(204);
    const mail = await render((await mailTo(body.email, 'supplier-application-rejected'))!);
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('http://procura.test/suppliers/join');
    expect(await audit()).toEqual({ action: 'supplier-applications.reject', detail: `application ${id} rejected` });
    expect((await list('rejected')).find((a) => a.id === id)).toMatchObject({ rejectionReason: reason });
  });

  it('is for admins only, signed in, from Procura’s own origin', async () => {
    const sales = await signInStaff(server, { role: 'sales' });
    expect((await server.request('GET', '/api/admin/supplier-applications', {})).status).toBe(401);
    expect((await server.request('GET', '/api/admin/supplier-applications', { headers: sales.headers })).status).toBe(403);
    const id = await applyAndVerify(valid());
    const foreign = await server.request('POST', `/api/admin/supplier-applications/${id}/approve`, {
      headers: { ...admin.headers, origin: 'https://evil.example' },
    });
    expect(foreign.json.error.code).toBe('bad_origin');
    expect((await server.request('POST', '/api/admin/supplier-applications/999999/approve', { headers: admin.headers })).status).toBe(404);
  });
});
