// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyData } from '../../../contract/schemas/analytics';
import { setupApiMock } from '../../../widget/test/api-mock';
import MyDataPage from './MyDataPage';

const api = setupApiMock();
afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const TOKEN = `dr_${'a'.repeat(43)}`;
const held: MyData = {
  email: 'thandi@example.co.za',
  expiresAt: '2026-11-24T09:00:00.000Z',
  rfqs: [
    {
      rfqId: '482916305718264093',
      role: 'sender',
      createdAt: '2026-11-24T08:00:00.000Z',
      productName: 'Household Bleach',
      productDescription: 'For the clinic in Umlazi',
      quantity: 40,
      unit: 'litres',
      deliveryLocation: 'Durban',
      budgetRange: null,
      primaryEmail: 'thandi@example.co.za',
      additionalEmails: ['sipho@example.co.za'],
      companyName: 'Umoya Cleaning',
      contactName: 'Thandi Nkosi',
      deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319',
      phone: '+27 82 123 4567',
      purchaseOrderReference: null,
      vatNumber: '4123456789',
      quoteCount: 3,
      purchaseOrders: [
        {
          poNumber: 'PO-2026-000123',
          issuedOn: '2026-11-24',
          cancelledOn: null,
          quoteId: 'Q-1a2b3c',
          supplierName: 'Coastal Hygiene',
          deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319',
          phone: '+27 82 123 4567',
          purchaseOrderReference: null,
          vatNumber: '4123456789',
          totalPrice: 1000,
          vatAmount: 150,
          totalPriceInclVat: 1150,
        },
        {
          poNumber: 'PO-2026-000124',
          issuedOn: '2026-11-25',
          cancelledOn: null,
          quoteId: 'Q-1a2b3d',
          supplierName: 'Berea Supplies',
          deliveryAddress: 'Gate 2, 9 Umgeni Road, Durban, 4001',
          phone: '+27 82 123 4567',
          purchaseOrderReference: 'UC-778',
          vatNumber: null,
          totalPrice: 200,
          vatAmount: 30,
          totalPriceInclVat: 230,
        },
      ],
    },
  ],
  emails: [
    { kind: 'buyer-quotes', about: 'Your quotes for a request', status: 'sent', createdAt: '2026-11-24T08:00:00.000Z', sentAt: '2026-11-24T08:00:02.000Z' },
  ],
};

describe('the data request page', () => {
  it('asks for an address, checks its shape, and shows the one answer', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    api.server.use(
      http.post('*/api/privacy/data-requests', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'Thank you. If that address can receive e-mail from Procura, a link to your data is on its way. It works for one hour.' },
          { status: 202 },
        );
      }),
    );
    render(<MyDataPage />);
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'thandi');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(bodies).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), '@example.co.za');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Check your inboxThank you. If that address can receive e-mail from Procura, a link to your data is on its way. It works for one hour.',
    );
    expect(bodies).toEqual([{ email: 'thandi@example.co.za' }]);
  });

  it('shows what the link holds and deletes it only after a second, explicit click', async () => {
    const user = userEvent.setup();
    const tokens: unknown[] = [];
    api.server.use(
      http.post('*/api/privacy/my-data', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json(held);
      }),
      http.post('*/api/privacy/my-data/delete', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ rfqs: 1, emails: 1 });
      }),
    );
    window.location.hash = `#token=${TOKEN}`;
    render(<MyDataPage />);
    expect(await screen.findByRole('heading', { name: 'Requests (1)' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: /thandi@example\.co\.za, sipho@example\.co\.za, Umoya Cleaning, Thandi Nkosi/ })).toBeTruthy();
    expect(screen.getByRole('cell', { name: /Thandi Nkosi/ }).textContent).toContain(
      '“For the clinic in Umlazi”' +
        'Purchase order PO-2026-000123 to Coastal Hygiene, R1,150.00 incl. VAT, issued 24 November 2026 · Delivery address: 14 Chartwell Drive, Umhlanga, 4319 · Phone: +27 82 123 4567 · VAT number: 4123456789' +
        'Purchase order PO-2026-000124 to Berea Supplies, R230.00 incl. VAT, issued 25 November 2026 · Delivery address: Gate 2, 9 Umgeni Road, Durban, 4001 · Phone: +27 82 123 4567 · Purchase order reference: UC-778',
    );
    expect(screen.getByText('Your quotes for a request, written 24 November 2026, 10:00 (sent)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    expect(tokens).toEqual([{ token: TOKEN }]);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Delete my data' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it all now' }));
    expect((await screen.findByRole('status')).textContent).toContain('1 request no longer holds your address, and 1 e-mail was deleted.');
    expect(tokens).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });

  it('says when a link has expired, and offers a new one', async () => {
    api.server.use(
      http.post('*/api/privacy/my-data', () =>
        HttpResponse.json({ error: { code: 'link_expired', message: 'This link has expired or was already used. Ask for a new one.' } }, { status: 410 }),
      ),
    );
    window.location.hash = `#token=${TOKEN}`;
    render(<MyDataPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This link cannot be used410: This link has expired or was already used. Ask for a new one.');
    expect(screen.getByRole('button', { name: 'E-mail me a link' })).toBeTruthy();
  });
});
