// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from 'wouter';
import userEvent from '@testing-library/user-event';
import { useApiMock } from '../../../widget/test/api-mock';
import { keepQuoteTokens } from '../../lib/submission-tokens';
import { RFQ_ID, rfqAnswer, threeQuotes, trackedAnswer } from '../../test/quotes';
import QuoteSuccessPage from './QuoteSuccessPage';

const api = useApiMock();
afterEach(cleanup);

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
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual(['Status: Not selected', 'Status: Confirmed by supplier', 'Status: Not selected']);
    expect(within(card('Berea Supplies')).getByText('Your chosen supplier')).toBeTruthy();
    expect(within(card('Coastal Hygiene')).queryByText('Your chosen supplier')).toBeNull();
    expect(facts()).toMatchObject({ 'Company size': '250+ employees', Status: 'Awarded to Berea Supplies' });
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('says acceptance happens from the e-mail when this tab did not send the request', async () => {
    api.server.use(http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes()))));
    at(`/quote-success?rfqId=${RFQ_ID}`);
    expect((await screen.findByText(/To accept a quote, open it from the e-mail/)).textContent).toBe(
      'To accept a quote, open it from the e-mail we sent you: each quote there has an Accept this quote button. This page can be opened by anyone with its address, so it cannot accept for you.',
    );
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Compare quotes' })).toBeTruthy();
  });

  it('accepts in the tab that sent the request, after the same confirmation, and marks the others not selected', async () => {
    const user = userEvent.setup();
    keepQuoteTokens(RFQ_ID, threeQuotes());
    api.server.use(
      http.get('*/api/rfq/:rfqId', () => HttpResponse.json(rfqAnswer(threeQuotes()))),
      http.post('*/api/quotes/track/:token/accept', () => HttpResponse.json(trackedAnswer(threeQuotes(['not_selected', 'not_selected', 'accepted']), 3, 'awarded'))),
    );
    at(`/quote-success?rfqId=${RFQ_ID}`);
    await screen.findByRole('heading', { level: 3, name: 'Coastal Hygiene' });
    expect(screen.queryByText(/To accept a quote, open it from the e-mail/)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Accept this quote' })).toHaveLength(3);

    await user.click(within(card('Umhlanga Chemicals')).getByRole('button', { name: 'Accept this quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this quote?' });
    expect(within(dialog).getByText(/You are accepting/).textContent).toBe('You are accepting the quote from Umhlanga Chemicals for R5,980.00 incl. VAT.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));

    expect((await screen.findByText(/^You accepted the quote from Umhlanga Chemicals/)).textContent).toBe(
      'You accepted the quote from Umhlanga Chemicals. We sent them your order and contact details, and told the other suppliers they were not selected.',
    );
    expect(api.requests).toEqual([`GET /api/rfq/${RFQ_ID}`, 'POST /api/quotes/track/qt_3_secret3/accept']);
    expect(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals'].map(statusOf)).toEqual(['Status: Not selected', 'Status: Not selected', 'Status: Accepted']);
    expect(within(card('Umhlanga Chemicals')).getByText('Your chosen supplier')).toBeTruthy();
    expect(facts()).toMatchObject({ Status: 'Awarded to Umhlanga Chemicals' });
    expect(screen.queryByRole('button', { name: 'Accept this quote' })).toBeNull();
  });
});
