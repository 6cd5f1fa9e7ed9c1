// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { johannesburgToday } from '../../../sdk/format';
import { SUPPLIER_RESPONSE_MESSAGES } from '../../../sdk/rules';
import type { SupplierResponse } from '../../../sdk/schemas/supplier-responses';
import { setupApiMock } from '../../../widget/test/api-mock';
import SupplierResponsePage from './SupplierResponsePage';

const api = setupApiMock();

const TOKEN = 'sr_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';

function order(overrides: Partial<SupplierResponse> = {}): SupplierResponse {
  return {
    status: 'accepted',
    quoteReference: 'Q-482915736401928374-2',
    purchaseOrderNumber: 'PO-2026-000007',
    supplierName: 'Berea Supplies',
    acceptedAt: '2026-11-22T11:31:00.000Z',
    respondedAt: null,
    withdrawalReason: null,
    deliveredOn: null,
    buyer: {
      email: 'thandi@clinic.example.co.za',
      contactName: 'Thandi Mokoena',
      companyName: 'Umoya Clinic',
      companySize: '250+',
      deliveryAddress: 'Umoya Clinic, Block B\n14 Chartwell Drive\nUmhlanga, 4319',
      phone: '+27 31 555 0142',
      purchaseOrderReference: 'PO-2291',
      vatNumber: null,
    },
    order: {
      productName: 'Hand Sanitizer 70% Alcohol',
      productDescription: 'For the wards and the entrance',
      quantity: 200,
      unit: 'litres',
      deliveryLocation: 'Durban, KwaZulu-Natal',
      currency: 'ZAR',
      unitPrice: 23,
      totalPrice: 4600,
      vatAmount: 690,
      totalPriceInclVat: 5290,
      leadTime: '3-5 business days',
      paymentTerms: 'Cash on delivery',
      validUntil: '2026-12-22',
    },
    ...overrides,
  };
}

function serve(read: SupplierResponse, actions: Partial<Record<'confirm' | 'withdraw' | 'delivered', (body: unknown) => Response>> = {}) {
  const bodies: unknown[] = [];
  api.server.use(http.get('*/api/supplier-responses/:token', () => HttpResponse.json(read)));
  for (const [name, answer] of Object.entries(actions)) {
    api.server.use(
      http.post(`*/api/supplier-responses/:token/${name}`, async ({ request }) => {
        const body = request.headers.get('content-type')?.includes('json') ? await request.json() : null;
        bodies.push(body);
        return answer(body);
      }),
    );
  }
  return bodies;
}

