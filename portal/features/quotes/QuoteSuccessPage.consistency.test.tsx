// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Quote, QuoteLine, Rfq } from '../../../sdk/schemas/rfq';
import { setupApiMock } from '../../../widget/test/api-mock';
import { keepQuoteTokens } from '../../lib/submission-tokens';
import { purchaseOrder, RFQ_ID, rfqAnswer, threeQuotes, trackedAnswer } from '../../test/quotes';
import QuoteSuccessPage from './QuoteSuccessPage';

const api = setupApiMock();
afterEach(() => sessionStorage.clear());

const open = () => {
  const { hook, searchHook } = memoryLocation({ path: `/quote-success?rfqId=${RFQ_ID}` });
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <QuoteSuccessPage />
    </Router>,
  );
};
const serve = (answer: Rfq) => api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(answer)));
const cardOf = (name: string) => within(document.querySelector<HTMLElement>('.quotes-grid')!).getByRole('heading', { level: 3, name }).closest('article')!;

/**
 * A three-product basket: Coastal Hygiene quotes bleach and bags (the best single supplier, two of
 * three), Berea Supplies bleach and gloves, Umhlanga Chemicals the gloves alone.
 */
function basket() {
  const lines = [
    { lineId: 'L1', productName: 'Household Bleach', quantity: 40, unit: 'litres' },
    { lineId: 'L2', productName: 'Refuse Bags', quantity: 20, unit: 'rolls' },
    { lineId: 'L3', productName: 'Nitrile Gloves', quantity: 1, unit: 'pieces' },
  ];
  const priced = (lineId: string, totalPrice: number): QuoteLine => {
    const l = lines.find((x) => x.lineId === lineId)!;
    return {
      ...l,
      pricingBasis: 'price-list',
      listUnitPrice: totalPrice / l.quantity,
      unitPrice: totalPrice / l.quantity,
      discountPercent: 0,
      totalPrice,
      minimumOrderQuantity: 1,
      leadTime: '1-2 days',
      status: 'offered',
    };
  };
  const [a, b, c] = threeQuotes();
  const basketQuote = (q: Quote, quoted: QuoteLine[]): Quote => ({
    ...q,
    totalPrice: quoted.reduce((n, l) => n + l.totalPrice, 0),
    lines: quoted,
    coverage: { covered: quoted.length, total: 3, text: `${quoted.length} of 3 lines` },
    minimumOrder: 0,
  });
  const coastal = basketQuote(a!, [priced('L1', 800), priced('L2', 400)]);
  const berea = basketQuote(b!, [priced('L1', 700), priced('L3', 250)]);
  const umhlanga = basketQuote(c!, [priced('L3', 300)]);
  const option = (suppliers: { quoteId: string; lineIds: string[]; totalPrice: number }[]) => {
    const total = suppliers.reduce((n, s) => n + s.totalPrice, 0);
    return {
      lines: lines.map((l) => ({ lineId: l.lineId, quoteId: suppliers.find((s) => s.lineIds.includes(l.lineId))?.quoteId ?? null })),
      covered: suppliers.reduce((n, s) => n + s.lineIds.length, 0),
      totalPrice: total,
      vatAmount: Math.round(total * 15) / 100,
      totalPriceInclVat: Math.round(total * 115) / 100,
      deliveries: suppliers.length,
      suppliers,
    };
  };
  const split = {
    split: option([
      { quoteId: coastal.id, lineIds: ['L2'], totalPrice: 400 },
      { quoteId: berea.id, lineIds: ['L1', 'L3'], totalPrice: 950 },
    ]),
    single: option([{ quoteId: coastal.id, lineIds: ['L1', 'L2'], totalPrice: 1200 }]),
    saving: null,
    extraDeliveries: 1,
    message: 'The split covers 3 of 3 lines for R1,350.00 excl. VAT across 2 deliveries; no single supplier covers as many (the best covers 2).',
  };
  const quotes = [coastal, berea, umhlanga];
  return {
    quotes,
    coastal,
    berea,
    answer: (qs: Quote[] = quotes) =>
      rfqAnswer(qs, 'open', { productName: 'Household Bleach and 2 more products', quantity: 3, unit: 'products', lines, split }),
  };
}

