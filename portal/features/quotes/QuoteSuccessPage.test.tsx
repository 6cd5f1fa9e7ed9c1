// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from 'wouter';
import userEvent from '@testing-library/user-event';
import { setupApiMock } from '../../../widget/test/api-mock';
import { keepQuoteTokens } from '../../lib/submission-tokens';
import { RFQ_ID, rfqAnswer, threeQuotes, trackedAnswer } from '../../test/quotes';
import { useEffect } from 'react';
import { ToastProvider, useToast } from '../../components/ui/toast';
import { SENT_TOAST } from '../../lib/fresh-submission';
import QuoteSuccessPage from './QuoteSuccessPage';

const api = setupApiMock();

const at = (path: string) => {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <QuoteSuccessPage />
    </Router>,
  );
};

describe('the results page when the request cannot be shown', () => {
  it("shows 'Quote Not Found' with the answer's error text", async () => {
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json({ error: { code: 'rfq_not_found', message: 'RFQ not found' } }, { status: 404 })));
    at('/quote-success?rfqId=123456789012345678');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Quote Not Found')).toBeTruthy();
    expect(within(alert).getByText('Unable to load quote details: 404: RFQ not found')).toBeTruthy();
    expect(api.requests).toEqual(['GET /api/rfq/123456789012345678']);
  });

  it("says 'Invalid Request' and asks nothing without an id", async () => {
    at('/quote-success');
    expect(within(screen.getByRole('alert')).getByText('No quote ID provided in URL')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});

describe('the results page straight after a request whose e-mail was not sent', () => {
  it('says the quotes are here, which address was not e-mailed and why, instead of claiming they were sent', async () => {
    const notSent = 'We did not e-mail these quotes to b***@example.co.za: it asked Procura to send it no more quote e-mails.';
    window.history.replaceState({ fresh: { email: 'buyer@example.co.za', count: 0, notSent } }, '');
    api.server.use(
      http.get('*/api/rfq/:rfqId', () =>
        HttpResponse.json({
          rfqId: '123456789012345678',
          productName: 'Floor polish',
          deliveryLocation: 'Durban, KwaZulu-Natal',
          quantity: 10,
          unit: 'litres',
          supplierCount: 3,
          primaryEmail: 'b***@example.co.za',
          companySize: null,
          status: 'open',
          awardedQuoteId: null,
          matching: { requested: 3, matched: 0, message: 'No supplier delivers there yet.' },
          quotes: [],
          createdAt: '2026-11-22T10:00:00.000Z',
        }),
      ),
    );
    try {
      at('/quote-success?rfqId=123456789012345678');
      const panel = (await screen.findByRole('heading', { name: 'Request Received' })).closest('section')!;
      expect(within(panel).getByText(notSent)).toBeTruthy();
      expect(within(panel).queryByText(/We e-mailed the details/)).toBeNull();
    } finally {
      window.history.replaceState(null, '');
    }
  });
});

describe('the statuses on the results page', () => {
  afterEach(() => sessionStorage.clear());
  const card = (supplier: string) => screen.getByRole('heading', { level: 3, name: supplier }).closest('article')!;
  const statusOf = (supplier: string) => within(card(supplier)).getByText('Status:').textContent;
  const facts = () => {
    const list = screen.getByRole('heading', { name: 'Your request' }).closest('section')!.querySelector('dl')!;
    return Object.fromEntries([...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
  };

  it("shows each quote's status, marks the winner, and the request's status and company size", async () => {
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes(['not_selected', 'confirmed', 'not_selected']), 'awarded'))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual([
      'Status: Not selected',
      'Status: Confirmed by supplier',
      'Status: Not selected',
    ]);
    expect(within(card('Berea Supplies')).getByText('Your chosen supplier')).toBeTruthy();
    expect(within(card('Coastal Hygiene')).queryByText('Your chosen supplier')).toBeNull();
    expect(facts()).toMatchObject({ 'Company size': '250+ employees', Status: 'Awarded to Berea Supplies' });
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('says acceptance happens from the e-mail when this tab did not send the request', async () => {
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes()))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    expect((await screen.findByText(/To accept a quote, open this page from/)).textContent).toBe(
      'To accept a quote, open this page from the Compare all quotes link of the e-mail we sent you, or use a quote’s Accept this quote button there. Anyone with this page’s address can read it, so the address alone cannot accept for you.',
    );
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Compare quotes' })).toBeTruthy();
  });

  it('says a widget demo request is a demo and offers no quote to accept, even in the tab that sent it', async () => {
    keepQuoteTokens(RFQ_ID, threeQuotes());
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes(), 'open', { demo: true }))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(screen.getByText(/^A demo:/).textContent).toBe(
      'A demo: this request came from the widget demo, so no supplier was told of it and its quotes cannot be accepted. To order, send a request from the home page.',
    );
    expect(screen.getByRole('link', { name: 'the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
    expect(screen.queryByText(/To accept a quote, open this page from/)).toBeNull();
  });

  it("accepts from the e-mail's Compare all quotes link in any browser, with the tokens of its fragment, which it then drops from the address", async () => {
    const user = userEvent.setup();
    const quotes = threeQuotes();
    window.history.replaceState(null, '', `/quote-success?rfqId=${RFQ_ID}#from=email&${quotes.map((q) => `${q.id}=${q.trackingToken}`).join('&')}`);
    api.server.use(
      http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(quotes))),
      http.post('*/api/quotes/track/:token/accept', () =>
        HttpResponse.json(trackedAnswer(threeQuotes(['not_selected', 'accepted', 'not_selected']), 2, 'awarded')),
      ),
    );
    try {
      at(`/quote-success?rfqId=${RFQ_ID}`);
      await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
      expect(window.location.hash).toBe('');
      expect(window.location.search).toBe(`?rfqId=${RFQ_ID}`);
      expect(screen.queryByText(/To accept a quote, open this page from/)).toBeNull();
      await user.click(within(card('Berea Supplies')).getByRole('button', { name: 'Accept this quote' }));
      const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
      expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
        'You are accepting the quote from Berea Supplies for R4,600.00 excl. VAT (R5,290.00 incl. VAT).',
      );
      await user.type(within(dialog).getByRole('textbox', { name: /Delivery address/ }), '14 Chartwell Drive, Umhlanga, 4319');
      await user.type(within(dialog).getByRole('textbox', { name: /Phone number/ }), '+27 31 555 0142');
      await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
      await screen.findByText(/^You accepted the quote from Berea Supplies/);
      expect(api.requests).toEqual([`GET /api/rfq/${RFQ_ID}`, 'POST /api/quotes/track/qt_2_secret2/accept']);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('accepts in the tab that sent the request, after the same confirmation with the delivery details, and marks the others not selected', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    keepQuoteTokens(RFQ_ID, threeQuotes());
    api.server.use(
      http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes()))),
      http.post('*/api/quotes/track/:token/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(trackedAnswer(threeQuotes(['not_selected', 'not_selected', 'accepted']), 3, 'awarded'));
      }),
    );
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(screen.queryByText(/To accept a quote, open this page from/)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Accept this quote' })).toHaveLength(3);

    await user.click(within(card('Umhlanga Chemicals')).getByRole('button', { name: 'Accept this quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Umhlanga Chemicals for R5,200.00 excl. VAT (R5,980.00 incl. VAT).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Delivery address/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: /Delivery address/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Delivery address/ }), '14 Chartwell Drive, Umhlanga, 4319');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone number/ }), '+27 31 555 0142');
    await user.type(within(dialog).getByRole('textbox', { name: 'VAT number (optional)' }), '4123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));

    expect((await screen.findByText(/^You accepted the quote from Umhlanga Chemicals/)).textContent).toBe(
      'You accepted the quote from Umhlanga Chemicals. We sent them your order and contact details, and told the other suppliers they were not selected.',
    );
    expect(api.requests).toEqual([`GET /api/rfq/${RFQ_ID}`, 'POST /api/quotes/track/qt_3_secret3/accept']);
    expect(bodies).toEqual([{ deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319', phone: '+27 31 555 0142', vatNumber: '4123456789' }]);
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual([
      'Status: Not selected',
      'Status: Not selected',
      'Status: Accepted',
    ]);
    expect(within(card('Umhlanga Chemicals')).getByText('Your chosen supplier')).toBeTruthy();
    expect(facts()).toMatchObject({ Status: 'Awarded to Umhlanga Chemicals' });
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
  });
});

describe('what each quote card tells of its supplier', () => {
  const card = (supplier: string) => screen.getByRole('heading', { level: 3, name: supplier }).closest('article')!;
  const fact = (supplier: string, term: string) => within(card(supplier)).getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

  it('says when the supplier usually answers, and to expect 24-48 hours where none is recorded', async () => {
    const [a, b, c] = threeQuotes();
    const quotes = [a!, { ...b!, supplier: { ...b!.supplier, responseTimeHours: null } }, { ...c!, supplier: { ...c!.supplier, responseTimeHours: 48 } }];
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(quotes))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(fact('Coastal Hygiene', 'Supplier response')).toBe('Usually within 4 hours');
    expect(fact('Berea Supplies', 'Supplier response')).toBe('Expected 24-48 hours');
    expect(fact('Umhlanga Chemicals', 'Supplier response')).toBe('Usually within 2 days');
  });
});

describe('the summary tiles', () => {
  const tile = (label: string) => screen.getByText(label, { selector: '.stat > span' }).closest('.stat')!;

  it("agree with the cards: the lowest price with and without VAT, the fastest quote's own lead time", async () => {
    const [a, b, c] = threeQuotes();
    const quotes = [a!, { ...b!, leadTime: '1-3 days', leadTimeDays: { min: 1, max: 3 } }, { ...c!, leadTime: '1-2 days', leadTimeDays: { min: 1, max: 2 } }];
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(quotes))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(tile('Lowest price').textContent).toBe('Lowest priceR4,000.00 excl. VATR4,600.00 incl. VAT');
    expect(tile('Fastest delivery').textContent).toBe('Fastest delivery1-2 daysUmhlanga Chemicals');
  });

  it('leave out a withdrawn quote, which can no longer be had', async () => {
    const [a, b, c] = threeQuotes();
    const quotes = [
      { ...a!, status: 'withdrawn' as const, leadTime: '1 day', leadTimeDays: { min: 1, max: 1 } },
      { ...b!, leadTime: '1-3 days', leadTimeDays: { min: 1, max: 3 } },
      c!,
    ];
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(quotes))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(tile('Lowest price').textContent).toBe('Lowest priceR4,600.00 excl. VATR5,290.00 incl. VAT');
    expect(tile('Fastest delivery').textContent).toBe('Fastest delivery1-3 daysBerea Supplies');
  });

  it('name no one supplier as fastest when quotes tie on delivery', async () => {
    const [a, b, c] = threeQuotes();
    const quotes = [a!, { ...b!, leadTime: '1-2 days', leadTimeDays: { min: 1, max: 2 } }, { ...c!, leadTime: '1-2 days', leadTimeDays: { min: 1, max: 2 } }];
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(quotes))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(tile('Fastest delivery').textContent).toBe('Fastest delivery1-2 days2 quotes');
  });

  it('explain the quality score, and link to how quotes are scored', async () => {
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes()))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(tile('Average quality').textContent).toBe('Average quality80/100of the quotes’ quality scores');
    const note = screen.getByText(/^Quality scores are out of 100/);
    expect(note.textContent).toBe(
      'Quality scores are out of 100. The buyers’ average rating of their orders on Procura gives up to 85 points (1 of 5 none, 5 of 5 all 85), from the third rating on; verification by Procura gives 15 more. Worked out by fixed rules, not AI: How quotes are scored',
    );
    expect(within(note).getByRole('link', { name: 'How quotes are scored' }).getAttribute('href')).toBe('/how-it-works#scores');
  });
});

