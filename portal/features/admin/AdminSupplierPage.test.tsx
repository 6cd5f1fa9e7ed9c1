// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AdminSupplierScorecard, SupplierOrderOutcome } from '../../../contract/schemas/supplier-performance';
import { setupApiMock } from '../../../widget/test/api-mock';
import { scorecard } from '../../test/scorecard';
import AdminSupplierPage from './AdminSupplierPage';

const api = setupApiMock();

const order = (n: number, over: Partial<SupplierOrderOutcome> = {}): SupplierOrderOutcome => ({
  purchaseOrderNumber: `PO-2026-00000${n}`,
  quoteId: `Q-${n}`,
  productName: 'Household Bleach',
  issuedOn: '2026-11-02',
  value: 900,
  status: 'confirmed',
  promisedOn: '2026-11-06',
  deliveredOn: null,
  receipt: { receivedOn: '2026-11-05', inFull: true, rating: 5, onTime: true },
  counted: true,
  notCountedReason: null,
  ...over,
});

const own = order(2, { counted: false, notCountedReason: 'own_domain' });
const unconfirmed = order(1, { status: 'sent', counted: false, notCountedReason: 'not_confirmed' });
const card: AdminSupplierScorecard = {
  scorecard: scorecard({
    slug: 'coastal-hygiene',
    name: 'Coastal Hygiene',
    orders: 3,
    confirmed: 2,
    receipts: 1,
    inFull: { count: 1, share: null },
    rating: { average: null, count: 1 },
    medianResponseHours: null,
    priceKept: { count: 0, share: null },
  }),
  orders: [order(3), own, unconfirmed],
  nextCursor: null,
  notCounted: [own, unconfirmed],
  readiness: { inStockItem: true, deliveryArea: false, readyToQuote: false },
};

describe('the staff’s supplier page', () => {
  it('shows the scorecard with its counts, every order, and the receipts kept but not counted saying why', async () => {
    api.server.use(http.get('*/api/admin/suppliers/7/scorecard', () => HttpResponse.json(card)));
    const { hook } = memoryLocation({ path: '/admin/suppliers/7' });
    render(
      <Router hook={hook}>
        <Route path="/admin/suppliers/:id" component={AdminSupplierPage} />
      </Router>,
    );
    const record = await screen.findByRole('region', { name: 'Track record' });
    expect(within(record).getByText('New on Procura')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Orders in the last 12 months' })).getAllByRole('listitem')).toHaveLength(3);
    const kept = within(screen.getByRole('list', { name: 'Receipts kept but not counted' })).getAllByRole('listitem');
    expect(kept.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Not counted: the buyer’s e-mail address is of the supplier’s own domain.'),
      expect.stringContaining('Not counted: the supplier had not confirmed the order when the buyer recorded its receipt.'),
    ]);
    expect(screen.getByRole('link', { name: '/suppliers/coastal-hygiene' }).getAttribute('href')).toBe('/suppliers/coastal-hygiene');
    const ready = screen.getByRole('region', { name: 'Ready to quote' });
    expect(within(ready).getByText('Not ready: no delivery area')).toBeTruthy();
    expect(
      within(within(ready).getByRole('list', { name: 'Steps before it is quoted' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['An in-stock price-list item: done', 'A delivery area: not yet']);
  });

  it('says so when every receipt counts', async () => {
    api.server.use(http.get('*/api/admin/suppliers/7/scorecard', () => HttpResponse.json({ ...card, notCounted: [] })));
    const { hook } = memoryLocation({ path: '/admin/suppliers/7' });
    render(
      <Router hook={hook}>
        <Route path="/admin/suppliers/:id" component={AdminSupplierPage} />
      </Router>,
    );
    expect(await screen.findByText('Every receipt of the last 12 months counts.')).toBeTruthy();
  });
});
