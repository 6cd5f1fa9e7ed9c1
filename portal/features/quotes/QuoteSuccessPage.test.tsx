// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from 'wouter';
import { useApiMock } from '../../../widget/test/api-mock';
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