describe('the results page straight after sending', () => {
  function SentToast() {
    const toast = useToast();
    useEffect(() => toast({ title: 'Request Submitted Successfully!', description: '3 quotes were sent to buyer@clinic.co.za.', key: SENT_TOAST }), [toast]);
    return null;
  }

  it('takes over from the toast that said the request was sent, so it covers nothing of the page', async () => {
    window.history.replaceState({ fresh: { email: 'buyer@clinic.co.za', count: 3, notSent: null } }, '');
    let loaded!: () => void;
    const answered = new Promise<void>((resolve) => (loaded = resolve));
    api.server.use(
      http.get('*/api/rfq/:rfqId', async () => {
        await answered;
        return HttpResponse.json(rfqAnswer(threeQuotes()));
      }),
    );
    try {
      const { hook, searchHook } = memoryLocation({ path: `/quote-success?rfqId=${RFQ_ID}` });
      render(
        <ToastProvider>
          <SentToast />
          <Router hook={hook} searchHook={searchHook}>
            <QuoteSuccessPage />
          </Router>
        </ToastProvider>,
      );
      // While the quotes load, the toast is what says the request went.
      expect(screen.getByText('3 quotes were sent to buyer@clinic.co.za.')).toBeTruthy();
      loaded();
      const panel = (await screen.findByRole('heading', { name: 'Quotes Sent Successfully!' })).closest('section')!;
      expect(panel.textContent).toContain('3 quotes were sent to buyer@clinic.co.za.');
      await waitFor(() => expect(screen.queryByText('Request Submitted Successfully!')).toBeNull());
    } finally {
      window.history.replaceState(null, '');
    }
  });
});