describe('a withdrawn quote on the results page', () => {
  it('leads no comparison and wears no badge, and its card gives the supplier’s reason', async () => {
    const user = userEvent.setup();
    const { quotes, berea, answer } = basket();
    // Berea Supplies was cheapest for the bleach, then withdrew.
    const gone = { ...berea, status: 'withdrawn' as const, withdrawalReason: 'Our bleach supplier closed' };
    serve(answer([quotes[0]!, gone, quotes[2]!]));
    open();
    const table = await screen.findByRole('table');
    const bleach = within(table).getByRole('row', { name: /Household Bleach/ });
    expect(
      within(bleach)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['R800.00CheapestR20.00 per litre', 'R700.00R17.50 per litre', 'Not quoted']);
    const card = cardOf('Berea Supplies');
    expect(within(card).getByText(/withdrew this quote/).textContent).toBe('Berea Supplies withdrew this quote: “Our bleach supplier closed”.');
    expect(card.querySelector('.quote-head .badge')).toBeNull();
    expect(within(card).queryByText(gone.aiInsights.recommendation)).toBeNull();
    // Ranked after every quote that can still be had.
    expect([...document.querySelectorAll('.quotes-grid h3')].map((h) => h.textContent)).toEqual(['Coastal Hygiene', 'Umhlanga Chemicals', 'Berea Supplies']);

    const compare = within(screen.getByRole('region', { name: 'Compare quotes' }));
    await user.click(compare.getByRole('checkbox', { name: /Berea Supplies/ }));
    await user.click(compare.getByRole('checkbox', { name: /Umhlanga Chemicals/ }));
    const row = within(compare.getByRole('table')).getByRole('row', { name: /^Lead time/ });
    // Berea's lead time is the shorter, but it can no longer be had: Umhlanga is the fastest standing.
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['3-5 business days', '4-6 business daysFastest']);
  });
});

describe('a basket’s first view', () => {
  it('compares the split with the best single supplier like for like, naming what the single supplier leaves out', async () => {
    serve(basket().answer());
    open();
    await screen.findByRole('heading', { name: 'Cheapest split and best single supplier' });
    expect(screen.getByText(/^Like for like/).textContent).toBe(
      'Like for like: for the same 2 products as Coastal Hygiene, the split comes to R1,100.00 excl. VAT against R1,200.00: it saves R100.00. The split also covers Nitrile Gloves (R250.00), which Coastal Hygiene does not quote.',
    );
    expect(within(screen.getByRole('article', { name: 'Best single supplier' })).getByText(/^Not quoted:/).textContent).toBe('Not quoted: Nitrile Gloves.');
  });
});

