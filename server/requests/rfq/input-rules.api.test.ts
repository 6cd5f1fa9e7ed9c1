import { describe, expect, it } from 'vitest';
import { rfqSubmitResponseSchema } from '../../../sdk/schemas/rfq';
import { refusedFields, startTestServerForFile, validOrder, validRfq } from '../../test/harness';
import { signInStaff } from '../../test/staff';

// The text rule and the reading of numbers, as a buyer's request and acceptance meet them.
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' });

const submit = (overrides: Record<string, unknown> = {}) => server.request('POST', '/api/rfq', { body: validRfq(overrides) });

describe('text a buyer types', () => {
  it('refuses a purchase-order reference with a line break and an override when accepting, and stores nothing of it', async () => {
    const rfq = rfqSubmitResponseSchema.parse((await submit()).json);
    const token = rfq.quotes[0]!.trackingToken!;
    const res = await server.request('POST', `/api/quotes/track/${token}/accept`, { body: validOrder({ purchaseOrderReference: 'PO\u202e1\r\nX-Evil: 1' }) });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({
      code: 'validation_error',
      message: 'Request validation failed',
      details: { fields: { purchaseOrderReference: 'Purchase order reference must not contain control characters or line breaks' } },
    });
    const stored = await server.database.db.selectFrom('quotes').select('status').where('rfq_id', '=', rfq.rfqId).execute();
    expect(stored.every((q) => q.status === 'offered')).toBe(true);

    const accepted = await server.request('POST', `/api/quotes/track/${token}/accept`, {
      body: validOrder({ purchaseOrderReference: 'PO-1042', deliveryAddress: 'Unit 4, Bellville Park\r\nDurbanville, 7550' }),
    });
    expect(accepted.status).toBe(200);
  });

  it('refuses a request whose one-line fields carry a control character, each named, and takes paragraphs in the description', async () => {
    const res = await submit({
      productName: 'Bleach\u0000 5L',
      deliveryLocation: 'Durban\u2066',
      companyName: 'Acme\r\nX-Evil: 1',
      productDescription: 'Thick bleach\u202e for the ablution blocks',
    });
    expect(refusedFields(res)).toEqual({
      productName: 'Product name must not contain control characters or line breaks',
      productDescription: 'Description must not contain control characters',
      deliveryLocation: 'Delivery location must not contain control characters or line breaks',
      companyName: 'Company name must not contain control characters or line breaks',
    });
    const paragraphs = await submit({ productDescription: 'Refill for the wall dispensers.\r\n\r\nThree office buildings.' });
    expect(paragraphs.status).toBe(201);
  });
});

describe('numbers a buyer types', () => {
  it("reads a quantity of hexadecimal, an exponent or Infinity as no number, with the spec's message", async () => {
    for (const quantity of ['0x10', '1e3', 'Infinity', '+16']) {
      const res = await submit({ quantity });
      expect(res.status, quantity).toBe(400);
      expect(res.json.error.details.fields, quantity).toEqual({ quantity: 'Quantity must be at least 1' });
    }
    const widget = await server.request('POST', '/api/embed/rfq', {
      body: { productName: 'Mop', productDescription: 'Floor mops for the wards', quantity: '0x10', location: 'Durban', contactEmail: 'ops@example.co.za' },
    });
    expect(refusedFields(widget)).toEqual({ quantity: 'Quantity required' });
  });

  it('quotes "1,000" and "1 000" for a thousand, as a South African buyer means it', async () => {
    for (const quantity of ['1,000', '1 000', '1\u00a0000']) {
      const res = await submit({ quantity });
      expect(res.status, quantity).toBe(201);
      const rfq = rfqSubmitResponseSchema.parse(res.json);
      expect(rfq.quantity).toBe(1000);
      for (const q of rfq.quotes) {
        expect(q.quantity).toBe(1000);
        expect(Math.round(q.totalPrice * 100)).toBe(Math.round(q.unitPrice * 100) * 1000);
      }
      const stored = await server.database.db.selectFrom('rfqs').select('quantity').where('id', '=', rfq.rfqId).executeTakeFirstOrThrow();
      expect(stored.quantity).toBe(1000);
    }
  });

  it('reads numbers in a query string as decimal digits alone', async () => {
    const hex = await server.request('GET', '/api/catalogue/preview?productName=Bleach&quantity=0x10&deliveryLocation=Durban');
    expect(refusedFields(hex)).toEqual({ quantity: 'Quantity must be a number' });
    const thousand = await server.request('GET', '/api/catalogue/preview?productName=Bleach&quantity=1%2C000&deliveryLocation=Durban');
    expect(thousand.status).toBe(200);
    const popular = await server.request('GET', '/api/catalogue/popular?limit=1e1');
    expect(refusedFields(popular)).toEqual({ limit: 'limit must be a number from 1 to 50' });
    const { headers } = await signInStaff(server, { role: 'admin' });
    const page = await server.request('GET', '/api/admin/suppliers?page=0x1&pageSize=1e1', { headers });
    expect(refusedFields(page)).toEqual({ page: 'page must be a whole number from 1', pageSize: 'pageSize must be a whole number from 1 to 100' });
    const listed = await server.request('GET', '/api/admin/suppliers?page=1&pageSize=1%20', { headers });
    expect(listed.json.pageSize).toBe(1);
  });
});
