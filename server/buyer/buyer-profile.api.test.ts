import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_MESSAGES, buyerProfileSchema } from '../../contract/schemas/buyer';
import { ORDER_MESSAGES } from '../../sdk/order-rules';
import { RFQ_MESSAGES } from '../../sdk/rules';
import { signInBuyer } from '../test/buyers';
import { addressPerCall, startTestServerForFile, validRfq } from '../test/harness';

let now = Date.parse('2026-12-07T08:00:00.000Z');
const server = startTestServerForFile({ TRUST_PROXY: '1', RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
const origin = 'http://procura.test';
const client = addressPerCall();
const db = () => server.database.db;

async function signIn(email: string) {
  now += 61 * 60_000;
  expect((await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email }), headers: client() })).status).toBe(201);
  return signInBuyer(server, email, client);
}

const get = (cookie: string | null) => server.request('GET', '/api/buyer/profile', { headers: cookie ? { cookie } : {} });
const put = (cookie: string | null, body: unknown, headers: Record<string, string> = { origin }) =>
  server.request('PUT', '/api/buyer/profile', { body, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

const DETAILS = {
  companyName: 'Umhlanga Guest House',
  contactName: 'Lerato Dube',
  phone: '082 123 4567',
  vatNumber: '4123 456 789',
  addresses: [
    { label: 'Main house', deliveryAddress: '12 Lagoon Drive, Umhlanga', city: 'Durban' },
    { label: 'Cottage', deliveryAddress: '3 Ridge Road, Umhlanga', city: 'Durban' },
  ],
  defaultPurchaseOrderPrefix: 'UGH-',
};

beforeAll(async () => {});

describe('GET and PUT /api/buyer/profile', () => {
  it('are refused signed out (401), and a change from another origin (403)', async () => {
    expect((await get(null)).status).toBe(401);
    expect((await put(null, DETAILS)).status).toBe(401);
    const cookie = await signIn('guard@example.co.za');
    expect((await put(cookie, DETAILS, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('answer nothing saved at first, then the details as stored, the phone in +27 form, per account address', async () => {
    const cookie = await signIn('lerato@example.co.za');
    expect((await get(cookie)).json).toEqual({
      companyName: null,
      contactName: null,
      phone: null,
      vatNumber: null,
      addresses: [],
      defaultPurchaseOrderPrefix: null,
    });
    const saved = await put(cookie, DETAILS);
    expect(saved.status).toBe(200);
    const expected = { ...DETAILS, phone: '+27 82 123 4567', vatNumber: '4123456789' };
    expect(buyerProfileSchema.parse(saved.json)).toEqual(expected);
    expect((await get(cookie)).json).toEqual(expected);
    // Another address's account has its own, still empty.
    const other = await signIn('other.guest@example.co.za');
    expect(buyerProfileSchema.parse((await get(other)).json).addresses).toEqual([]);
    // A second save replaces the first; blank fields are none.
    const cleared = await put(cookie, { ...DETAILS, phone: '', vatNumber: '', addresses: [DETAILS.addresses[1]] });
    expect(cleared.json).toEqual({ ...DETAILS, phone: null, vatNumber: null, addresses: [DETAILS.addresses[1]] });
    expect(await db().selectFrom('buyer_profiles').select('buyer_account_id').execute()).toHaveLength(1);
  });

  it("refuse bad fields with the request form's and the accept dialog's messages", async () => {
    const cookie = await signIn('fields@example.co.za');
    const res = await put(cookie, {
      ...DETAILS,
      phone: '123',
      vatNumber: '5123456789',
      addresses: [{ label: '', deliveryAddress: 'x', city: 'D' }],
      defaultPurchaseOrderPrefix: 'P'.repeat(21),
    });
    expect(res.status).toBe(400);
    expect((res.json as { error: { details: { fields: Record<string, string> } } }).error.details.fields).toEqual({
      phone: ORDER_MESSAGES.phone,
      vatNumber: ORDER_MESSAGES.vatNumber,
      'addresses.0.label': BUYER_MESSAGES.addressLabel,
      'addresses.0.deliveryAddress': ORDER_MESSAGES.deliveryAddress,
      'addresses.0.city': RFQ_MESSAGES.deliveryLocation,
      defaultPurchaseOrderPrefix: BUYER_MESSAGES.purchaseOrderPrefix,
    });
    const many = await put(cookie, { addresses: Array.from({ length: 11 }, () => DETAILS.addresses[0]) });
    expect((many.json as { error: { details: { fields: Record<string, string> } } }).error.details.fields).toEqual({ addresses: BUYER_MESSAGES.addresses });
  });
});
