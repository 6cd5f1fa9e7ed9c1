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