describe('accepting a basket quote from its card', () => {
  it('offers its open lines, all ticked, follows the ticks in the price, needs one, and orders only those ticked', async () => {
    const user = userEvent.setup();
    const { quotes, coastal, berea, answer } = basket();
    // The gloves were already ordered from Umhlanga Chemicals: Berea is left its bleach to offer.
    const ordered = [
      coastal,
      { ...berea, lines: berea.lines!.map((l) => (l.lineId === 'L3' ? { ...l, status: 'not_selected' as const } : l)) },
      { ...quotes[2]!, status: 'accepted' as const, lines: quotes[2]!.lines!.map((l) => ({ ...l, status: 'accepted' as const })) },
    ];
    keepQuoteTokens(RFQ_ID, quotes);
    const bodies: unknown[] = [];
    serve(answer(ordered));
    api.server.use(
      http.post('*/api/quotes/track/:token/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(trackedAnswer(threeQuotes(['accepted', 'offered', 'accepted']), 1));
      }),
    );
    open();
    await screen.findByRole('table');
    await user.click(within(cardOf('Berea Supplies')).getByRole('button', { name: 'Accept this quote' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Accept this quote?' }));
    // Only the bleach is open: the gloves went to another supplier.
    expect(dialog.getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual([' Household Bleach: 40 litres, R700.00 excl. VAT']);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(within(cardOf('Coastal Hygiene')).getByRole('button', { name: 'Accept this quote' }));
    dialog = within(screen.getByRole('dialog', { name: 'Accept this quote?' }));
    const boxes = dialog.getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true]);
    expect(dialog.getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Coastal Hygiene for R1,200.00 excl. VAT (R1,380.00 incl. VAT): Household Bleach, Refuse Bags.',
    );
    await user.click(dialog.getByRole('checkbox', { name: /Household Bleach/ }));
    expect(dialog.getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Coastal Hygiene for R400.00 excl. VAT (R460.00 incl. VAT): Refuse Bags.',
    );
    await user.click(dialog.getByRole('checkbox', { name: /Refuse Bags/ }));
    await user.type(dialog.getByRole('textbox', { name: /Delivery address/ }), '14 Chartwell Drive, Umhlanga, 4319');
    await user.type(dialog.getByRole('textbox', { name: /Phone number/ }), '082 123 4567');
    await user.click(dialog.getByRole('button', { name: 'Accept quote' }));
    expect(dialog.getByRole('alert').textContent).toBe('Tick at least one product to order from this supplier.');
    expect(document.activeElement).toBe(dialog.getByRole('checkbox', { name: /Household Bleach/ }));
    expect(bodies).toEqual([]);

    await user.click(dialog.getByRole('checkbox', { name: /Refuse Bags/ }));
    await user.click(dialog.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByText(/^You ordered from/)).textContent).toBe(
      'You ordered from Coastal Hygiene. We sent Coastal Hygiene your order and your contact details; a supplier left with nothing to supply is told it was not selected.',
    );
    expect(bodies).toEqual([{ deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319', phone: '082 123 4567', lineIds: ['L2'] }]);
  });
});

describe('an ordered quote on the results page', () => {
  it('lists each of its purchase orders by number, with the PDF of each', async () => {
    const [a, b, c] = threeQuotes(['accepted', 'not_selected', 'not_selected']);
    const ordered = {
      ...a!,
      orders: [purchaseOrder({ status: 'sent' })],
    };
    keepQuoteTokens(RFQ_ID, [a!, b!, c!]);
    serve(rfqAnswer([ordered, b!, c!], 'awarded'));
    open();
    const list = await screen.findByRole('list', { name: 'Purchase orders to Coastal Hygiene' });
    expect(list.textContent).toBe(
      'Purchase order PO-2026-000123: issued 23 November 2026, deliver by 27 November 2026, awaiting the supplier’s confirmation. Purchase order PO-2026-000123 (PDF)',
    );
    expect(within(list).getByRole('link', { name: 'Purchase order PO-2026-000123 (PDF)' }).getAttribute('href')).toBe(
      `/api/quotes/track/${a!.trackingToken}/purchase-order.pdf?po=PO-2026-000123`,
    );
  });
});

describe('a basket supplier ordered from twice', () => {
  it('tells its two purchase orders apart by their products', async () => {
    const { quotes, coastal, answer } = basket();
    const ordered = {
      ...coastal,
      status: 'accepted' as const,
      lines: coastal.lines!.map((l) => ({ ...l, status: 'accepted' as const })),
      orders: [
        purchaseOrder({ deliverBy: '2026-11-25', lineIds: ['L1'], promisedOn: '2026-11-25' }),
        purchaseOrder({
          purchaseOrderNumber: 'PO-2026-000124',
          issuedOn: '2026-11-24',
          deliverBy: '2026-11-26',
          lineIds: ['L2'],
          status: 'sent',
          promisedOn: '2026-11-26',
        }),
      ],
    };
    serve(answer([ordered, quotes[1]!, quotes[2]!]));
    open();
    const list = await screen.findByRole('list', { name: 'Purchase orders to Coastal Hygiene' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Purchase order PO-2026-000123 for Household Bleach: issued 23 November 2026, deliver by 25 November 2026, confirmed by the supplier. ',
      'Purchase order PO-2026-000124 for Refuse Bags: issued 24 November 2026, deliver by 26 November 2026, awaiting the supplier’s confirmation. ',
    ]);
  });
});

describe('what a quote card explains', () => {
  it('says what its badge and its delivery coverage mean', async () => {
    const [a, b, c] = threeQuotes();
    serve(rfqAnswer([{ ...a!, aiInsights: { ...a!.aiInsights, competitivePosition: 'premium-option' } }, b!, c!]));
    open();
    const card = await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' }).then((h) => h.closest('article')!);
    expect(within(card).getByText('Specialist', { selector: '.badge' })).toBeTruthy();
    expect(within(card).getByText(/^Specialist:/).textContent).toBe(
      'Specialist: dearer than other quotes here, for a supplier whose rating or record may be worth it to you.',
    );
    expect(within(card).getByText('Delivery coverage: good')).toBeTruthy();
    expect(within(card).getByText(/^How soon it can deliver/).textContent).toBe(
      'How soon it can deliver to you: excellent within a day, good within 3 days, moderate within 5, limited after that.',
    );
  });
});

describe('confirming receipt on the results page', () => {
  const confirmedOrder = purchaseOrder({ deliveredOn: '2026-11-26' });

  it('offers the receipt form for the confirmed order in the tab holding its token, sends it by that token and then shows what was recorded', async () => {
    const user = userEvent.setup();
    const [a, b, c] = threeQuotes(['confirmed', 'not_selected', 'not_selected']);
    const ordered = { ...a!, orders: [confirmedOrder] };
    keepQuoteTokens(RFQ_ID, [a!, b!, c!]);
    serve(rfqAnswer([ordered, b!, c!], 'awarded'));
    const bodies: unknown[] = [];
    const recorded = { ...ordered, orders: [{ ...confirmedOrder, receipt: { receivedOn: '2026-11-26', inFull: true, rating: 4, onTime: true } }] };
    api.server.use(
      http.post('*/api/quotes/track/:token/receipt', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(trackedAnswer([recorded, b!, c!], 1, 'awarded'));
      }),
    );
    open();
    const form = await screen.findByRole('form', { name: 'Confirm receipt of purchase order PO-2026-000123' });
    expect(cardOf('Coastal Hygiene').contains(form)).toBe(true);
    expect(within(cardOf('Berea Supplies')).queryByRole('form')).toBeNull();
    await user.clear(within(form).getByLabelText('Day it arrived'));
    await user.type(within(form).getByLabelText('Day it arrived'), '2026-11-26');
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    await user.click(within(form).getByRole('radio', { name: '4 of 5' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm receipt' }));
    expect((await within(cardOf('Coastal Hygiene')).findByText(/^You confirmed receipt of purchase order PO-2026-000123/)).textContent).toBe(
      'You confirmed receipt of purchase order PO-2026-000123: arrived 26 November 2026, on time, everything arrived, rated 4 of 5.',
    );
    expect(screen.queryByRole('form', { name: /Confirm receipt/ })).toBeNull();
    expect(api.requests).toEqual([`GET /api/rfq/${RFQ_ID}`, `POST /api/quotes/track/${a!.trackingToken}/receipt`]);
    expect(bodies).toEqual([{ receivedOn: '2026-11-26', inFull: true, rating: 4, purchaseOrderNumber: 'PO-2026-000123' }]);
  });

  it('shows the API’s field message beside its field', async () => {
    const user = userEvent.setup();
    const [a, b, c] = threeQuotes(['confirmed', 'not_selected', 'not_selected']);
    keepQuoteTokens(RFQ_ID, [a!, b!, c!]);
    serve(rfqAnswer([{ ...a!, orders: [confirmedOrder] }, b!, c!], 'awarded'));
    const message = 'Enter the day it arrived, not before the order was placed (23 November 2026)';
    api.server.use(
      http.post('*/api/quotes/track/:token/receipt', () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { receivedOn: message } } } },
          { status: 400 },
        ),
      ),
    );
    open();
    const form = await screen.findByRole('form', { name: 'Confirm receipt of purchase order PO-2026-000123' });
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    await user.click(within(form).getByRole('radio', { name: '2 of 5' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm receipt' }));
    const day = within(form).getByLabelText('Day it arrived');
    await within(form).findByText(message);
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(day.getAttribute('aria-describedby')!)!.textContent).toBe(message);
  });

  it('shows a recorded receipt to anyone, and without the token says where to confirm one', async () => {
    const [a, b, c] = threeQuotes(['confirmed', 'not_selected', 'not_selected']);
    const second = { ...confirmedOrder, purchaseOrderNumber: 'PO-2026-000124', receipt: { receivedOn: '2026-11-28', inFull: false, rating: 2, onTime: false } };
    serve(rfqAnswer([{ ...a!, orders: [confirmedOrder, second] }, b!, c!], 'awarded'));
    open();
    const card = await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' }).then((h) => h.closest('article')!);
    expect(within(card).getByText(/^You confirmed receipt of purchase order PO-2026-000124/).textContent).toBe(
      'You confirmed receipt of purchase order PO-2026-000124: arrived 28 November 2026, late, not everything arrived, rated 2 of 5.',
    );
    expect(within(card).getByText(/^Once purchase order PO-2026-000123 arrives/).textContent).toBe(
      'Once purchase order PO-2026-000123 arrives, confirm receipt from the Confirm receipt link of our e-mail, or open this page from its Compare all quotes link.',
    );
    expect(screen.queryByRole('form', { name: /Confirm receipt/ })).toBeNull();
  });
});
