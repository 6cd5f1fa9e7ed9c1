// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SiteAnalyticsDashboard } from '../../../contract/schemas/analytics';
import { setupApiMock } from '../../../widget/test/api-mock';
import AnalyticsStatusPage from './AnalyticsStatusPage';

// happy-dom has no canvas to draw on; the chart's table holds the same figures.
vi.mock('uplot', () => ({
  default: class {
    static paths = { bars: () => () => null };
    setSize() {}
    destroy() {}
  },
}));

const api = setupApiMock();

const view = (days: number): SiteAnalyticsDashboard => ({
  from: '2026-11-18',
  to: '2026-11-24',
  days,
  tiles: {
    userTracking: { eventsToday: 12, visitorsToday: 3, lastEventAt: '2026-11-24T08:00:00.000Z', rawEvents: 40 },
    leadScoring: { rfqs: 4, averageScore: 52.5, high: 1, medium: 2, low: 1 },
    databaseStorage: { dialect: 'sqlite', tables: [{ name: 'analytics_events', rows: 40 }] },
    quoteTracking: { quotes: 10, viewed: 4, views: 7, lastViewedAt: null },
    alertPriorities: [{ priority: 0, kinds: ['buyer-quotes', 'data-request'], waiting: 0, sent: 5, held: 0, dead: 1 }],
  },
  daily: [
    { day: '2026-11-23', visitors: 5, pageViews: 9 },
    { day: '2026-11-24', visitors: 3, pageViews: 6 },
  ],
  topPages: [{ path: '/', views: 10, visitors: 6 }],
  funnel: [
    { stage: 'form-start', visitors: 8 },
    { stage: 'form-submit', visitors: 4 },
    { stage: 'quotes-shown', visitors: 3 },
    { stage: 'tracking-opened', visitors: 1 },
  ],
  devices: [
    { device: 'desktop', visitors: 6 },
    { device: 'mobile', visitors: 2 },
    { device: 'tablet', visitors: 0 },
  ],
  consent: { decisions: 10, accepted: 7, globalPrivacyControl: 1 },
});

describe('the analytics status page', () => {
  it('shows the live tiles and where visitors drop off, as bars and as a table, for the chosen period', async () => {
    const user = userEvent.setup();
    api.server.use(http.get('*/api/analytics/dashboard', ({ request }) => HttpResponse.json(view(Number(new URL(request.url).searchParams.get('days'))))));
    render(<AnalyticsStatusPage />);
    const tracking = await screen.findByRole('region', { name: 'User tracking' });
    expect(within(tracking).getByText('Events today').nextElementSibling?.textContent).toBe('12');
    expect(within(tracking).getByText('Consented choices').nextElementSibling?.textContent).toBe('70% of 10');
    expect(within(screen.getByRole('region', { name: 'Alert priorities' })).getByText('1 failed')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Lead scoring' })).getByText('52.5 / 100')).toBeTruthy();

    const daily = await screen.findByRole('figure', { name: 'Visitors and page views per day' });
    expect(
      within(daily)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayVisitorsPage views', '2026-11-2359', '2026-11-2436']);

    const funnel = screen.getByRole('region', { name: 'Where visitors drop off' });
    expect(within(funnel).getByRole('list', { name: 'Quote funnel' }).textContent).toContain('Submitted it4 (50%)');
    await user.click(within(funnel).getByRole('tab', { name: 'Table' }));
    expect(
      within(funnel)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['StepVisitorsOf those who started', 'Started the quote form8100%', 'Submitted it450%', 'Saw their quotes338%', 'Opened a tracking link113%']);

    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(api.requests).toEqual(['GET /api/analytics/dashboard?days=30', 'GET /api/analytics/dashboard?days=90']);
  });
});
