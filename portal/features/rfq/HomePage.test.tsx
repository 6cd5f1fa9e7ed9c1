// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PopularProduct, QuotePreview } from '../../../sdk/schemas/catalogue';
import { product, quotePreview } from '../../../sdk/test/catalogue';
import type { RfqFormValues } from '../../../sdk/rules';
import { setupApiMock, validationFailed } from '../../../widget/test/api-mock';
import { useRfqForm } from '../../../widget/app/use-rfq-form';
import { sendFloorPolishRequest } from '../../../widget/test/form';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../../components/ui/toast';
import { FIGURES } from '../../test/figures';
import { SiteFiguresProvider } from '../../lib/site-figures';
import { RFQ_ID, rfqAnswer, threeQuotes } from '../../test/quotes';
import HomePage, { Sidebar } from './HomePage';

const api = setupApiMock();

function Form({ initial }: { initial: Partial<RfqFormValues> }) {
  const form = useRfqForm(initial);
  return <Sidebar form={form} />;
}

/** The sidebar as the home page renders it: this month's popular products come with the page's figures. */
function Harness({ initial = {}, popularProducts = popular([0, 0, 0, 0]) }: { initial?: Partial<RfqFormValues>; popularProducts?: PopularProduct[] }) {
  return (
    <SiteFiguresProvider initial={{ ...FIGURES, popularProducts }}>
      <Form initial={initial} />
    </SiteFiguresProvider>
  );
}

const popular = (counts: number[]): PopularProduct[] =>
  ['Household Bleach', 'Liquid Hand Soap', 'Glass and Window Cleaner', 'Toilet Paper 2-Ply (48-pack)'].map((name, i) => ({
    ...product({ id: `p${i}`, name }),
    rfqCount: counts[i]!,
  }));

function answer(previewAnswer: QuotePreview) {
  api.server.use(http.get('*/api/catalogue/preview', () => HttpResponse.json(previewAnswer)));
}

/** The whole page at `/`, as the router serves it; returns the location, which records where the page went. */
function renderHomePage() {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <ToastProvider>
      <SiteFiguresProvider initial={{ ...FIGURES, popularProducts: popular([0, 0, 0, 0]) }}>
        <Router hook={location.hook}>
          <HomePage />
        </Router>
      </SiteFiguresProvider>
    </ToastProvider>,
  );
  return location;
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('section')!;

describe('Popular This Month', () => {
  it('says once that there are no requests yet, with no zero counts', async () => {
    render(<Harness popularProducts={popular([0, 0, 0, 0])} />);
    // From the figures the page arrived with: nothing to wait for, no call.
    expect(screen.getByText('No requests yet this month.')).toBeTruthy();
    const popularCard = within(card('Popular This Month'));
    expect(popularCard.queryByText(/requests? this month$/)).toBeNull();
    expect(popularCard.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Household Bleach',
      'Liquid Hand Soap',
      'Glass and Window Cleaner',
      'Toilet Paper 2-Ply (48-pack)',
    ]);
  });

  it('shows the counts of the products requested this month, and only those', async () => {
    render(<Harness popularProducts={popular([3, 1, 0, 0])} />);
    expect(screen.getByText('3 requests this month')).toBeTruthy();
    const popularCard = within(card('Popular This Month'));
    expect(popularCard.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Household Bleach3 requests this month',
      'Liquid Hand Soap1 request this month',
    ]);
    expect(popularCard.queryByText(/No requests yet/)).toBeNull();
  });
});

