// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SupplierPerformance } from '../../../contract/schemas/supplier-performance';
import { SUPPLIER_MESSAGES, type SupplierLead, type SupplierStats } from '../../../contract/schemas/supplier-workspace';
import { setupApiMock } from '../../../widget/test/api-mock';
import { emptyScorecard } from '../../test/scorecard';
import SupplierWorkspacePage from './SupplierWorkspacePage';
import { SESSION_ENDED_TEXT } from './SupplierSession';

const api = setupApiMock();
/** A supplier quoted already: no checklist. */
const READY = { inStockItem: true, deliveryArea: true, readyToQuote: true };
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead = (quoteId: string, productName: string): SupplierLead => ({
  quoteId,
  requestedAt: '2026-11-27T08:00:00.000Z',
  productName,
  quantity: 40,
  unit: 'litres',
  deliveryLocation: 'Durban, KwaZulu-Natal',
  status: 'offered',
  unitPrice: 20,
  totalPrice: 800,
  totalPriceInclVat: 920,
  vatRate: 0.15,
  leadTimeDays: { min: 1, max: 2 },
  validUntil: '2026-12-04',
  firmedAt: null,
  indicativeUnitPrice: 20,
  indicativeTotalPrice: 800,
  withdrawalReason: null,
  buyer: null,
  orders: [],
});

const basketLine = (line: Partial<NonNullable<SupplierLead['lines']>[number]> & { lineId: string; productName: string; unitPrice: number }) => ({
  quantity: 1,
  unit: 'each',
  totalPrice: line.unitPrice,
  ordered: false,
  status: 'open' as const,
  firmedAt: null,
  indicativeUnitPrice: line.unitPrice,
  withdrawalReason: null,
  ...line,
});

/** A basket's line the buyer ordered from this supplier. */
const ORDERED_BLEACH = basketLine({
  lineId: 'L1',
  productName: 'Household Bleach',
  quantity: 40,
  unit: 'litres',
  unitPrice: 20,
  totalPrice: 800,
  ordered: true,
  status: 'ordered',
});

/** An order the buyer placed on Q-3, awaiting the supplier's confirmation. */
const accepted = (): SupplierLead => ({
  ...lead('Q-3', 'Household Bleach'),
  status: 'accepted',
  buyer: {
    email: 'thandi@buyer.example',
    contactName: 'Thandi',
    companyName: 'Clinics SA',
    phone: '082 123 4567',
    deliveryAddress: '14 Long Street, Durban',
    purchaseOrderReference: 'REQ-77',
    vatNumber: '4123456789',
    productDescription: 'For the three clinics',
  },
  orders: [
    {
      purchaseOrderNumber: 'PO-2026-000031',
      issuedOn: '2026-11-27',
      deliverBy: '2026-11-29',
      lineIds: null,
      status: 'sent',
      promisedOn: '2026-11-29',
      deliveredOn: null,
      receipt: null,
    },
  ],
});

