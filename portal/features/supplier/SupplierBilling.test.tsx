// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupplierInvoice } from '../../../contract/schemas/supplier-billing';
import { setupApiMock } from '../../../widget/test/api-mock';
import { SupplierBillingTab } from './SupplierBilling';

const api = setupApiMock();

const invoice: SupplierInvoice = {
  number: 'INV-2026-000001',
  month: '2026-11',
  issuedOn: '2026-12-01',
  subtotalCents: 17_700,
  vatCents: 2_655,
  totalCents: 20_355,
  lines: [
    { poNumber: 'PO-2026-000031', rfqId: '100000000000001', reversed: false, valueCents: 450_000, feeCents: 13_500, vatCents: 2_025 },
    { poNumber: 'PO-2026-000040', rfqId: '100000000000002', reversed: false, valueCents: 140_000, feeCents: 4_200, vatCents: 630 },
  ],
};

describe('the Billing tab', () => {
  it("lists each invoice with its sums, each order's fee, and its PDF", async () => {
    api.server.use(http.get('*/api/supplier/invoices', () => HttpResponse.json({ invoices: [invoice] })));
    render(<SupplierBillingTab />);
    const section = await screen.findByRole('region', { name: 'INV-2026-000001 · November 2026' });
    expect(within(section).getByText(/^Issued 1 December 2026: fees R177\.00 \+ VAT R26\.55 =/)).toBeTruthy();
    const row = within(section).getByRole('row', { name: /PO-2026-000031/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['R4,500.00', 'R135.00', 'R20.25']);
    expect(within(section).getByRole('link', { name: 'Download PDF of INV-2026-000001' }).getAttribute('href')).toBe(
      '/api/supplier/invoices/INV-2026-000001.pdf',
    );
  });

  it('says when there is none yet, and when they cannot be read', async () => {
    api.server.use(http.get('*/api/supplier/invoices', () => HttpResponse.json({ invoices: [] })));
    const { unmount } = render(<SupplierBillingTab />);
    expect(await screen.findByText(/^No invoices yet\./)).toBeTruthy();
    unmount();
    api.server.use(
      http.get('*/api/supplier/invoices', () => HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 })),
    );
    render(<SupplierBillingTab />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Invoices not loaded')).toBeTruthy();
  });
});