describe('the results page of a request sent from this tab, once ordered', () => {
  it('no longer tells the buyer to accept one: that step is done', async () => {
    window.history.replaceState({ fresh: { email: 'buyer@clinic.co.za', count: 3, notSent: null } }, '');
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes(['accepted', 'not_selected', 'not_selected']), 'awarded'))));
    try {
      const { hook, searchHook } = memoryLocation({ path: `/quote-success?rfqId=${RFQ_ID}` });
      render(
        <ToastProvider>
          <Router hook={hook} searchHook={searchHook}>
            <QuoteSuccessPage />
          </Router>
        </ToastProvider>,
      );
      const panel = (await screen.findByRole('heading', { name: 'Quotes Sent Successfully!' })).closest('section')!;
      expect(panel.textContent).toContain('3 quotes were sent to buyer@clinic.co.za.');
      expect(within(panel).queryByRole('heading', { name: 'What happens next?' })).toBeNull();
    } finally {
      window.history.replaceState(null, '');
    }
  });
});

describe('B-BBEE on the results page', () => {
  it('shows each quote’s level and recognised spend, and orders the quotes by level or recognised spend', async () => {
    const user = userEvent.setup();
    const [a, b, c] = threeQuotes();
    const expired = {
      ...b!,
      recognisedSpend: 0,
      supplier: {
        ...b!.supplier,
        bbee: { level: null, evidence: 'certificate' as const, expiresOn: '2026-10-31', status: 'expired' as const, recognitionPercent: 0 },
      },
    };
    const none = {
      ...a!,
      recognisedSpend: 0,
      supplier: { ...a!.supplier, bbee: { level: null, evidence: null, expiresOn: null, status: 'none' as const, recognitionPercent: 0 } },
    };
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer([none, expired, c!]))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    const names = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article')!;
    // The card's total stands once, above: the B-BBEE line gives the level and the spend it is worth.
    expect(within(card('Umhlanga Chemicals')).getByText('B-BBEE level 3 · recognised R5,720.00')).toBeTruthy();
    expect(within(card('Berea Supplies')).getByText('B-BBEE non-compliant: evidence expired 2026-10-31 · recognised R0.00')).toBeTruthy();
    expect(within(card('Coastal Hygiene')).getByText('No B-BBEE evidence · recognised R0.00')).toBeTruthy();
    expect(
      within(card('Umhlanga Chemicals'))
        .getAllByText(/R5,200\.00/)
        .map((e) => e.className),
    ).toEqual(['big-figure']);
    expect(names()).toEqual(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order quotes by' }), 'Best B-BBEE level');
    expect(names()).toEqual(['Umhlanga Chemicals', 'Coastal Hygiene', 'Berea Supplies']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order quotes by' }), 'Highest recognised spend');
    expect(names()).toEqual(['Umhlanga Chemicals', 'Coastal Hygiene', 'Berea Supplies']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order quotes by' }), 'Lowest price');
    expect(names()).toEqual(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals']);
  });
});

describe('a basket on the results page', () => {
  /** A two-line basket: Coastal Hygiene quotes both lines, Berea Supplies the bags, cheaper. */
  function basket() {
    const lines = [
      { lineId: 'L1', productName: 'Household Bleach', quantity: 40, unit: 'litres' },
      { lineId: 'L2', productName: 'Refuse Bags', quantity: 20, unit: 'rolls' },
    ];
    const priced = (lineId: string, unitPrice: number) => {
      const l = lines.find((x) => x.lineId === lineId)!;
      return {
        ...l,
        pricingBasis: 'price-list' as 'price-list' | 'category-estimate',
        listUnitPrice: unitPrice,
        unitPrice,
        discountPercent: 0,
        totalPrice: unitPrice * l.quantity,
        minimumOrderQuantity: 1,
        leadTime: '1-2 days',
        status: 'offered' as 'offered' | 'accepted' | 'not_selected',
      };
    };
    const [a, b] = threeQuotes();
    const both = {
      ...a!,
      totalPrice: 1200,
      lines: [priced('L1', 20), priced('L2', 20)],
      coverage: { covered: 2, total: 2, text: '2 of 2 lines' },
      minimumOrder: 0,
    };
    const bags = { ...b!, totalPrice: 300, lines: [priced('L2', 15)], coverage: { covered: 1, total: 2, text: '1 of 2 lines' }, minimumOrder: 0 };
    const option = (suppliers: { quoteId: string; lineIds: string[]; totalPrice: number }[], total: number) => ({
      lines: lines.map((l) => ({ lineId: l.lineId, quoteId: suppliers.find((s) => s.lineIds.includes(l.lineId))!.quoteId })),
      covered: 2,
      totalPrice: total,
      vatAmount: total * 0.15,
      totalPriceInclVat: total * 1.15,
      deliveries: suppliers.length,
      suppliers,
    });
    const split = {
      split: option(
        [
          { quoteId: both.id, lineIds: ['L1'], totalPrice: 800 },
          { quoteId: bags.id, lineIds: ['L2'], totalPrice: 300 },
        ],
        1100,
      ),
      single: option([{ quoteId: both.id, lineIds: ['L1', 'L2'], totalPrice: 1200 }], 1200),
      saving: 100,
      extraDeliveries: 1,
      message: 'Splitting saves R100.00 excl. VAT for one more delivery.',
    };
    return {
      lines,
      both,
      bags,
      split,
      answer: () => rfqAnswer([both, bags], 'open', { productName: 'Household Bleach and 1 more product', quantity: 2, unit: 'products', lines, split }),
    };
  }

  it('shows its products, the cheapest split beside the best single supplier, and each supplier’s price line by line', async () => {
    const { answer, bags } = basket();
    // Berea Supplies does not list the bags: its price is the market estimate, and the matrix says so.
    bags.lines[0]!.pricingBasis = 'category-estimate';
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(answer())));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { name: 'Cheapest split and best single supplier' });
    expect(screen.getByText('Household Bleach: 40 litres')).toBeTruthy();
    expect(screen.getByText('Splitting saves R100.00 excl. VAT for one more delivery.')).toBeTruthy();
    const splitCard = screen.getByRole('article', { name: 'Cheapest split' });
    expect(within(splitCard).getByText('R1,100.00')).toBeTruthy();
    expect(splitCard.textContent).toContain('2 deliveries');
    expect(
      within(splitCard)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Coastal Hygiene (R800.00): Household Bleach', 'Berea Supplies (R300.00): Refuse Bags']);
    expect(screen.getByRole('article', { name: 'Best single supplier' }).textContent).toContain('1 delivery');
    expect(screen.getByText('The split saves R100.00 excl. VAT against the single supplier.')).toBeTruthy();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Coastal Hygiene', 'Berea Supplies']);
    const bleach = within(table).getByRole('row', { name: /Household Bleach/ });
    expect(
      within(bleach)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['R800.00CheapestR20.00 per litre', 'Not quoted']);
    const refuse = within(table).getByRole('row', { name: /Refuse Bags/ });
    expect(
      within(refuse)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['R400.00R20.00 per roll', 'R300.00CheapestR15.00 per roll, estimated: not on its price list']);
    expect(within(table).getByRole('row', { name: /Total excl. VAT/ }).textContent).toContain('1 of 2 lines');
    // The summary's first figure is the split's, and each card says how much of the basket it covers.
    expect(screen.getByText('Cheapest split', { selector: '.stat span' }).closest('.stat')!.textContent).toContain('R1,100.00 excl. VAT');
    const card = within(document.querySelector<HTMLElement>('.quotes-grid')!).getByRole('heading', { level: 3, name: 'Berea Supplies' }).closest('article')!;
    expect(card.textContent).toContain('excl. VAT · 1 of 2 lines');
    // A basket quote's minimum order is in rand, or none: its lines each have their own quantities.
    expect(within(card).getByText('Minimum order', { selector: 'dt' }).nextElementSibling!.textContent).toBe('None');
  });

  it('compares the prices of the quotes of the most products, and orders them first by price', async () => {
    const user = userEvent.setup();
    const { answer } = basket();
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(answer())));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    const compare = within(await screen.findByRole('region', { name: 'Compare quotes' }));
    await user.click(compare.getByRole('checkbox', { name: /Coastal Hygiene/ }));
    await user.click(compare.getByRole('checkbox', { name: /Berea Supplies/ }));
    const row = (name: string) =>
      [
        ...within(compare.getByRole('table'))
          .getByRole('row', { name: new RegExp(`^${name}`) })
          .querySelectorAll('th, td'),
      ].map((c) => c.textContent);
    expect(row('Products quoted')).toEqual(['Products quoted', '2 of 2 lines', '1 of 2 lines']);
    // Berea's R300.00 is for the bags alone: the lowest price of the whole basket is Coastal's.
    expect(row('Price excl. VAT')).toEqual(['Price excl. VAT', 'R1,200.00Lowest', 'R300.00']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order quotes by' }), 'price');
    const cards = screen.getAllByRole('article').filter((a) => a.classList.contains('quote-card'));
    expect(cards.map((c) => c.querySelector('h3')!.textContent)).toEqual(['Coastal Hygiene', 'Berea Supplies']);
  });

  it('once part is ordered, states how much and from whom, and shows one supplier left for the rest once', async () => {
    const { both, bags, split, answer } = basket();
    // The bleach was ordered from Coastal Hygiene; the bags are left, which Berea Supplies quotes best.
    const rest = {
      lines: [
        { lineId: 'L1', quoteId: null },
        { lineId: 'L2', quoteId: bags.id },
      ],
      covered: 1,
      totalPrice: 300,
      vatAmount: 45,
      totalPriceInclVat: 345,
      deliveries: 1,
      suppliers: [{ quoteId: bags.id, lineIds: ['L2'], totalPrice: 300 }],
    };
    api.server.use(
      http.get('*/api/rfq/:rfqId', () => {
        const rfq = answer();
        return HttpResponse.json({
          ...rfq,
          quotes: [{ ...both, status: 'accepted', lines: both.lines.map((l) => ({ ...l, status: l.lineId === 'L1' ? 'accepted' : 'offered' })) }, { ...bags }],
          split: { ...split, split: rest, single: rest, saving: 0, message: 'One supplier is the cheapest for all lines: R300.00 excl. VAT, one delivery.' },
        });
      }),
    );
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 2, name: 'Best single supplier' });
    expect(screen.getByText('Status').nextElementSibling!.textContent).toBe('Open · 1 of 2 products ordered from Coastal Hygiene');
    expect(screen.queryByRole('article', { name: 'Cheapest split' })).toBeNull();
    const card = screen.getByRole('article', { name: 'Best single supplier' });
    expect(card.textContent).not.toContain('not quoted');
    expect(screen.getByText('Of the products you have not ordered yet.')).toBeTruthy();
    // The summary's first figure is of what is left, not a split of the whole basket.
    expect(screen.getByText('Cheapest for the rest').parentElement!.textContent).toContain('1 of 1 product left to order · 1 delivery');
  });

  it('accepts the split in one step from the tab that sent the request, then shows what was ordered', async () => {
    const user = userEvent.setup();
    const { both, bags, split, answer } = basket();
    keepQuoteTokens(RFQ_ID, [both, bags]);
    const bodies: unknown[] = [];
    let ordered = false;
    api.server.use(
      http.get('*/api/rfq/:rfqId', () => {
        const rfq = answer();
        if (!ordered) return HttpResponse.json(rfq);
        // Read again after the order: each supplier's lines of the split accepted, nothing left to split.
        const status = (quoteId: string, lineId: string) =>
          split.split.lines.find((l) => l.lineId === lineId)!.quoteId === quoteId ? 'accepted' : 'not_selected';
        return HttpResponse.json({
          ...rfq,
          status: 'awarded',
          awardedQuoteId: both.id,
          quotes: rfq.quotes.map((q) => ({ ...q, status: 'accepted', lines: q.lines!.map((l) => ({ ...l, status: status(q.id, l.lineId) })) })),
          split: { ...split, split: { ...split.split, covered: 0, suppliers: [], lines: split.split.lines.map((l) => ({ ...l, quoteId: null })) } },
        });
      }),
      http.post('*/api/quotes/track/:token/accept-split', async ({ request }) => {
        bodies.push(await request.json());
        ordered = true;
        return HttpResponse.json(trackedAnswer(threeQuotes(['accepted', 'accepted', 'not_selected']), 1, 'awarded'));
      }),
    );
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Accept cheapest split' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept the cheapest split?' });
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
      'You are accepting the split between Coastal Hygiene and Berea Supplies for R1,100.00 excl. VAT (R1,265.00 incl. VAT): Household Bleach, Refuse Bags.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Delivery address/ }), '14 Chartwell Drive, Umhlanga, 4319');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone number/ }), '082 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Accept split' }));

    expect((await screen.findByText(/^You ordered from/)).textContent).toBe(
      'You ordered from Coastal Hygiene and Berea Supplies. We sent each its order and your contact details; a supplier left with nothing to supply is told it was not selected.',
    );
    expect(api.requests).toEqual([`GET /api/rfq/${RFQ_ID}`, `POST /api/quotes/track/${both.trackingToken}/accept-split`, `GET /api/rfq/${RFQ_ID}`]);
    expect(bodies).toEqual([{ deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319', phone: '082 123 4567' }]);
    // Nothing is left to split; the matrix marks what each supplier was ordered.
    expect(screen.queryByRole('heading', { name: 'Cheapest split and best single supplier' })).toBeNull();
    const bleach = within(screen.getByRole('table')).getByRole('row', { name: /Household Bleach/ });
    expect(within(bleach).getAllByRole('cell')[0]!.textContent).toBe('R800.00OrderedR20.00 per litre');
    // Each chosen supplier's card says what was ordered from it, beside the whole of its quote.
    const cardOf = (name: string) => screen.getByRole('article', { name });
    expect(within(cardOf('Coastal Hygiene')).getByText(/^Ordered from it/).parentElement!.textContent).toBe(
      'Ordered from it: R800.00 excl. VAT for Household Bleach',
    );
    expect(within(cardOf('Berea Supplies')).getByText(/^Ordered from it/).parentElement!.textContent).toBe(
      'Ordered from it: R300.00 excl. VAT for Refuse Bags',
    );
  });

  it('accepts the best single supplier as the order of its lines', async () => {
    const user = userEvent.setup();
    const { both, bags, answer } = basket();
    keepQuoteTokens(RFQ_ID, [both, bags]);
    const bodies: unknown[] = [];
    api.server.use(
      http.get('*/api/rfq/:rfqId', () => HttpResponse.json(answer())),
      http.post('*/api/quotes/track/:token/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(trackedAnswer(threeQuotes(['accepted', 'not_selected', 'not_selected']), 1, 'awarded'));
      }),
    );
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Accept best single supplier' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe(
      'You are accepting the quote from Coastal Hygiene for R1,200.00 excl. VAT (R1,380.00 incl. VAT): Household Bleach, Refuse Bags.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Delivery address/ }), '14 Chartwell Drive, Umhlanga, 4319');
    await user.type(within(dialog).getByRole('textbox', { name: /Phone number/ }), '082 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await screen.findByText(/^You ordered from Coastal Hygiene\./);
    expect(api.requests[1]).toBe(`POST /api/quotes/track/${both.trackingToken}/accept`);
    expect(bodies).toEqual([{ deliveryAddress: '14 Chartwell Drive, Umhlanga, 4319', phone: '082 123 4567', lineIds: ['L1', 'L2'] }]);
  });
});
