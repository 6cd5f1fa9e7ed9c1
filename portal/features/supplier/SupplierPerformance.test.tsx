// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SupplierOrderOutcome, SupplierPerformance } from '../../../contract/schemas/supplier-performance';
import type { SupplierStats } from '../../../contract/schemas/supplier-workspace';
import { setupApiMock } from '../../../widget/test/api-mock';
import { scorecard } from '../../test/scorecard';
import { SupplierPerformanceTab } from './SupplierPerformance';

const api = setupApiMock();

const none = { received: 0, firmed: 0, declined: 0, accepted: 0, confirmed: 0, winRatePercent: null, medianHoursToFirm: null };
const stats: SupplierStats = { since: '2025-12-01', totals: none, byMonth: [{ month: '2026-11', ...none }], byProduct: [] };

const newCard = scorecard({
  supplierId: 4,
  slug: 'coastal-hygiene',
  name: 'Coastal Hygiene',
  medianResponseHours: 5,
  priceKept: { count: 1, share: null },
});

const order = (n: number, over: Partial<SupplierOrderOutcome> = {}): SupplierOrderOutcome => ({
  purchaseOrderNumber: `PO-2026-00000${n}`,
  quoteId: `Q-${n}`,
  productName: 'Household Bleach',
  issuedOn: '2026-11-02',
  value: 1250,
  status: 'confirmed',
  promisedOn: '2026-11-06',
  deliveredOn: '2026-11-05',
  receipt: { receivedOn: '2026-11-05', inFull: true, rating: 5, onTime: true },
  counted: true,
  notCountedReason: null,
  ...over,
});

function answer(pages: Record<string, SupplierPerformance>) {
  api.server.use(
    http.get('*/api/supplier/stats', () => HttpResponse.json(stats)),
    http.get('*/api/supplier/performance', ({ request }) => HttpResponse.json(pages[new URL(request.url).searchParams.get('cursor') ?? 'first'])),
  );
}

describe('the Performance tab', () => {
  it('shows the track record with its counts and no percentage before 3 receipts, each order’s outcome, why one does not count, and older orders on request', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const user = userEvent.setup();
    answer({
      first: {
        scorecard: newCard,
        orders: [
          order(4, { receipt: null, deliveredOn: null }),
          order(3, {
            status: 'sent',
            counted: false,
            notCountedReason: 'not_confirmed',
            receipt: { receivedOn: '2026-11-04', inFull: false, rating: 2, onTime: true },
          }),
          order(2, { counted: false, notCountedReason: 'own_domain' }),
        ],
        nextCursor: 'WyIyMDI2LTEwLTAxIiwxXQ',
      },
      WyIyMDI2LTEwLTAxIiwxXQ: {
        scorecard: newCard,
        orders: [order(1, { receipt: { receivedOn: '2026-11-09', inFull: true, rating: 4, onTime: false } })],
        nextCursor: null,
      },
    });
    render(<SupplierPerformanceTab />);
    expect(screen.getByRole('status', { name: 'Loading the track record' })).toBeTruthy();
    const record = await screen.findByRole('region', { name: 'Track record' });
    expect(within(record).getByText('New on Procura')).toBeTruthy();
    expect(record.textContent).not.toMatch(/\d+ %/);
    const figure = (term: string) => within(record).getByText(term).nextElementSibling!.textContent;
    expect(figure('Deliveries recorded by buyers')).toBe('2');
    expect(figure('On time and in full')).toBe('1 of 2');
    expect(figure('Buyers’ rating')).toBe('2 ratings');

    const list = screen.getByRole('list', { name: 'Orders in the last 12 months' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')!.textContent)).toEqual(['PO-2026-000004', 'PO-2026-000003', 'PO-2026-000002']);
    expect(items[0]!.textContent).toContain('not marked delivered');
    expect(items[0]!.textContent).toContain('No receipt recorded by the buyer yet.');
    expect(items[0]!.textContent).toContain('Counts once the buyer records its receipt.');
    expect(items[1]!.textContent).toContain('Received 4 November 2026, on time, not in full, rated 2 of 5.');
    expect(items[1]!.textContent).toContain('Not counted: you had not confirmed the order when the buyer recorded its receipt.');
    expect(items[2]!.textContent).toContain('Not counted: the buyer’s e-mail address is of your own domain.');
    expect(items[2]!.textContent).toContain('R1,250.00 excl. VAT');

    await user.click(screen.getByRole('button', { name: 'Show older orders' }));
    const older = await within(list).findByText('PO-2026-000001');
    expect(older.closest('li')!.textContent).toContain('Received 9 November 2026, late, in full, rated 4 of 5.');
    expect(older.closest('li')!.textContent).toContain('Counts in your record.');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
    expect(api.requests.filter((r) => r.startsWith('GET /api/supplier/performance'))).toEqual([
      'GET /api/supplier/performance',
      'GET /api/supplier/performance?cursor=WyIyMDI2LTEwLTAxIiwxXQ',
    ]);
  });

  it('shows shares once 3 receipts count, and says so when there are no orders', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    answer({
      first: {
        scorecard: {
          ...newCard,
          orders: 0,
          receipts: 3,
          onTimeInFull: { count: 2, share: 0.667 },
          inFull: { count: 3, share: 1 },
          rating: { average: 4.3, count: 3 },
          new: false,
        },
        orders: [],
        nextCursor: null,
      },
    });
    render(<SupplierPerformanceTab />);
    const record = await screen.findByRole('region', { name: 'Track record' });
    expect(within(record).queryByText('New on Procura')).toBeNull();
    expect(within(record).getByText('On time and in full').nextElementSibling!.textContent).toBe('67 % (2 of 3)');
    expect(within(record).getByText('Buyers’ rating').nextElementSibling!.textContent).toBe('4.3 of 5 (3 ratings)');
    expect(screen.getByText(/No orders yet\. When a buyer accepts one of your quotes/)).toBeTruthy();
  });

  it('says the track record was not loaded when the call fails', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    api.server.use(
      http.get('*/api/supplier/stats', () => HttpResponse.json(stats)),
      http.get('*/api/supplier/performance', () => HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 })),
    );
    render(<SupplierPerformanceTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Track record not loaded');
  });
});
