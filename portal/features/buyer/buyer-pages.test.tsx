// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { BUYER_MESSAGES, type BuyerHistory } from '../../../contract/schemas/buyer';
import { setupApiMock, validationFailed } from '../../../widget/test/api-mock';
import AccountPage from './AccountPage';
import BuyerSignInPage from './BuyerSignInPage';

const api = setupApiMock();
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const TOKEN = `bl_${'b'.repeat(43)}`;

function at(address: string, Page: () => React.ReactNode) {
  window.history.replaceState(null, '', address);
  const location = memoryLocation({ path: address.replace(/#.*$/, ''), record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Page />
    </Router>,
  );
  return location;
}

type Request = BuyerHistory['requests'][number];
function request(n: number, overrides: Partial<Request> = {}): Request {
  return {
    id: `41000000000000${n}`,
    createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T08:00:00.000Z`,
    requestedBy: 'You',
    product: `Product ${n}`,
    lineCount: 0,
    lines: [{ lineId: 'L1', productName: `Product ${n}`, quantity: 10 * n, unit: 'litres' }],
    city: 'Durban, KwaZulu-Natal',
    status: 'open',
    quoteCount: 0,
    bestPriceCents: null,
    orders: [],
    ...overrides,
  };
}

const BASKET = request(1, {
  product: 'Household Bleach and 1 more',
  lineCount: 2,
  lines: [
    { lineId: 'L1', productName: 'Household Bleach', quantity: 40, unit: 'litres' },
    { lineId: 'L2', productName: 'Toilet Paper 2-Ply (48-pack)', quantity: 30, unit: 'packs' },
  ],
  city: 'Johannesburg, Gauteng',
  status: 'awarded',
  quoteCount: 4,
  bestPriceCents: 123_456,
  orders: [{ poNumber: 'PO-2026-000031', supplierName: 'CleanCo', issuedOn: '2026-11-12', state: 'delivered' }],
});

describe('/account/sign-in', () => {
  it('asks for a link with the same answer for any address, and shows a refused address on its field', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    api.server.use(
      http.post('*/api/buyer/sign-in-link', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: BUYER_MESSAGES.linkSent }, { status: 202 });
      }),
    );
    at('/account/sign-in', BuyerSignInPage);
    const field = screen.getByRole('textbox', { name: /The e-mail address you made requests with/ });
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(screen.getByText(BUYER_MESSAGES.email)).toBeTruthy();
    expect(asked).toEqual([]);
    await user.clear(field);
    await user.type(field, 'thandi@school.co.za');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(BUYER_MESSAGES.linkSent);
    expect(asked).toEqual([{ email: 'thandi@school.co.za' }]);
  });

  it('signs in with the link only when the buyer clicks, takes the token out of the address and opens /account', async () => {
    const user = userEvent.setup();
    const spent: unknown[] = [];
    api.server.use(
      http.post('*/api/buyer/session', async ({ request }) => {
        spent.push(await request.json());
        return HttpResponse.json({ email: 'thandi@school.co.za' });
      }),
    );
    const location = at(`/account/sign-in#${TOKEN}`, BuyerSignInPage);
    const button = await screen.findByRole('button', { name: 'Sign in and see your requests' });
    expect(window.location.hash).toBe('');
    expect(spent).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(location.history.at(-1)).toBe('/account'));
    expect(spent).toEqual([{ token: TOKEN }]);
  });

  it('says a used link is no longer good and offers to send a new one', async () => {
    const user = userEvent.setup();
    api.server.use(
      http.post('*/api/buyer/session', () => HttpResponse.json({ error: { code: 'invalid_token', message: BUYER_MESSAGES.linkInvalid } }, { status: 400 })),
    );
    at(`/account/sign-in#${TOKEN}`, BuyerSignInPage);
    await user.click(await screen.findByRole('button', { name: 'Sign in and see your requests' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Not signed in${BUYER_MESSAGES.linkInvalid}`);
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeTruthy();
  });
});

describe('/account', () => {
  it('signed out, offers the sign-in link', async () => {
    api.server.use(
      http.get('*/api/buyer/requests', () => HttpResponse.json({ error: { code: 'unauthorized', message: BUYER_MESSAGES.signedOut } }, { status: 401 })),
    );
    at('/account', AccountPage);
    expect((await screen.findByRole('link', { name: 'Sign in with an e-mailed link' })).getAttribute('href')).toBe('/account/sign-in');
  });

  it('with no request yet, says so and links to the form', async () => {
    api.server.use(http.get('*/api/buyer/requests', () => HttpResponse.json({ requests: [], nextCursor: null })));
    at('/account', AccountPage);
    expect(await screen.findByText('No requests yet with this address. Requests made with it appear here, newest first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for quotes' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lists each request with its lines, city, quotes and orders, and loads more with the cursor', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    api.server.use(
      http.get('*/api/buyer/requests', ({ request: req }) => {
        const cursor = new URL(req.url).searchParams.get('cursor');
        asked.push(cursor);
        return HttpResponse.json(cursor === 'next-1' ? { requests: [request(2)], nextCursor: null } : { requests: [BASKET], nextCursor: 'next-1' });
      }),
    );
    at('/account', AccountPage);
    const card = (await screen.findByRole('article', { name: 'Household Bleach and 1 more' })) as HTMLElement;
    expect(within(card).getByText('Awarded')).toBeTruthy();
    expect(card.querySelector('p')?.textContent).toBe('Requested 11 November 2026 · delivery to Johannesburg, Gauteng');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '40 litres Household Bleach',
      '30 packs Toilet Paper 2-Ply (48-pack)',
      'PO-2026-000031 from CleanCo, 12 November 2026 Delivered: confirm receipt',
    ]);
    expect(within(card).getByText('4 quotes, best R1,234.56 incl. VAT')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See quotes for Household Bleach and 1 more' }).getAttribute('href')).toBe(
      `/quote-success?rfqId=${BASKET.id}`,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Product 2' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked).toEqual([null, 'next-1']);
  });

  it('orders again with the quantities prefilled and one changed, once per form, and links to the new request', async () => {
    const user = userEvent.setup();
    const sent: { body: unknown; key: string | null }[] = [];
    api.server.use(
      http.get('*/api/buyer/requests', () => HttpResponse.json({ requests: [BASKET], nextCursor: null })),
      http.post('*/api/buyer/requests/:rfqId/repeat', async ({ request: req, params }) => {
        sent.push({ body: await req.json(), key: req.headers.get('idempotency-key') });
        const body = (await req.clone().json()) as { quantities: Record<string, string> };
        if (body.quantities.L2 === '0') return validationFailed({ 'quantities.L2': 'Quantity must be at least 1' });
        return HttpResponse.json(
          {
            rfqId: '410000000000099',
            productName: 'Household Bleach and 1 more',
            quantity: 2,
            unit: 'products',
            deliveryLocation: 'Johannesburg, Gauteng',
            supplierCount: 5,
            primaryEmail: 'thandi@school.co.za',
            companySize: null,
            status: 'open',
            matching: { requested: 5, matched: 0, message: '' },
            quotes: [],
            emailDelivery: { notSent: [] },
            createdAt: '2026-12-07T08:00:00.000Z',
            lines: [],
          },
          { status: params.rfqId === BASKET.id ? 201 : 404 },
        );
      }),
    );
    at('/account', AccountPage);
    await user.click(await screen.findByRole('button', { name: 'Order again Household Bleach and 1 more' }));
    const bleach = screen.getByRole('textbox', { name: /Household Bleach \(litres\)/ }) as HTMLInputElement;
    const paper = screen.getByRole('textbox', { name: /Toilet Paper 2-Ply \(48-pack\) \(packs\)/ }) as HTMLInputElement;
    expect([bleach.value, paper.value]).toEqual(['40', '30']);
    await user.clear(paper);
    await user.type(paper, '0');
    await user.click(screen.getByRole('button', { name: 'Send this request again' }));
    expect(await screen.findByText('Quantity must be at least 1')).toBeTruthy();
    expect(document.activeElement).toBe(paper);
    await user.clear(paper);
    await user.type(paper, '45');
    await user.click(screen.getByRole('button', { name: 'Send this request again' }));
    expect((await screen.findByRole('link', { name: 'See the new request’s quotes' })).getAttribute('href')).toBe('/quote-success?rfqId=410000000000099');
    expect(sent.map((s) => s.body)).toEqual([{ quantities: { L1: '40', L2: '0' } }, { quantities: { L1: '40', L2: '45' } }]);
    expect(sent[0]!.key).toMatch(/^[\w-]{8,}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('signs out', async () => {
    const user = userEvent.setup();
    let signedOut = 0;
    api.server.use(
      http.get('*/api/buyer/requests', () => HttpResponse.json({ requests: [BASKET], nextCursor: null })),
      http.delete('*/api/buyer/session', () => {
        signedOut++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    at('/account', AccountPage);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('status')).textContent).toBe('You are signed out.');
    expect(signedOut).toBe(1);
  });
});

describe('/account, Your details', () => {
  it('loads the saved details, adds an address, shows a refused field on it, and saves', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const stored = {
      companyName: 'Umhlanga Guest House',
      contactName: null,
      phone: '+27 82 123 4567',
      vatNumber: null,
      addresses: [],
      defaultPurchaseOrderPrefix: null,
    };
    api.server.use(
      http.get('*/api/buyer/requests', () => HttpResponse.json({ requests: [], nextCursor: null })),
      http.get('*/api/buyer/profile', () => HttpResponse.json(stored)),
      http.put('*/api/buyer/profile', async ({ request: req }) => {
        const body = (await req.json()) as { addresses: { city: string }[] };
        saved.push(body);
        if (body.addresses[0]?.city === 'D') return validationFailed({ 'addresses.0.city': 'Please enter your delivery location' });
        return HttpResponse.json({ ...stored, addresses: body.addresses });
      }),
    );
    at('/account', AccountPage);
    await user.click(await screen.findByRole('tab', { name: 'Your details' }));
    expect(((await screen.findByRole('textbox', { name: 'Company name' })) as HTMLInputElement).value).toBe('Umhlanga Guest House');
    expect((screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement).value).toBe('+27 82 123 4567');
    expect(screen.getByText('No address saved yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const address = screen.getByRole('group', { name: 'Address 1' });
    await user.type(within(address).getByRole('textbox', { name: /Name/ }), 'Main house');
    await user.type(within(address).getByRole('textbox', { name: /Street address/ }), '12 Lagoon Drive, Umhlanga');
    const city = within(address).getByRole('textbox', { name: /City/ });
    await user.type(city, 'D');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await within(address).findByText('Please enter your delivery location')).toBeTruthy();
    expect(document.activeElement).toBe(city);
    await user.type(city, 'urban');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect((await screen.findByRole('status')).textContent).toBe(BUYER_MESSAGES.saved);
    expect(saved.at(-1)).toEqual({
      companyName: 'Umhlanga Guest House',
      contactName: '',
      phone: '+27 82 123 4567',
      vatNumber: '',
      defaultPurchaseOrderPrefix: '',
      addresses: [{ label: 'Main house', deliveryAddress: '12 Lagoon Drive, Umhlanga', city: 'Durban' }],
    });
  });
});