const page = async () => {
  render(<SupplierResponsePage params={{ token: TOKEN }} />);
  await screen.findByRole('heading', { level: 1, name: 'Order: Hand Sanitizer 70% Alcohol' });
};
const facts = (heading: string) => {
  const list = screen.getByRole('heading', { name: heading }).closest('section')!.querySelector('dl')!;
  return Object.fromEntries([...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
};

describe("the supplier's response page", () => {
  it('shows the order, where to deliver it and the buyer to contact', async () => {
    serve(order());
    await page();
    expect(facts('The order')).toEqual({
      Product: 'Hand Sanitizer 70% Alcohol',
      Description: 'For the wards and the entrance',
      Quantity: '200 litres',
      'Purchase order': 'PO-2026-000007 (name it on your tax invoice)',
      'Buyer’s reference': 'PO-2291',
      'Delivery address': 'Umoya Clinic, Block B\n14 Chartwell Drive\nUmhlanga, 4319',
      'Deliver to': 'Durban, KwaZulu-Natal',
      'Unit price': 'R23.00 excl. VAT',
      'Total excl. VAT': 'R4,600.00',
      VAT: 'R690.00',
      'Total incl. VAT': 'R5,290.00',
      'Lead time': '3-5 business days',
      'Payment terms': 'Cash on delivery',
      'Quote valid until': '22 December 2026',
    });
    expect(facts('The buyer')).toEqual({
      'E-mail': 'thandi@clinic.example.co.za',
      Phone: '+27 31 555 0142',
      Name: 'Thandi Mokoena',
      Company: 'Umoya Clinic',
      'VAT number': 'Not given',
      'Company size': '250+ employees',
    });
    expect(screen.getByRole('link', { name: 'thandi@clinic.example.co.za' }).getAttribute('href')).toBe('mailto:thandi@clinic.example.co.za');
    expect(screen.getByRole('link', { name: '+27 31 555 0142' }).getAttribute('href')).toBe('tel:+27315550142');
  });

  it('confirms the order and says the buyer was told', async () => {
    const user = userEvent.setup();
    serve(order(), { confirm: () => HttpResponse.json(order({ status: 'confirmed', respondedAt: '2026-11-22T12:00:00.000Z' })) });
    await page();
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Order confirmed. We told the buyer. Contact them to arrange delivery at thandi@clinic.example.co.za or +27 31 555 0142.',
    );
    expect(api.requests).toEqual([`GET /api/supplier-responses/${TOKEN}`, `POST /api/supplier-responses/${TOKEN}/confirm`]);
    expect(screen.queryByRole('button', { name: /Confirm order|Withdraw/ })).toBeNull();
    expect(screen.getByText('Status:').textContent).toBe('Status: Confirmed by supplier');
  });

  it("withdraws only with a reason of 5 to 1000 characters, in the rule's own words", async () => {
    const user = userEvent.setup();
    const bodies = serve(order(), {
      withdraw: () =>
        HttpResponse.json(order({ status: 'withdrawn', respondedAt: '2026-11-22T12:00:00.000Z', withdrawalReason: 'Out of stock until January' })),
    });
    await page();
    await user.click(screen.getByRole('button', { name: 'Withdraw from this order' }));
    expect(screen.getByRole('alert').textContent).toBe(SUPPLIER_RESPONSE_MESSAGES.reason);
    const reason = screen.getByRole('textbox', { name: /Reason for withdrawing/ });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    await user.type(reason, 'Gone');
    await user.click(screen.getByRole('button', { name: 'Withdraw from this order' }));
    expect(screen.getByRole('alert').textContent).toBe(SUPPLIER_RESPONSE_MESSAGES.reason);
    expect(api.requests).toEqual([`GET /api/supplier-responses/${TOKEN}`]);

    await user.clear(reason);
    await user.type(reason, '  Out of stock until January ');
    await user.click(screen.getByRole('button', { name: 'Withdraw from this order' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You withdrew from this order. Your reason: “Out of stock until January”. We told the buyer, who may accept another quote.',
    );
    expect(bodies).toEqual([{ reason: 'Out of stock until January' }]);
  });

  it('says an order answered before is answered, and offers no second answer', async () => {
    serve(order({ status: 'confirmed', respondedAt: '2026-11-23T08:00:00.000Z' }));
    await page();
    expect(screen.getByText(/You confirmed this order/).closest('p')!.textContent).toBe(
      'You confirmed this order on 23 November 2026. We told the buyer. Contact them to arrange delivery at thandi@clinic.example.co.za or +27 31 555 0142.',
    );
    expect(screen.queryByRole('button', { name: /Confirm order|Withdraw/ })).toBeNull();
  });

  it("shows a refusal in the server's own words", async () => {
    const user = userEvent.setup();
    serve(order(), { confirm: () => HttpResponse.json({ error: { code: 'already_answered', message: 'You already withdrew this order.' } }, { status: 409 }) });
    await page();
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already withdrew this order.');
  });

  it("says the link is not found, in the server's words, and sends nothing for a token without sr_", async () => {
    api.server.use(
      http.get('*/api/supplier-responses/:token', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Response link not found' } }, { status: 404 }),
      ),
    );
    render(<SupplierResponsePage params={{ token: TOKEN }} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Response Link Not Found')).toBeTruthy();
    expect(within(alert).getByText('404: Response link not found')).toBeTruthy();
    cleanup();
    api.requests.length = 0;

    render(<SupplierResponsePage params={{ token: 'qt_1_abc' }} />);
    expect(within(screen.getByRole('alert')).getByText('Invalid response link')).toBeTruthy();
    // A page with a real link after it asks once; a request from the first page would come before it.
    cleanup();
    render(<SupplierResponsePage params={{ token: TOKEN }} />);
    await waitFor(() => expect(api.requests).toEqual([`GET /api/supplier-responses/${TOKEN}`]));
  });

  it('says when the buyer’s contact was deleted, keeping the company size', async () => {
    serve(
      order({
        buyer: {
          email: null,
          contactName: null,
          companyName: null,
          companySize: '101-250',
          deliveryAddress: null,
          phone: null,
          purchaseOrderReference: null,
          vatNumber: null,
        },
      }),
    );
    await page();
    const buyer = screen.getByRole('heading', { name: 'The buyer' }).closest('section')!;
    expect(within(buyer).getByText(/contact details were deleted/).textContent).toBe(
      'The buyer’s contact details were deleted: Procura keeps them at most 72 hours after a request ends. Use the e-mail that brought you this link.',
    );
    expect(facts('The buyer')).toEqual({ 'Company size': '101-250 employees' });
    expect(Object.keys(facts('The order'))).not.toContain('Delivery address');
    expect(Object.keys(facts('The order'))).not.toContain('Buyer’s reference');
  });

  it('offers Mark delivered for a confirmed order, today in Johannesburg by default, and says the day once marked', async () => {
    const user = userEvent.setup();
    const confirmed = { status: 'confirmed' as const, respondedAt: '2026-11-22T12:00:00.000Z' };
    const bodies = serve(order(confirmed), { delivered: () => HttpResponse.json(order({ ...confirmed, deliveredOn: '2026-11-25' })) });
    await page();
    const section = screen.getByRole('heading', { name: 'Delivery' }).closest('section')!;
    const form = within(section).getByRole('form', { name: 'Mark PO-2026-000007 delivered' });
    const day = within(form).getByLabelText('Delivered on') as HTMLInputElement;
    expect(day.value).toBe(johannesburgToday());
    await user.clear(day);
    await user.type(day, '2026-11-25');
    await user.click(within(form).getByRole('button', { name: 'Mark delivered PO-2026-000007' }));
    expect((await within(section).findByText(/^You marked PO-2026-000007 delivered/)).textContent).toBe(
      'You marked PO-2026-000007 delivered on 25 November 2026. We asked the buyer to confirm receipt.',
    );
    expect(within(section).queryByRole('form')).toBeNull();
    expect(bodies).toEqual([{ deliveredOn: '2026-11-25', purchaseOrderNumber: 'PO-2026-000007' }]);
    expect(api.requests).toEqual([`GET /api/supplier-responses/${TOKEN}`, `POST /api/supplier-responses/${TOKEN}/delivered`]);
  });

  it('shows the API’s message beside the day, and refuses a day after today before sending', async () => {
    const user = userEvent.setup();
    const message = 'Enter the day it was delivered, not before the order was placed (22 November 2026)';
    const bodies = serve(order({ status: 'confirmed', respondedAt: '2026-11-22T12:00:00.000Z' }), {
      delivered: () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { deliveredOn: message } } } },
          { status: 400 },
        ),
    });
    await page();
    const form = screen.getByRole('form', { name: 'Mark PO-2026-000007 delivered' });
    const day = within(form).getByLabelText('Delivered on');
    await user.clear(day);
    await user.type(day, '2099-01-01');
    await user.click(within(form).getByRole('button', { name: /Mark delivered/ }));
    expect(document.getElementById(day.getAttribute('aria-describedby')!)!.textContent).toBe('Enter the day it was delivered, not after today');
    expect(bodies).toEqual([]);
    await user.clear(day);
    await user.type(day, '2026-11-20');
    await user.click(within(form).getByRole('button', { name: /Mark delivered/ }));
    await within(form).findByText(message);
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(day.getAttribute('aria-describedby')!)!.textContent).toBe(message);
  });

  it('offers no Mark delivered before the order is confirmed', async () => {
    serve(order());
    await page();
    expect(screen.queryByRole('heading', { name: 'Delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark delivered/ })).toBeNull();
  });
});
