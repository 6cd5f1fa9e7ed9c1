// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Readiness } from '../../../contract/schemas/readiness';
import { setupApiMock } from '../../../widget/test/api-mock';
import { SUPPLIER_MARKET_CHANGED } from '../../lib/api';
import SupplierWorkspacePage from './SupplierWorkspacePage';

const api = setupApiMock();
afterEach(cleanup);

let readiness: Readiness;
function workspace(initial: Readiness) {
  readiness = initial;
  api.server.use(
    http.get('*/api/supplier/me', () =>
      HttpResponse.json({ user: { id: 1, email: 'lerato@limpopoclean.example', name: 'Lerato' }, supplier: { id: 9, name: 'LimpoClean' }, readiness }),
    ),
    http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [] })),
    http.get('*/api/supplier/offers', () => HttpResponse.json({ offers: [], priceListDate: '2026-12-06' })),
  );
  const { hook, searchHook } = memoryLocation({ path: '/supplier' });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <SupplierWorkspacePage />
    </Router>,
  );
}

describe('the ready-to-quote checklist', () => {
  it('shows each step done or not, its button opening the tab where it is done', async () => {
    workspace({ inStockItem: false, deliveryArea: true, readyToQuote: false });
    const checklist = await screen.findByRole('region', { name: 'Ready to quote' });
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      'Add a price-list item that is in stock: not yet doneOpen your price list',
      'Add a place you deliver to: doneDone',
    ]);
    expect(within(checklist).queryByRole('button', { name: 'Open your delivery areas' })).toBeNull();
    await userEvent.setup().click(within(checklist).getByRole('button', { name: 'Open your price list' }));
    const tab = screen.getByRole('tab', { name: 'Price list' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(tab));
  });

  it('is read again when the price list changes, and gives way to one line once both steps are done', async () => {
    workspace({ inStockItem: false, deliveryArea: false, readyToQuote: false });
    await screen.findByRole('region', { name: 'Ready to quote' });
    readiness = { inStockItem: true, deliveryArea: true, readyToQuote: true };
    act(() => {
      window.dispatchEvent(new Event(SUPPLIER_MARKET_CHANGED));
    });
    expect((await screen.findByText(/^You are ready to quote/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('region', { name: 'Ready to quote' })).toBeNull();
  });

  it('is not shown to a supplier that is quoted already', async () => {
    workspace({ inStockItem: true, deliveryArea: true, readyToQuote: true });
    await screen.findByRole('tab', { name: 'Leads' });
    expect(screen.queryByRole('region', { name: 'Ready to quote' })).toBeNull();
    expect(screen.queryByText(/You are ready to quote/)).toBeNull();
  });
});
