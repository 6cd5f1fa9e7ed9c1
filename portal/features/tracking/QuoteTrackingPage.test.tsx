// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteActionResponse } from '../../../sdk/schemas/rfq';
import { setupApiMock } from '../../../widget/test/api-mock';
import { formatTime } from '../../../sdk/format';
import { keepQuoteTokens, quoteTokens } from '../../lib/submission-tokens';
import { purchaseOrder, RFQ_ID, threeQuotes, trackedAnswer } from '../../test/quotes';
import QuoteTrackingPage from './QuoteTrackingPage';

const api = setupApiMock();
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const TOKEN = 'qt_1_secret1';

/** Serves the tracking read of quote 1 and answers each action with what the test gives; answers the bodies the actions were sent. */
function serve(read: QuoteActionResponse, actions: Partial<Record<'accept' | 'decline' | 'close', () => Response>> = {}) {
  const bodies: unknown[] = [];
  api.server.use(http.get('*/api/quotes/track/:token', () => HttpResponse.json(read)));
  for (const [name, answer] of Object.entries(actions)) {
    api.server.use(
      http.post(`*/api/quotes/track/:token/${name}`, async ({ request }) => {
        bodies.push((await request.text()) || null);
        return answer();
      }),
    );
  }
  return bodies;
}

/** Gives the accept confirmation the delivery details it asks for. */
async function fillDetails(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('textbox', { name: /Delivery address/ }), '14 Chartwell Drive, Umhlanga, 4319');
  await user.type(within(dialog).getByRole('textbox', { name: /Phone number/ }), '031 555 0142');
}

const page = async () => {
  render(<QuoteTrackingPage params={{ token: TOKEN }} />);
  await screen.findByRole('heading', { level: 1, name: 'Hand Sanitizer 70% Alcohol' });
};
type Actions = Parameters<typeof serve>[1];

/**
 * Serves quote 1 as `read` has it (three open quotes unless given), its actions answered as
 * `actions` gives, opens the page and clicks `button`; answers the user, the confirmation named
 * `dialog` and the bodies the actions were sent.
 */
async function openConfirmation(button: string, dialog: string, actions: Actions, read = trackedAnswer(threeQuotes(), 1)) {
  const user = userEvent.setup();
  const bodies = serve(read, actions);
  await page();
  await user.click(screen.getByRole('button', { name: button }));
  return { user, bodies, dialog: screen.getByRole('dialog', { name: dialog }) };
}
const openAcceptance = (actions: Actions, read?: QuoteActionResponse) => openConfirmation('Accept this quote', 'Accept this quote?', actions, read);
const card = (supplier: string) => screen.getByRole('heading', { level: 3, name: supplier }).closest('li')!;
const statusOf = (supplier: string) =>
  within(card(supplier)).getByText(/^(Offered|Accepted|Not selected|Declined|Confirmed by supplier|Withdrawn by supplier|Expired)$/).textContent;

