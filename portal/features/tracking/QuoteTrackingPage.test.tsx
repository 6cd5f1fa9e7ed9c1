// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useApiMock } from '../../../widget/test/api-mock';
import QuoteTrackingPage from './QuoteTrackingPage';

const api = useApiMock();
afterEach(cleanup);

describe('the tracking page when the quote cannot be shown', () => {
  it("shows the server's error text as '{status}: {message}'", async () => {
    api.server.use(http.get('*/api/quotes/track/:token', () => HttpResponse.json({ error: { code: 'quote_not_found', message: 'Quote not found' } }, { status: 404 })));
    render(<QuoteTrackingPage params={{ token: 'qt_1_abc' }} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Quote Not Found')).toBeTruthy();
    expect(within(alert).getByText('404: Quote not found')).toBeTruthy();
    expect(api.requests).toEqual(['GET /api/quotes/track/qt_1_abc']);
  });

  it("says 'Failed to load quote' when the server cannot be reached", async () => {
    api.server.use(http.get('*/api/quotes/track/:token', () => HttpResponse.error()));
    render(<QuoteTrackingPage params={{ token: 'qt_1_abc' }} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Failed to load quote')).toBeTruthy();
  });

  it("says 'Invalid tracking token' and asks nothing for a token without qt_", async () => {
    render(<QuoteTrackingPage params={{ token: 'abc' }} />);
    expect(within(screen.getByRole('alert')).getByText('Invalid tracking token')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
  });
});