function signedIn(leads: SupplierLead[]) {
  api.server.use(
    http.get('*/api/supplier/me', () =>
      HttpResponse.json({ user: { id: 1, email: 'nomsa@supplier.example', name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' }, readiness: READY }),
    ),
    http.get('*/api/supplier/leads', () => HttpResponse.json({ leads })),
  );
}

function renderAt(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <SupplierWorkspacePage />
    </Router>,
  );
}

describe('the supplier workspace', () => {
  it('opens on the lead a lead e-mail links to, its heading focused', async () => {
    api.server.use(
      http.get('*/api/supplier/me', () =>
        HttpResponse.json({ user: { id: 1, email: 'nomsa@supplier.example', name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' }, readiness: READY }),
      ),
      http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [lead('Q-3', 'Household Bleach'), lead('Q-2', 'Refuse Bags')] })),
    );
    const { hook, searchHook } = memoryLocation({ path: '/supplier?lead=Q-2' });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <SupplierWorkspacePage />
      </Router>,
    );
    const heading = await screen.findByRole('heading', { level: 3, name: 'Refuse Bags' });
    // The focus moves in an effect after the lead is drawn.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('article')!.className).toContain('lead-card-opened');
    expect(screen.getByRole('heading', { level: 3, name: 'Household Bleach' }).closest('article')!.className).not.toContain('lead-card-opened');
  });

  it('shows how the leads went: the year’s figures, then by month and by product', async () => {
    // happy-dom has no canvas to draw on: without a ResizeObserver the chart draws nothing, and its table is read instead.
    vi.stubGlobal('ResizeObserver', undefined);
    const user = userEvent.setup();
    const none = { received: 0, firmed: 0, declined: 0, accepted: 0, confirmed: 0, winRatePercent: null, medianHoursToFirm: null };
    const november = { received: 5, firmed: 2, declined: 1, accepted: 1, confirmed: 1, winRatePercent: 20, medianHoursToFirm: 3 };
    const noOrders: SupplierPerformance = {
      scorecard: emptyScorecard({ supplierId: 4, slug: 'coastal-hygiene', name: 'Coastal Hygiene' }),
      orders: [],
      nextCursor: null,
    };
    const stats: SupplierStats = {
      since: '2025-12-01',
      totals: november,
      byMonth: [
        { month: '2025-12', ...none },
        { month: '2026-11', ...november },
      ],
      byProduct: [{ productName: 'Household Bleach', ...november, medianHoursToFirm: 60 }],
    };
    api.server.use(
      http.get('*/api/supplier/me', () =>
        HttpResponse.json({ user: { id: 1, email: 'nomsa@supplier.example', name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' }, readiness: READY }),
      ),
      http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [] })),
      http.get('*/api/supplier/stats', () => HttpResponse.json(stats)),
      http.get('*/api/supplier/performance', () => HttpResponse.json(noOrders)),
    );
    const { hook, searchHook } = memoryLocation({ path: '/supplier' });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <SupplierWorkspacePage />
      </Router>,
    );
    await user.click(await screen.findByRole('tab', { name: 'Performance' }));
    const winRate = (await screen.findByText('Win rate', { selector: '.stat span' })).closest('.stat')!;
    expect(winRate.textContent).toBe('Win rate20%1 accepted by the buyer');
    const rowText = (table: string, name: string) =>
      within(within(screen.getByRole('table', { name: table })).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(rowText('Your leads by month', 'Dec 2025')).toEqual(['0', '0', '0', '0', '0', '–', '–']);
    expect(rowText('Your leads by month', 'Nov 2026')).toEqual(['5', '2', '1', '1', '1', '20%', '3 h']);
    expect(rowText('Your leads by product', 'Household Bleach')).toEqual(['5', '2', '1', '1', '1', '20%', '2.5 days']);
  });

  it('says the session ended, and offers to sign in again, when a call finds it signed out', async () => {
    const user = userEvent.setup();
    api.server.use(
      http.get('*/api/supplier/me', () =>
        HttpResponse.json({ user: { id: 1, email: 'nomsa@supplier.example', name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' }, readiness: READY }),
      ),
      http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [lead('Q-3', 'Household Bleach')] })),
      http.post('*/api/supplier/leads/:quoteId/firm', () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: SUPPLIER_MESSAGES.signedOut } }, { status: 401 }),
      ),
    );
    const { hook, searchHook } = memoryLocation({ path: '/supplier?lead=Q-3' });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <SupplierWorkspacePage />
      </Router>,
    );
    await user.click(await screen.findByRole('button', { name: 'Firm up Q-3' }));
    await user.click(within(screen.getByRole('form', { name: 'Firm up quote Q-3' })).getByRole('button', { name: 'Make this price firm' }));
    expect((await screen.findByRole('status')).textContent).toBe(SESSION_ENDED_TEXT);
    expect(screen.getByRole('link', { name: 'Sign in with an e-mailed link' }).getAttribute('href')).toBe('/supplier/sign-in?lead=Q-3');
    expect(screen.queryByRole('heading', { name: 'Coastal Hygiene' })).toBeNull();
  });

  it('refuses an empty lead time rather than promising none, and takes focus back to the lead after its form', async () => {
    const user = userEvent.setup();
    api.server.use(
      http.get('*/api/supplier/me', () =>
        HttpResponse.json({ user: { id: 1, email: 'nomsa@supplier.example', name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' }, readiness: READY }),
      ),
      http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [lead('Q-3', 'Household Bleach')] })),
    );
    const sent = api.record('post', '*/api/supplier/leads/:quoteId/firm', () =>
      HttpResponse.json({ ...lead('Q-3', 'Household Bleach'), unitPrice: 19, firmedAt: '2026-11-27T09:00:00.000Z' }),
    );
    const { hook, searchHook } = memoryLocation({ path: '/supplier' });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <SupplierWorkspacePage />
      </Router>,
    );
    const firmUp = await screen.findByRole('button', { name: 'Firm up Q-3' });
    expect(screen.getByRole('button', { name: 'Withdraw Q-3' })).toBeTruthy();

    // Escape closes the form and gives focus back to the button that opened it.
    await user.click(firmUp);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Firm up quote Q-3' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(firmUp));

    await user.click(firmUp);
    const form = within(screen.getByRole('form', { name: 'Firm up quote Q-3' }));
    await user.clear(form.getByRole('textbox', { name: /Lead time/ }));
    await user.click(form.getByRole('button', { name: 'Make this price firm' }));
    expect(form.getByText('Enter a lead time of 0 to 365 days')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(form.getByRole('textbox', { name: /Lead time/ }), '3');
    await user.clear(form.getByRole('textbox', { name: /Unit price/ }));
    await user.type(form.getByRole('textbox', { name: /Unit price/ }), '19');
    await user.click(form.getByRole('button', { name: 'Make this price firm' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Household Bleach' })));
    expect(sent).toEqual([{ unitPrice: 19, leadTimeDays: 3 }]);
  });

  it("shows a basket's lead product by product, the ordered ones marked, with no single unit price", async () => {
    const basketLead: SupplierLead = {
      ...lead('Q-9', 'Household Bleach and 1 more product'),
      status: 'accepted',
      quantity: 2,
      unit: 'products',
      unitPrice: 0,
      lines: [ORDERED_BLEACH, basketLine({ lineId: 'L3', productName: 'Refuse Bags', quantity: 20, unit: 'rolls', unitPrice: 15, totalPrice: 300 })],
    };
    signedIn([basketLead]);
    renderAt('/supplier');
    const products = await screen.findByRole('list', { name: 'Products you quote' });
    expect(
      within(products)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.lead-line-text')!.textContent),
    ).toEqual(['40 litres of Household Bleach: R800.00 (R20.00 per litre) Ordered', '20 rolls of Refuse Bags: R300.00 (R15.00 per roll) Indicative']);
    expect(screen.getByText(/^Ordered from you/).textContent).toBe('Ordered from you: R800.00 excl. VAT');
    expect(screen.queryByText('Unit price', { selector: 'dt' })).toBeNull();
    // Its heading counts its own products.
    expect(screen.getByText(/^Q-9 ·/).textContent).toMatch(/^Q-9 · 2 products to Durban/);
  });

  it("firms one basket product's price and withdraws another, each by its line", async () => {
    const user = userEvent.setup();
    const lines = [
      basketLine({ lineId: 'L1', productName: 'Hand Sanitizer', quantity: 200, unit: 'litres', unitPrice: 15.5, totalPrice: 3100 }),
      basketLine({ lineId: 'L2', productName: 'Refuse Bags', quantity: 20, unit: 'rolls', unitPrice: 15, totalPrice: 300 }),
    ];
    const basketLead: SupplierLead = { ...lead('Q-9', 'Hand Sanitizer and 1 more product'), quantity: 2, unit: 'products', unitPrice: 0, lines };
    signedIn([basketLead]);
    const firmed = api.record('post', '*/api/supplier/leads/:quoteId/firm', () =>
      HttpResponse.json({
        ...basketLead,
        lines: [{ ...lines[0]!, unitPrice: 14.88, totalPrice: 2976, firmedAt: '2026-11-27T09:00:00.000Z', indicativeUnitPrice: 15.5 }, lines[1]!],
      }),
    );
    const withdrawn = api.record('post', '*/api/supplier/leads/:quoteId/decline', () =>
      HttpResponse.json({
        ...basketLead,
        quantity: 1,
        unit: 'product',
        lines: [
          { ...lines[0]!, unitPrice: 14.88, totalPrice: 2976, firmedAt: '2026-11-27T09:00:00.000Z', indicativeUnitPrice: 15.5 },
          { ...lines[1]!, status: 'withdrawn', withdrawalReason: 'Out of stock until January' },
        ],
      }),
    );
    renderAt('/supplier');
    await user.click(await screen.findByRole('button', { name: 'Firm price of Hand Sanitizer' }));
    const form = within(screen.getByRole('form', { name: 'Firm up Hand Sanitizer' }));
    await user.clear(form.getByRole('textbox', { name: /Unit price/ }));
    await user.type(form.getByRole('textbox', { name: /Unit price/ }), 'R14,88');
    await user.click(form.getByRole('button', { name: 'Make this price firm' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Hand Sanitizer and 1 more product' })));
    expect(firmed).toEqual([{ lines: [{ lineId: 'L1', unitPrice: 14.88 }] }]);
    const items = () =>
      within(screen.getByRole('list', { name: 'Products you quote' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.lead-line-text')!.textContent);
    expect(items()[0]).toBe('200 litres of Hand Sanitizer: R2,976.00 (R14.88 per litre, indicative R15.50) Firm');
    expect(screen.queryByRole('button', { name: 'Firm price of Hand Sanitizer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Withdraw Refuse Bags' }));
    const why = within(screen.getByRole('form', { name: 'Withdraw Refuse Bags' }));
    await user.click(why.getByRole('button', { name: 'Withdraw this product' }));
    expect(why.getByText(SUPPLIER_MESSAGES.reason)).toBeTruthy();
    expect(withdrawn).toEqual([]);
    await user.type(why.getByRole('textbox', { name: /Why you withdraw it/ }), 'Out of stock until January');
    await user.click(why.getByRole('button', { name: 'Withdraw this product' }));
    await waitFor(() => expect(items()[1]).toBe('20 rolls of Refuse Bags Withdrawn'));
    expect(withdrawn).toEqual([{ lineIds: ['L2'], reason: 'Out of stock until January' }]);
    expect(screen.getByText('Your reason: Out of stock until January')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw Refuse Bags' })).toBeNull();
  });

  it("shows an accepted lead's purchase orders, the buyer's reference, VAT number and words", async () => {
    signedIn([accepted()]);
    renderAt('/supplier');
    const buyer = await screen.findByRole('region', { name: 'The buyer' });
    const link = within(buyer).getByRole('link', { name: 'PO-2026-000031 (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/supplier/leads/Q-3/purchase-order.pdf?po=PO-2026-000031');
    const fact = (term: string) => within(buyer).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(fact('Buyer’s reference')).toBe('REQ-77');
    expect(fact('Buyer’s VAT number')).toBe('4123456789');
    expect(fact('Buyer’s description')).toBe('For the three clinics');
    expect(within(buyer).queryByText('Your reference')).toBeNull();
  });

  it('asks once before confirming an order, names it and its total, and keeps focus in hand', async () => {
    const user = userEvent.setup();
    signedIn([accepted()]);
    const confirmed: string[] = [];
    api.server.use(
      http.post('*/api/supplier/leads/:quoteId/confirm', ({ params }) => {
        confirmed.push(String(params.quoteId));
        return HttpResponse.json({ ...accepted(), status: 'confirmed', orders: [{ ...accepted().orders[0]!, status: 'confirmed' }] });
      }),
    );
    renderAt('/supplier');
    const button = await screen.findByRole('button', { name: 'Confirm the order Q-3' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Confirm order PO-2026-000031 for R920.00?' });
    // A step that cannot be taken back starts on Cancel; Escape closes it, and focus goes back.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(confirmed).toEqual([]);

    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirmed).toEqual(['Q-3']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Household Bleach' })));
    expect(screen.queryByRole('button', { name: 'Confirm the order Q-3' })).toBeNull();
  });

  it("totals a basket order's own lines with VAT in the confirmation", async () => {
    const user = userEvent.setup();
    const basket: SupplierLead = {
      ...accepted(),
      quantity: 2,
      unit: 'products',
      // The quote's own total counts the line not ordered too: the order is its lines alone.
      totalPrice: 1100.93,
      totalPriceInclVat: 1266.07,
      lines: [ORDERED_BLEACH, basketLine({ lineId: 'L2', productName: 'Refuse Bags', quantity: 21, unit: 'rolls', unitPrice: 14.33, totalPrice: 300.93 })],
      orders: [{ ...accepted().orders[0]!, lineIds: ['L1'] }],
    };
    signedIn([basket]);
    renderAt('/supplier');
    await user.click(await screen.findByRole('button', { name: 'Confirm the order Q-3' }));
    expect(screen.getByRole('dialog', { name: 'Confirm order PO-2026-000031 for R920.00?' })).toBeTruthy();
  });

  it('invites a colleague with the one answer for any address, lists them as invited, and withdraws the invitation', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('confirm', () => true);
    const nomsa = {
      id: 1,
      email: 'nomsa@supplier.example',
      name: 'Nomsa',
      createdAt: '2026-11-01T08:00:00.000Z',
      lastSignInAt: '2026-11-02T08:00:00.000Z',
      disabled: false,
    };
    let invitations = [] as { id: number; email: string; name: string; invitedAt: string }[];
    const invited: unknown[] = [];
    const withdrawn: string[] = [];
    api.server.use(
      http.get('*/api/supplier/me', () =>
        HttpResponse.json({ user: { id: 1, email: nomsa.email, name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' }, readiness: READY }),
      ),
      http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [] })),
      http.get('*/api/supplier/users', () => HttpResponse.json({ users: [nomsa], invitations })),
      http.post('*/api/supplier/users', async ({ request }) => {
        invited.push(await request.json());
        invitations = [{ id: 9, email: 'thabo@elsewhere.example', name: 'Thabo Mokoena', invitedAt: '2026-11-03T08:00:00.000Z' }];
        return HttpResponse.json({ message: SUPPLIER_MESSAGES.invited }, { status: 202 });
      }),
      http.delete('*/api/supplier/invitations/:invitationId', ({ params }) => {
        withdrawn.push(String(params.invitationId));
        invitations = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { hook, searchHook } = memoryLocation({ path: '/supplier' });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <SupplierWorkspacePage />
      </Router>,
    );
    await user.click(await screen.findByRole('tab', { name: 'Team' }));
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Thabo Mokoena');
    await user.type(screen.getByRole('textbox', { name: /^Work e-mail/ }), 'thabo@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Invite and e-mail a sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(SUPPLIER_MESSAGES.invited);
    expect(invited).toEqual([{ email: 'thabo@elsewhere.example', name: 'Thabo Mokoena' }]);
    const list = await screen.findByRole('region', { name: 'Invited' });
    expect(within(list).getByRole('listitem').textContent).toBe(
      'Thabo Mokoena thabo@elsewhere.exampleInvited 3 November 2026, not signed in yetWithdraw the invitation to Thabo Mokoena',
    );

    await user.click(within(list).getByRole('button', { name: 'Withdraw the invitation to Thabo Mokoena' }));
    expect((await screen.findByRole('status')).textContent).toBe('The invitation to Thabo Mokoena was withdrawn.');
    expect(withdrawn).toEqual(['9']);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invited' })).toBeNull());
  });
});