describe('the tracking page when the quote cannot be shown', () => {
  it("shows the server's error text as '{status}: {message}'", async () => {
    api.server.use(
      http.get('*/api/quotes/track/:token', () => HttpResponse.json({ error: { code: 'quote_not_found', message: 'Quote not found' } }, { status: 404 })),
    );
    render(<QuoteTrackingPage params={{ token: 'qt_1_abc' }} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Quote Not Found')).toBeTruthy();
    expect(within(alert).getByText('404: Quote not found')).toBeTruthy();
    // Not a dead end: the tracker takes another link.
    expect(within(alert).getByRole('link', { name: 'Track another quote' }).getAttribute('href')).toBe('/quote-tracker');
    expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_abc']);
  });

  it("says 'Failed to load quote' when the server cannot be reached", async () => {
    api.server.use(http.get('*/api/quotes/track/:token', () => HttpResponse.error()));
    render(<QuoteTrackingPage params={{ token: 'qt_1_abc' }} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load quote')).toBeTruthy();
  });

  it("says 'Invalid tracking token' and asks nothing for a token without qt_", async () => {
    api.server.use(http.get('*/api/quotes/track/:token', () => HttpResponse.error()));
    render(<QuoteTrackingPage params={{ token: 'abc' }} />);
    expect(within(screen.getByRole('alert')).getByText('Invalid tracking token')).toBeTruthy();
    // A page with a real token after it asks once; a request from the first page would come before it.
    cleanup();
    render(<QuoteTrackingPage params={{ token: 'qt_1_abc' }} />);
    await waitFor(() => expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_abc']));
  });
});

describe("the buyer's decision on the tracking page", () => {
  it("shows the quote's and the request's status, and every quote of the request with its own", async () => {
    serve(trackedAnswer(threeQuotes(['offered', 'declined', 'offered']), 1));
    await page();
    expect(screen.getByText('This quote:').textContent).toBe('This quote: Offered');
    expect(screen.getByText('Your request:').textContent).toBe('Your request: Open');
    expect(screen.getByRole('heading', { level: 2, name: 'All 3 quotes for this request' })).toBeTruthy();
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual(['Offered', 'Declined', 'Offered']);
    expect(within(card('Coastal Hygiene')).getByText('The quote on this page')).toBeTruthy();
    expect(within(card('Berea Supplies')).getByText(/incl\. VAT/).textContent).toBe(
      'R4,600.00 excl. VAT (R5,290.00 incl. VAT) · 3-5 business days · valid until 22 December 2026',
    );
    // Each control's name is its visible text (WCAG 2.5.3), the card's supplier its description.
    const open = within(card('Berea Supplies')).getByRole('link', { name: 'Open quote', description: 'Berea Supplies' });
    expect(open.getAttribute('href')).toBe('/quote/qt_2_secret2');
    expect(open.getAttribute('aria-label')).toBeNull();
    expect(within(card('Berea Supplies')).getByRole('button', { name: 'Accept', description: 'Berea Supplies' }).getAttribute('aria-label')).toBeNull();
  });

  it('compares two or three quotes side by side, marking the best of each comparable term', async () => {
    const user = userEvent.setup();
    serve(trackedAnswer(threeQuotes(), 1));
    await page();
    const compare = screen.getByRole('region', { name: 'Compare quotes' });
    expect(within(compare).getByRole('status').textContent).toBe('Tick two or three quotes to see them side by side.');
    await user.click(within(compare).getByRole('checkbox', { name: /Coastal Hygiene/ }));
    expect(within(compare).queryByRole('table')).toBeNull();
    expect(within(compare).getByRole('status').textContent).toBe('Tick one or two more quotes to compare.');
    await user.click(within(compare).getByRole('checkbox', { name: /Umhlanga Chemicals/ }));

    const table = within(compare).getByRole('table', { name: '2 quotes side by side' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['', 'Coastal Hygiene', 'Umhlanga Chemicals'],
      ['Price excl. VAT', 'R4,000.00Lowest', 'R5,200.00'],
      ['Price basis', 'Indicative', 'Indicative'],
      ['VAT', 'R600.00 (15%)', 'R780.00 (15%)'],
      ['Total incl. VAT', 'R4,600.00', 'R5,980.00'],
      ['B-BBEE', 'B-BBEE level 1 (135%)Best', 'B-BBEE level 3 (110%)'],
      ['Recognised spend', 'R5,400.00', 'R5,720.00Highest'],
      ['Lead time', '2-4 business daysFastest', '4-6 business days'],
      ['Minimum order', '20 litres', '60 litres'],
      ['Payment terms', '30 days', 'Cash on delivery'],
      ['Valid until', '22 December 2026', '22 December 2026'],
      ['Quality score', '75/100', '85/100Highest'],
      ['Status', 'Offered', 'Offered'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Price excl. VAT' })).toBeTruthy();
  });

  it('accepts only after a confirmation naming the supplier and the total excl. and incl. VAT, then shows every card as the answer has it', async () => {
    const { user, bodies, dialog } = await openAcceptance({
      accept: () => HttpResponse.json(trackedAnswer(threeQuotes(['accepted', 'not_selected', 'not_selected']), 1, 'awarded')),
    });
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Coastal Hygiene for R4,000.00 excl. VAT (R4,600.00 incl. VAT).',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Delivery address/ }));
    expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_secret1']);

    await fillDetails(user, dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Purchase order reference (optional)' }), 'PO-2291');
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText(/^You accepted this quote on 22 November 2026\./)).toBeTruthy();
    expect(screen.getByText(/^You accepted this quote/).textContent).toBe(
      'You accepted this quote on 22 November 2026. Coastal Hygiene has your order and contact details and is asked to confirm it; the other suppliers were told they were not selected.',
    );
    expect(screen.getByText(/^You accepted this quote/).parentElement!.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_secret1', 'POST /api/quotes/track/qt_1_secret1/accept']);
    expect(bodies.map((b) => JSON.parse(b as string))).toEqual([
      { deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319', phone: '031 555 0142', purchaseOrderReference: 'PO-2291' },
    ]);
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual(['Accepted', 'Not selected', 'Not selected']);
    expect(screen.getByText('This quote:').textContent).toBe('This quote: Accepted');
    expect(screen.getByText('Your request:').textContent).toBe('Your request: Awarded');
    expect(screen.queryByRole('button', { name: /Accept|Decline|Close request/ })).toBeNull();
  });

  it('asks for the delivery address and phone, each problem on its field, focus on the first, and sends nothing until they are right', async () => {
    const { user, dialog } = await openAcceptance({
      accept: () => HttpResponse.json(trackedAnswer(threeQuotes(['accepted', 'not_selected', 'not_selected']), 1, 'awarded')),
    });
    const address = within(dialog).getByRole('textbox', { name: /Delivery address/ });
    const phone = within(dialog).getByRole('textbox', { name: /Phone number/ });
    const vat = within(dialog).getByRole('textbox', { name: 'VAT number (optional)' });
    expect([address, phone].map((f) => f.getAttribute('aria-required'))).toEqual(['true', 'true']);

    await user.type(vat, '5123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    const message = (field: HTMLElement) => document.getElementById(`${field.id}-error`)?.textContent;
    expect([address, phone, vat].map(message)).toEqual([
      'Please enter the street address for delivery',
      'Please enter a South African phone number, e.g. 082 123 4567',
      'VAT number must be 10 digits starting with 4',
    ]);
    expect([address, phone, vat].map((f) => f.getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true']);
    expect(document.activeElement).toBe(address);

    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(document.activeElement).toBe(vat);
    expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_secret1']);

    await user.clear(vat);
    await user.type(vat, '4123 456 789{Enter}');
    expect(await screen.findByText(/^You accepted this quote/)).toBeTruthy();
    expect(api.requests.at(-1)).toBe('POST /api/quotes/track/qt_1_secret1/accept');
  });

  it("shows the server's message for a field on that field", async () => {
    const { user, dialog } = await openAcceptance({
      accept: () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_error',
              message: 'Request validation failed',
              details: { fields: { phone: 'Please enter a South African phone number, e.g. 082 123 4567' } },
            },
          },
          { status: 400 },
        ),
    });
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    const phone = within(dialog).getByRole('textbox', { name: /Phone number/ });
    await within(dialog).findByText('Please enter a South African phone number, e.g. 082 123 4567');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(within(dialog).queryByText(/Request validation failed/)).toBeNull();
  });

  it("shows a refusal in the server's own words and changes nothing", async () => {
    const { user, dialog } = await openAcceptance({
      accept: () => HttpResponse.json({ error: { code: 'rfq_awarded', message: 'This request was already awarded to Berea Supplies.' } }, { status: 409 }),
    });
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This request was already awarded to Berea Supplies.');
    expect(within(dialog).getByRole('button', { name: 'Accept quote' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(statusOf('Coastal Hygiene')).toBe('Offered');
  });

  it('accepts another quote of the request from its card, with its own link', async () => {
    const user = userEvent.setup();
    serve(trackedAnswer(threeQuotes(), 1), {
      accept: () => HttpResponse.json(trackedAnswer(threeQuotes(['not_selected', 'accepted', 'not_selected']), 2, 'awarded')),
    });
    await page();
    await user.click(within(card('Berea Supplies')).getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Berea Supplies for R4,600.00 excl. VAT (R5,290.00 incl. VAT).',
    );
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await screen.findByText('You accepted the quote from Berea Supplies, so this one was not selected.');
    expect(api.requests.at(-1)).toBe('POST /api/quotes/track/qt_2_secret2/accept');
    expect(screen.getByText('This quote:').textContent).toBe('This quote: Not selected');
  });

  it("opens the acceptance from the e-mail's button (?action=accept) without accepting, and forgets the action", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', `/quote/${TOKEN}?action=accept`);
    serve(trackedAnswer(threeQuotes(), 1), {
      accept: () => HttpResponse.json(trackedAnswer(threeQuotes(['accepted', 'not_selected', 'not_selected']), 1, 'awarded')),
    });
    await page();
    expect(await screen.findByRole('dialog', { name: 'Accept this quote?' })).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_secret1']);
    // The buyer's own acceptance is the only one sent: one the link sent by itself would come before it.
    const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_secret1', 'POST /api/quotes/track/qt_1_secret1/accept']));
  });

  it('does not ask to accept from the e-mail a quote that can no longer be', async () => {
    window.history.replaceState(null, '', `/quote/${TOKEN}?action=accept`);
    serve(trackedAnswer(threeQuotes(['not_selected', 'accepted', 'not_selected']), 1, 'awarded'));
    await page();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('You accepted the quote from Berea Supplies, so this one was not selected.')).toBeTruthy();
  });

  it('declines this quote, which can still be accepted afterwards', async () => {
    const user = userEvent.setup();
    serve(trackedAnswer(threeQuotes(), 1), { decline: () => HttpResponse.json(trackedAnswer(threeQuotes(['declined', 'offered', 'offered']), 1)) });
    await page();
    await user.click(screen.getByRole('button', { name: 'Decline this quote' }));
    expect(await screen.findByText('You declined this quote. The supplier is not told, and while your request is open you can still accept it.')).toBeTruthy();
    expect(api.requests.at(-1)).toBe('POST /api/quotes/track/qt_1_secret1/decline');
    expect(statusOf('Coastal Hygiene')).toBe('Declined');
    expect(screen.getByRole('button', { name: 'Accept this quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline this quote' })).toBeNull();
  });

  it('closes the request without a winner after a confirmation', async () => {
    const { user, dialog } = await openConfirmation('Close request without a winner', 'Close this request without a winner?', {
      close: () => HttpResponse.json(trackedAnswer(threeQuotes(['not_selected', 'not_selected', 'not_selected']), 1, 'closed')),
    });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close request' }));
    expect(await screen.findByText('You closed this request without a winner. The suppliers who quoted were told.')).toBeTruthy();
    expect(api.requests.at(-1)).toBe('POST /api/quotes/track/qt_1_secret1/close');
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual(['Not selected', 'Not selected', 'Not selected']);
    expect(screen.getByText('Your request:').textContent).toBe('Your request: Closed');
    expect(screen.queryByRole('button', { name: /Accept|Decline|Close request/ })).toBeNull();
  });

  it('says why a withdrawn quote ended, and that the request is open again for another', async () => {
    serve(trackedAnswer(threeQuotes(['withdrawn', 'offered', 'offered']), 1, 'open', { withdrawalReason: 'Out of stock until January' }));
    await page();
    expect(screen.getByText(/withdrew this quote/).textContent).toBe(
      'Coastal Hygiene withdrew this quote on 22 November 2026: “Out of stock until January”. Your request is open again: you can accept another quote below.',
    );
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
    expect(within(card('Berea Supplies')).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });
});

describe("Procura's assessment on the tracking page", () => {
  it('is named for what it is, fixed rules and not AI, with each score explained and the way to the full explanation', async () => {
    serve(trackedAnswer(threeQuotes(), 1));
    await page();
    expect(screen.queryByText(/AI analysis/)).toBeNull();
    const section = screen.getByRole('region', { name: 'Procura’s assessment' });
    expect(within(section).getByText(/^Worked out by fixed rules/).textContent).toBe(
      'Worked out by fixed rules from the supplier’s record on Procura, the same for every supplier: no AI is involved. How quotes are scored',
    );
    expect(within(section).getByRole('link', { name: 'How quotes are scored' }).getAttribute('href')).toBe('/how-it-works#scores');
    const list = section.querySelector('dl')!;
    expect(Object.fromEntries([...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]))).toEqual({
      'Quality score':
        '75/100The buyers’ average rating of their orders on Procura gives up to 85 points (1 of 5 none, 5 of 5 all 85), from the third rating on; verification by Procura gives 15 more.',
      Reliability:
        '80/100Orders received on time and in full, as buyers confirmed them on Procura in the last 12 months, give up to 80 points (none while the supplier is new on Procura, with fewer than 3 receipts), and how quickly the supplier answers up to 20.',
      'Risk level':
        'low riskHigh below 80% of orders on time and in full or a buyers’ average below 3.5; medium below 90%, while new on Procura, or not verified; low otherwise.',
    });
  });
});

describe("the tracking page's view count", () => {
  afterEach(() => sessionStorage.clear());
  const viewed = () => screen.getByText(/^Quote from /).textContent;

  it("counts a view from the buyer's e-mail as theirs, drops the mark from the address, and keeps the request's tokens for the tab", async () => {
    window.history.replaceState(null, '', `/quote/${TOKEN}#from=email`);
    serve(trackedAnswer(threeQuotes(), 1));
    await page();
    expect(api.requests).toEqual([`GET /api/quotes/track/${TOKEN}?view=own`]);
    expect(window.location.hash).toBe('');
    // The tokens are kept once the answer is in, in an effect after the page has drawn it.
    await waitFor(() => expect(quoteTokens(RFQ_ID)).toEqual(Object.fromEntries(threeQuotes().map((q) => [q.id, q.trackingToken]))));
    expect(viewed()).toBe(
      `Quote from Coastal Hygiene · Opened by others 2 times (your own visits are not counted): first on 22 November 2026, last at ${formatTime('2026-11-22T11:30:00.000Z')}.`,
    );
  });

  it("counts a view in the tab that sent the request as the buyer's own", async () => {
    keepQuoteTokens(RFQ_ID, threeQuotes());
    serve(trackedAnswer(threeQuotes(), 1, 'open', { viewCount: 0 }));
    await page();
    expect(api.requests).toEqual([`GET /api/quotes/track/${TOKEN}?view=own`]);
    expect(viewed()).toBe('Quote from Coastal Hygiene · Nobody else has opened this quote’s link.');
  });

  it('counts a view anywhere else, such as an address copied from the bar', async () => {
    serve(trackedAnswer(threeQuotes(), 1));
    await page();
    expect(api.requests).toEqual([`GET /api/quotes/track/${TOKEN}`]);
    expect(quoteTokens(RFQ_ID)).toEqual({});
  });

  it('says a widget demo request is a demo, and offers no accept for it or its siblings', async () => {
    const quotes = threeQuotes();
    const read = trackedAnswer(quotes, 1);
    serve({ ...read, quote: { ...read.quote, rfq: { ...read.quote.rfq, demo: true } } });
    await page();
    expect(screen.getByText(/^A demo:/).textContent).toBe(
      'A demo: this request came from the widget demo, so no supplier was told of it and its quotes cannot be accepted. To order, send a request from the home page.',
    );
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close request without a winner' })).toBeTruthy();
  });

  it('ends the sentence once when the reason ends with its own full stop', async () => {
    serve(trackedAnswer(threeQuotes(['withdrawn', 'offered', 'offered']), 1, 'open', { withdrawalReason: 'Out of stock until December.' }));
    await page();
    expect(screen.getByText(/withdrew this quote/).textContent).toBe(
      'Coastal Hygiene withdrew this quote on 22 November 2026: “Out of stock until December.” Your request is open again: you can accept another quote below.',
    );
  });
});

describe('the tracking page of a basket quote', () => {
  const line = (lineId: string, productName: string, quantity: number, unitPrice: number, status: 'offered' | 'accepted' | 'not_selected') => ({
    lineId,
    productName,
    quantity,
    unit: 'litres',
    pricingBasis: 'price-list' as const,
    listUnitPrice: unitPrice,
    unitPrice,
    discountPercent: 0,
    totalPrice: quantity * unitPrice,
    minimumOrderQuantity: 1,
    leadTime: '1-2 days',
    status,
  });

  it('shows the products it quotes line by line, the lines ordered from it, and a minimum order in rand, where a single product has a unit price', async () => {
    const [first, ...others] = threeQuotes(['accepted', 'offered', 'offered']);
    const basketQuote = {
      ...first!,
      unitPrice: 0,
      minimumOrderQuantity: 0,
      minimumOrder: 500,
      lines: [line('L1', 'Household Bleach', 40, 20, 'accepted'), line('L3', 'Liquid Hand Soap', 10, 35, 'offered')],
      coverage: { covered: 2, total: 3, text: '2 of 3 lines' },
    };
    serve(trackedAnswer([basketQuote, ...others], 1));
    await page();
    const details = within(screen.getByRole('heading', { level: 2, name: 'Quote details' }).closest('section')!);
    const term = (name: string) => details.queryByText(name, { selector: 'dt' })?.nextElementSibling?.textContent;
    expect(term('Products')).toBe('2 of 3 lines');
    expect(term('Unit price')).toBeUndefined();
    expect(term('Quantity')).toBeUndefined();
    expect(term('Minimum order')).toBe('R500.00 excl. VAT');
    const rows = within(details.getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['Household BleachOrdered40 litresR20.00R800.00', 'Liquid Hand Soap10 litresR35.00R350.00']);
    expect(screen.getByText(/^You accepted this quote/).textContent).toContain(
      'a product you ordered here is no longer open to the others, and one you did not stays open to them.',
    );
    // Closing now ends the rest of the basket: the order stands, and the page says so.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close the rest of the request' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the rest of this request?' });
    expect(dialog.textContent).toContain('What you ordered stands.');
    expect(screen.queryByRole('button', { name: 'Close request without a winner' })).toBeNull();
  });

  it('names every supplier the basket was ordered from on a quote that was not selected', async () => {
    const [first, second, third] = threeQuotes(['not_selected', 'accepted', 'accepted']);
    const withLines = (q: typeof first, status: 'accepted' | 'not_selected') => ({
      ...q!,
      lines: [line('L1', 'Household Bleach', 40, 20, status)],
      coverage: { covered: 1, total: 2, text: '1 of 2 lines' },
    });
    serve(trackedAnswer([withLines(first, 'not_selected'), withLines(second, 'accepted'), withLines(third, 'accepted')], 1, 'awarded'));
    await page();
    expect(screen.getByText(/so this quote was not selected/).textContent).toBe(
      "You ordered this basket's products from Berea Supplies and Umhlanga Chemicals, so this quote was not selected.",
    );
  });

  /** Opens the acceptance of quote 1 as a basket's quote holding the bleach (`bleach` its status) and the open soap, 2 of the basket's 3 lines. */
  const openBasketAcceptance = (bleach: 'offered' | 'not_selected', prices: { totalPrice?: number; totalPriceInclVat?: number } = {}) => {
    const [first, ...others] = threeQuotes();
    const lines = [line('L1', 'Household Bleach', 40, 20, bleach), line('L3', 'Liquid Hand Soap', 10, 35, 'offered')];
    const read = trackedAnswer([{ ...first!, ...prices, lines, coverage: { covered: 2, total: 3, text: '2 of 3 lines' } }, ...others], 1);
    return openAcceptance({ accept: () => HttpResponse.json(read) }, read);
  };

  /** Checks the confirmation offers the soap alone at its price, accepts, and that only the soap's line was sent. */
  async function acceptSoapAlone({ user, dialog, bodies }: Awaited<ReturnType<typeof openAcceptance>>) {
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Coastal Hygiene for R350.00 excl. VAT (R402.50 incl. VAT): Liquid Hand Soap.',
    );
    await fillDetails(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(bodies[0] as string)).toMatchObject({ lineIds: ['L3'] });
  }

  it('confirms an order of the lines still open, at their total, and sends only those', async () => {
    await acceptSoapAlone(await openBasketAcceptance('not_selected', { totalPrice: 1150, totalPriceInclVat: 1322.5 }));
  });

  it('lets the buyer tick which of the open lines to order, as the results page does', async () => {
    const opened = await openBasketAcceptance('offered');
    await opened.user.click(within(opened.dialog).getByRole('checkbox', { name: /Household Bleach/ }));
    await acceptSoapAlone(opened);
  });
});

describe('the purchase orders of an ordered quote on the tracking page', () => {
  it('lists each by number with the PDF of each, as the results page does', async () => {
    const quotes = threeQuotes(['accepted', 'not_selected', 'not_selected']);
    quotes[0] = {
      ...quotes[0]!,
      orders: [
        purchaseOrder(),
        purchaseOrder({
          purchaseOrderNumber: 'PO-2026-000140',
          issuedOn: '2026-11-24',
          deliverBy: '2026-11-28',
          status: 'cancelled',
          promisedOn: '2026-11-28',
        }),
      ],
    };
    serve(trackedAnswer(quotes, 1, 'awarded'));
    render(<QuoteTrackingPage params={{ token: TOKEN }} />);
    const list = await screen.findByRole('list', { name: 'Purchase orders to Coastal Hygiene' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Purchase order PO-2026-000123 (PDF)', `/api/quotes/track/${TOKEN}/purchase-order.pdf?po=PO-2026-000123`],
      ['Cancelled purchase order PO-2026-000140 (PDF)', `/api/quotes/track/${TOKEN}/purchase-order.pdf?po=PO-2026-000140`],
    ]);
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('issued 24 November 2026, cancelled: the supplier withdrew.');
    // The one link without a number is gone: each order has its own.
    expect(screen.queryByRole('link', { name: 'Purchase order (PDF)' })).toBeNull();
  });
});
