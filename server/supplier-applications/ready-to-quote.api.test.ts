import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSupplierPageSchema } from '../../contract/schemas/admin';
import { adminSupplierScorecardSchema } from '../../contract/schemas/supplier-performance';
import { supplierMeSchema } from '../../contract/schemas/supplier-workspace';
import { rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { addressPerCall, createTestDatabase, startTestServer, validRfq, type TestDatabase, type TestServer } from '../test/harness';
import { withoutSeedHistory } from '../test/market';
import { signInStaff } from '../test/staff';
import { lastSignInLink } from '../test/suppliers';

let database: TestDatabase;
let server: TestServer;
const origin = 'http://procura.test';
const client = addressPerCall();
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  database = await createTestDatabase();
  // Every seeded supplier new, as the applicant is: the best price in its own city ranks first.
  await withoutSeedHistory(database.db);
  server = await startTestServer({ TRUST_PROXY: '1' }, { database });
  admin = await signInStaff(server);
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const email = 'lerato@limpopoclean.example';
const NOT_YET = { inStockItem: false, deliveryArea: false, readyToQuote: false };

/** Applies, verifies and is approved by staff; answers the new supplier's id. */
async function approvedSupplier(): Promise<number> {
  const body = {
    companyName: 'Limpopo Clean Supplies (Pty) Ltd',
    registrationNumber: '2015/123456/07',
    contactName: 'Lerato Mokoena',
    email,
    phone: '015 555 0100',
    city: 'Polokwane',
    categories: ['sanitizers'],
    acceptTerms: true,
  };
  expect((await server.request('POST', '/api/supplier-applications', { body, headers: { origin, ...client() } })).status).toBe(202);
  const mail = await database.db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'supplier-application')
    .where('recipient', '=', email)
    .executeTakeFirstOrThrow();
  const { token } = JSON.parse(mail.payload) as { token: string };
  expect((await server.request('POST', '/api/supplier-applications/verify', { body: { token }, headers: { origin, ...client() } })).status).toBe(200);
  const { id } = await database.db.selectFrom('supplier_applications').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const approved = await server.request('POST', `/api/admin/supplier-applications/${id}/approve`, { headers: admin.headers });
  expect(approved.status, approved.text).toBe(200);
  return (approved.json as { supplierId: number }).supplierId;
}

describe('a new supplier is ready to quote', () => {
  let supplierId: number;
  let headers: Record<string, string>;
  const me = async () => supplierMeSchema.parse((await server.request('GET', '/api/supplier/me', { headers })).json).readiness;
  const staffView = async () => {
    const list = adminSupplierPageSchema.parse((await server.request('GET', '/api/admin/suppliers?q=Limpopo%20Clean', { headers: admin.headers })).json);
    const card = adminSupplierScorecardSchema.parse(
      (await server.request('GET', `/api/admin/suppliers/${supplierId}/scorecard`, { headers: admin.headers })).json,
    );
    expect(card.readiness).toEqual(list.suppliers.find((s) => s.id === supplierId)!.readiness);
    return card.readiness;
  };
  /** The suppliers that quote a buyer's new request for hand sanitizer in Polokwane. */
  const quotedBy = async () => {
    const res = await server.request('POST', '/api/rfq', { body: validRfq({ deliveryLocation: 'Polokwane', quantity: 20 }), headers: client() });
    expect(res.status, res.text).toBe(201);
    return rfqSubmitResponseSchema.parse(res.json).quotes.map((q) => q.supplier.name);
  };

  beforeAll(async () => {
    supplierId = await approvedSupplier();
    const token = await lastSignInLink(server, email);
    const session = await server.request('POST', '/api/supplier/session', { body: { token }, headers: { origin, ...client() } });
    expect(session.status, session.text).toBe(200);
    // The answer to the e-mailed link opens the workspace on its checklist.
    expect(supplierMeSchema.parse(session.json).readiness).toEqual(NOT_YET);
    headers = { cookie: session.headers.get('set-cookie')!.split(';')[0]!, origin };
  });

  it('is not quoted, nor shown ready, until it has an in-stock price-list item and a delivery area, and is quoted after', async () => {
    expect(await me()).toEqual(NOT_YET);
    expect(await staffView()).toEqual(NOT_YET);
    expect(await quotedBy()).not.toContain('Limpopo Clean Supplies (Pty) Ltd');

    // A product listed out of stock gives it the category's terms, but nothing it can quote today.
    const added = await server.request('POST', '/api/supplier/offers', {
      body: { catalogueItemId: 'hand-sanitizer-70', unitPrice: 30, inStock: false },
      headers,
    });
    expect(added.status, added.text).toBe(201);
    const coverage = await server.request('PUT', '/api/supplier/coverage', { body: { areas: [{ scope: 'city', area: 'polokwane', leadDays: 1 }] }, headers });
    expect(coverage.status, coverage.text).toBe(200);
    const halfway = { inStockItem: false, deliveryArea: true, readyToQuote: false };
    expect(await me()).toEqual(halfway);
    expect(await staffView()).toEqual(halfway);
    expect(await quotedBy()).not.toContain('Limpopo Clean Supplies (Pty) Ltd');

    const { offerId } = added.json as { offerId: number };
    expect((await server.request('PATCH', `/api/supplier/offers/${offerId}`, { body: { inStock: true }, headers })).status).toBe(200);
    const done = { inStockItem: true, deliveryArea: true, readyToQuote: true };
    expect(await me()).toEqual(done);
    expect(await staffView()).toEqual(done);
    expect(await quotedBy()).toContain('Limpopo Clean Supplies (Pty) Ltd');
  });
});
