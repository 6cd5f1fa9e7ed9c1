// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SupplierLead } from '../../../contract/schemas/supplier-workspace';
import { setupApiMock } from '../../../widget/test/api-mock';
import SupplierWorkspacePage from './SupplierWorkspacePage';

const api = setupApiMock();
afterEach(cleanup);

const lead = (quoteId: string, productName: string): SupplierLead => ({
  quoteId,
  requestedAt: '2026-11-27T08:00:00.000Z',
  productName,
  quantity: 40,
  unit: 'litres',
  deliveryLocation: 'Durban, KwaZulu-Natal',
  status: 'offered',
  unitPrice: 20,
  totalPrice: 800,
  totalPriceInclVat: 920,
  leadTimeDays: { min: 1, max: 2 },
  validUntil: '2026-12-04',
  firmedAt: null,
  indicativeUnitPrice: 20,
  indicativeTotalPrice: 800,
  withdrawalReason: null,
  buyer: null,
});

describe('the supplier workspace', () => {
  it('opens on the lead a lead e-mail links to, its heading focused', async () => {
    api.server.use(
      http.get('*/api/supplier/me', () =>
        HttpResponse.json({ user: { id: 1, email: 'nomsa@supplier.example', name: 'Nomsa' }, supplier: { id: 4, name: 'Coastal Hygiene' } }),
      ),
      http.get('*/api/supplier/leads', () => HttpResponse.json({ leads: [lead('Q-3', 'Household Bleach'), lead('Q-2', 'Refuse Bags')] })),
    );
    const { hook, searchHook } = memoryLocation({ path: '/supplier?lead=Q-2' });
    render(
      <Router hook={hook} searchHook={searchHook}>
        <SupplierWorkspacePage />
      </Router>,
    );
    const heading = await screen.findByRole('heading', { level: 3, name: 'Refuse Bags' });
    expect(document.activeElement).toBe(heading);
    expect(heading.closest('article')!.className).toContain('lead-card-opened');
    expect(screen.getByRole('heading', { level: 3, name: 'Household Bleach' }).closest('article')!.className).not.toContain('lead-card-opened');
  });
});