describe('live cost preview', () => {
  it('names the estimate for a product not in the catalogue and says nothing about coverage before a location', async () => {
    answer(
      quotePreview({
        totalSuppliers: 13,
        availability: 'Give a delivery location to see which suppliers deliver there.',
        recommendation: '',
      }),
    );
    render(<Harness initial={{ productName: 'Mop heads', quantity: '10' }} />);
    expect(
      await screen.findByText('Not in our catalogue, so this is the default estimate of R50.00 per unit; suppliers quote from their own category pricing.'),
    ).toBeTruthy();
    const cost = within(card('Live Cost Preview'));
    expect(cost.getByText('R500.00', { exact: false }).textContent).toBe('R500.00 excl. VAT');
    expect(cost.getByText(/incl\. VAT/).textContent).toBe('R575.00 incl. VAT (15%) · R50.00 per unit excl. VAT · range R42.50 to R57.50');
    const matching = within(card('Supplier Matching'));
    expect(matching.getByText('Give a delivery location to see which suppliers deliver there.')).toBeTruthy();
    expect(matching.queryByText('Can supply this order')).toBeNull();
    expect(matching.queryByText('13')).toBeNull();
    expect(matching.queryByText('Expected quotes')).toBeNull();
  });

  it('gives the supplier figures once a location is given, labelled as an estimate for unknown products', async () => {
    answer(
      quotePreview({
        totalSuppliers: 13,
        availability: '13 cleaning supplies suppliers deliver to Durban and can quote this from their category pricing; it is not on their price lists.',
        recommendation: 'Ask for 10 quotes to compare the widest field.',
      }),
    );
    render(<Harness initial={{ productName: 'Mop heads', quantity: '10', deliveryLocation: 'Durban' }} />);
    const matching = within(card('Supplier Matching'));
    expect(await matching.findByText('Can quote an estimate')).toBeTruthy();
    expect(matching.getByText('Can quote an estimate').nextElementSibling?.textContent).toBe('13');
    expect(matching.queryByText('Can supply this order')).toBeNull();
    expect(matching.getByText('Ask for 10 quotes to compare the widest field.')).toBeTruthy();
  });

  it('counts only verified suppliers as verified local suppliers, and each other figure by what it counts', async () => {
    const city = (coverage: 'verified' | 'good' | 'none', suppliers: number, verifiedSuppliers: number) => ({
      name: 'Johannesburg',
      province: 'Gauteng',
      suppliers,
      verifiedSuppliers,
      coverage,
    });
    const cases = [
      [city('verified', 11, 4), '4 verified local suppliers (11 based here)'],
      [city('verified', 1, 1), '1 verified local supplier'],
      [city('good', 2, 0), 'Good coverage · 2 suppliers based here'],
      [city('none', 0, 0), 'No coverage yet'],
    ] as const;
    for (const [cityData, text] of cases) {
      answer(quotePreview({ basis: 'catalogue-average', totalSuppliers: 13, availability: '', recommendation: '', cityData }));
      render(<Harness initial={{ productName: 'Household Bleach', quantity: '10', deliveryLocation: 'Johannesburg' }} />);
      const matching = within(card('Supplier Matching'));
      expect((await matching.findByText('Serving Johannesburg')).nextElementSibling?.textContent).toBe(text);
      cleanup();
    }
  });

  it('says how to name a place it does not know, and gives no figures for it', async () => {
    const message =
      'Please enter a delivery location we know: did you mean Johannesburg, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape).';
    answer({
      ...quotePreview({ totalSuppliers: 13, availability: message, recommendation: '', locationMatch: 'unknown' }),
      costPreview: {
        ...quotePreview({ totalSuppliers: 13, availability: '', recommendation: '' }).costPreview,
        basis: 'catalogue-average',
        note: 'The average of suppliers’ current price lists.',
      },
    });
    render(<Harness initial={{ productName: 'Household Bleach', quantity: '10', deliveryLocation: 'Johanesburg' }} />);
    const matching = within(card('Supplier Matching'));
    expect(await matching.findByText(message)).toBeTruthy();
    expect(matching.queryByText('Can supply this order')).toBeNull();
    expect(matching.queryByText('Expected quotes')).toBeNull();
  });
  it('takes its figures away when the quantity becomes one the form refuses, and says why', async () => {
    const user = userEvent.setup();
    answer(quotePreview({ totalSuppliers: 3, availability: '', recommendation: '' }));
    function Changing() {
      const form = useRfqForm({ productName: 'Household Bleach', quantity: '10', deliveryLocation: 'Durban' });
      return (
        <SiteFiguresProvider initial={{ ...FIGURES, popularProducts: popular([0, 0, 0, 0]) }}>
          <Sidebar form={form} />
          <button type="button" onClick={() => form.setField('quantity', '1e3')}>
            Type 1e3
          </button>
        </SiteFiguresProvider>
      );
    }
    render(<Changing />);
    const cost = within(card('Live Cost Preview'));
    expect(await cost.findByText(/incl\. VAT/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Type 1e3' }));
    // No figure for a quantity the field refuses: the last one's would be for another quantity.
    await waitFor(() => expect(cost.queryByText(/incl\. VAT/)).toBeNull());
    expect(cost.getByText('Enter the quantity in digits, like 1000, to see an estimate.')).toBeTruthy();
    expect(within(card('Supplier Matching')).queryByText('Can supply this order')).toBeNull();
  });
});

describe('sending the request', () => {
  async function send(notSent: { email: string; reason: 'daily_limit' }[] = [], quotes = threeQuotes()) {
    const user = userEvent.setup();
    answer(quotePreview({ totalSuppliers: 3, availability: '', recommendation: '' }));
    api.catalogue([]);
    const { quotes: stored, ...rfq } = rfqAnswer(quotes);
    api.server.use(
      http.post('*/api/rfq', () =>
        HttpResponse.json(
          {
            ...rfq,
            primaryEmail: 'buyer@clinic.co.za',
            quotes: stored.map((q, i) => ({ ...q, trackingToken: quotes[i]!.trackingToken })),
            emailDelivery: { notSent },
          },
          { status: 201 },
        ),
      ),
    );
    const location = renderHomePage();
    await user.click(screen.getByRole('button', { name: 'All on one page' }));
    await sendFloorPolishRequest(user);
    return location;
  }

  it('says in its toast what happened: how many quotes went to which address, not that they will be sent', async () => {
    const location = await send();
    const toast = (await screen.findByText('Request Submitted Successfully!')).closest('[role="status"]')!;
    expect(within(toast as HTMLElement).getByText('3 quotes were sent to buyer@clinic.co.za.')).toBeTruthy();
    expect(screen.queryByText(/within 60 seconds/)).toBeNull();
    await waitFor(() => expect(location.history!.at(-1)).toBe(`/quote-success?rfqId=${RFQ_ID}`));
  });

  it('says no supplier could quote yet when none did', async () => {
    await send([], []);
    const toast = (await screen.findByText('Request Submitted Successfully!')).closest('[role="status"]')!;
    expect(within(toast as HTMLElement).getByText('No supplier could quote this request yet. We e-mailed the details to buyer@clinic.co.za.')).toBeTruthy();
  });
});

describe('asking for many products at once', () => {
  it('carries the product over, reads a pasted list naming its bad lines, shows the API’s message on the line it names, and sends the basket', async () => {
    const user = userEvent.setup();
    answer(quotePreview({ totalSuppliers: 3, availability: '', recommendation: '' }));
    api.catalogue([]);
    const { quotes: stored, ...rfq } = rfqAnswer(threeQuotes());
    const bodies = api.record('post', '*/api/rfq', (_body, sent) =>
      sent.length === 1
        ? validationFailed({ 'lines.1.unit': 'Unit must be at most 30 characters' })
        : HttpResponse.json({ ...rfq, primaryEmail: 'stores@clinic.co.za', quotes: stored, emailDelivery: { notSent: [] } }, { status: 201 }),
    );
    const location = renderHomePage();
    await user.type(screen.getByRole('combobox', { name: /Product name/ }), 'Household Bleach');
    await user.clear(screen.getByRole('textbox', { name: /Quantity/ }));
    await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Paste a list' }));

    const box = await screen.findByRole('textbox', { name: /Paste your list/ });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect((screen.getByRole('textbox', { name: 'Product 1' }) as HTMLInputElement).value).toBe('Household Bleach');
    // The one-product preview and matching give way to what a basket gets: they read the one-product form.
    const glance = screen.getByRole('complementary', { name: 'Your request at a glance' });
    expect(within(glance).queryByRole('heading', { name: 'Live Cost Preview' })).toBeNull();
    expect(within(glance).getByRole('heading', { name: 'Your basket' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Quotes for 1 Product' })).toBeTruthy();
    await user.type(box, 'Refuse bags, 20, rolls{enter}Gloves, lots{enter}Mop heads, 6');
    await user.click(screen.getByRole('button', { name: 'Add these products' }));
    expect(screen.getByRole('status').textContent).toBe('2 products added. 1 line needs fixing: it is left in the box.');
    expect(screen.getByText('Line 2 (Gloves, lots): Quantity must be at least 1')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Gloves, lots');
    expect(screen.getAllByRole('textbox', { name: /^Product \d$/ }).map((i) => (i as HTMLInputElement).value)).toEqual([
      'Household Bleach',
      'Refuse bags',
      'Mop heads',
    ]);

    // Nothing is sent while a shared field is missing; the message is the request's own.
    await user.click(screen.getByRole('button', { name: 'Get Quotes for 3 Products' }));
    expect(bodies).toEqual([]);
    expect(screen.getByText('Please enter your delivery location')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Durban');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'stores@clinic.co.za');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Get Quotes for 3 Products' }));
    const unit = await screen.findByRole('textbox', { name: 'Unit (optional)', description: 'Unit must be at most 30 characters' });
    await waitFor(() => expect(document.activeElement).toBe(unit));
    expect(bodies[0]).toMatchObject({
      lines: [
        { productName: 'Household Bleach', quantity: '40' },
        { productName: 'Refuse bags', quantity: '20', unit: 'rolls' },
        { productName: 'Mop heads', quantity: '6' },
      ],
      deliveryLocation: 'Durban',
      primaryEmail: 'stores@clinic.co.za',
      agreeTerms: true,
    });

    await user.click(screen.getByRole('button', { name: 'Remove product 3' }));
    await user.click(screen.getByRole('button', { name: 'Get Quotes for 2 Products' }));
    expect(await screen.findByText('Request Submitted Successfully!')).toBeTruthy();
    expect((bodies[1]!.lines as unknown[]).length).toBe(2);
    await waitFor(() => expect(location.history!.at(-1)).toBe(`/quote-success?rfqId=${RFQ_ID}`));
  });
});
