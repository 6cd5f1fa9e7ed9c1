// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MonthBooks, MonthCloseResult, MonthFee } from '../../../contract/schemas/finance';
import { setupApiMock } from '../../../widget/test/api-mock';
import { FinancePanel } from './FinancePanel';

const api = setupApiMock();

const sum = (amountCents: number, vatCents: number, lines: number) => ({ amountCents, vatCents, lines });
const fee = (purchaseOrderId: number, poNumber: string, amountCents: number): MonthFee => ({
  purchaseOrderId,
  poNumber,
  rfqId: '482913057712345',
  supplierId: 41,
  supplierName: 'Coastal Hygiene',
  onDay: '2026-11-20',
  valueCents: amountCents * 33,
  amountCents,
  vatCents: Math.round(amountCents * 0.15),
  reversal: null,
});
const OPEN: MonthBooks = {
  month: '2026-11',
  sums: { successFees: sum(13500, 2025, 2), feeReversals: sum(0, 0, 0), partnerCredits: sum(1500, 0, 1), partnerPayouts: sum(0, 0, 0) },
  fees: [fee(5, 'PO-2026-000005', 9000), fee(8, 'PO-2026-000008', 4500)],
  documents: [],
};
const CLOSED: MonthBooks = {
  ...OPEN,
  documents: [
    {
      id: 1,
      kind: 'invoice',
      number: 'INV-2026-000001',
      supplierId: 41,
      supplierName: 'Coastal Hygiene',
      partnerId: null,
      partnerName: null,
      issuedOn: '2026-12-01',
      subtotalCents: 13500,
      vatCents: 2025,
      totalCents: 15525,
      broughtForwardCents: 0,
      carriedForwardCents: 0,
      payout: null,
    },
    {
      id: 2,
      kind: 'statement',
      number: 'ST-2026-000001',
      supplierId: null,
      supplierName: null,
      partnerId: 'ptn_coastal',
      partnerName: 'Coastal Blog',
      issuedOn: '2026-12-01',
      subtotalCents: 10500,
      vatCents: 0,
      totalCents: 10500,
      broughtForwardCents: 0,
      carriedForwardCents: 0,
      payout: { id: 7, amountCents: 10500, dueOn: '2026-12-30', paidOn: null, bankReference: null },
    },
  ],
};
const ISSUED: MonthCloseResult = {
  month: '2026-11',
  outcome: 'issued',
  invoices: [
    { number: 'INV-2026-000001', supplierId: 41, supplierName: 'Coastal Hygiene', lines: [], subtotalCents: 13500, vatCents: 2025, totalCents: 15525 },
  ],
  statements: [],
};

/** The books of 2026-11, open until a close is posted; every close and payout body sent is kept. */
function finance() {
  let closed = false;
  const sent: unknown[] = [];
  api.server.use(
    http.get('*/api/admin/finance', ({ request }) => {
      const month = new URL(request.url).searchParams.get('month');
      return HttpResponse.json(month === '2026-11' ? (closed ? CLOSED : OPEN) : { ...OPEN, month, sums: { ...OPEN.sums, successFees: sum(0, 0, 0) } });
    }),
    http.post('*/api/admin/finance/close', async ({ request }) => {
      const body = (await request.json()) as { month: string; preview?: boolean };
      sent.push(body);
      if (body.preview) return HttpResponse.json({ ...ISSUED, outcome: 'preview', invoices: [{ ...ISSUED.invoices[0], number: null }] });
      if (closed)
        return HttpResponse.json(
          { error: { code: 'month_not_closable', message: 'December 2026 is closed already: months are closed in order.' } },
          { status: 409 },
        );
      closed = true;
      return HttpResponse.json(ISSUED);
    }),
    http.post('*/api/admin/payouts/7/paid', async ({ request }) => {
      const body = (await request.json()) as { paidOn: string; bankReference: string };
      sent.push(body);
      if (body.paidOn < '2026-12-01')
        return HttpResponse.json(
          {
            error: {
              code: 'validation_error',
              message: 'Invalid input',
              details: { fields: { paidOn: 'Paid on must be from 2026-12-01, when the statement was issued, to today' } },
            },
          },
          { status: 400 },
        );
      return HttpResponse.json({ id: 7, partnerId: 'ptn_coastal', number: 'ST-2026-000001', amountCents: 10500, dueOn: '2026-12-30', ...body });
    }),
  );
  return sent;
}

async function showNovember() {
  render(<FinancePanel />);
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-11' } });
  await screen.findByRole('region', { name: 'Books of November 2026' });
}

describe('the Finance section', () => {
  it("shows a month's books and download link, previews its close without issuing, then closes it after confirming and lists what was issued", async () => {
    const sent = finance();
    const user = userEvent.setup();
    await showNovember();
    const figures = screen.getByRole('region', { name: 'Books of November 2026' });
    expect(within(figures).getByText('Fees invoiced').nextSibling?.textContent).toContain('R135.00');
    expect(within(figures).getByText("Partners' share owed").nextSibling?.textContent).toContain('R15.00');
    expect(screen.getByText(/has issued no invoices or statements/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV of November 2026' }).getAttribute('href')).toBe('/api/admin/finance/export?month=2026-11&format=csv');

    await user.click(screen.getByRole('button', { name: 'Preview close' }));
    expect(await screen.findByText('Closing November 2026 would issue 1 invoice and 0 statements. Nothing was issued.')).toBeTruthy();
    expect(screen.getByText(/Invoice to Coastal Hygiene: fees R135.00 \+ VAT R20.25 = R155.25/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close November 2026?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close month' }));
    expect(await screen.findByText('Closed November 2026: 1 invoice and 0 statements issued.')).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'INV-2026-000001' })).toBeTruthy();
    expect(sent).toEqual([{ month: '2026-11', preview: true }, { month: '2026-11' }]);

    // A second close shows the server's refusal in the dialog.
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    const again = await screen.findByRole('dialog', { name: 'Close November 2026?' });
    await user.click(within(again).getByRole('button', { name: 'Close month' }));
    expect((await within(again).findByRole('alert')).textContent).toContain('December 2026 is closed already: months are closed in order.');
  });

  it("records a due payout paid by keyboard, showing the server's field message under its field", async () => {
    const sent = finance();
    const user = userEvent.setup();
    api.server.use(http.get('*/api/admin/finance', () => HttpResponse.json(CLOSED), { once: true }));
    await showNovember();
    const row = (await screen.findByRole('rowheader', { name: 'ST-2026-000001' })).closest('tr')!;
    expect(row.textContent).toContain('R105.00 due 2026-12-30');
    within(row).getByRole('button', { name: 'Record paid for ST-2026-000001' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Record ST-2026-000001 paid' });
    const paidOn = within(dialog).getByLabelText('Paid on');
    expect(document.activeElement).toBe(paidOn);

    await user.click(within(dialog).getByRole('button', { name: 'Record paid' }));
    const reference = within(dialog).getByLabelText('Bank reference');
    expect(document.getElementById(reference.getAttribute('aria-describedby')!)?.textContent).toBe('Bank reference is required');
    expect(sent).toEqual([]);

    fireEvent.change(paidOn, { target: { value: '2026-11-30' } });
    await user.type(within(dialog).getByLabelText('Bank reference'), 'EFT 88213{Enter}');
    expect(await within(dialog).findByText('Paid on must be from 2026-12-01, when the statement was issued, to today')).toBeTruthy();
    expect(paidOn.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(paidOn, { target: { value: '2026-12-20' } });
    await user.click(within(dialog).getByRole('button', { name: 'Record paid' }));
    await waitForGone('Record ST-2026-000001 paid');
    expect(sent).toEqual([
      { paidOn: '2026-11-30', bankReference: 'EFT 88213' },
      { paidOn: '2026-12-20', bankReference: 'EFT 88213' },
    ]);
  });

  it("reverses an order's fee for a reason given in its dialog, then shows the reversal on the fee's row", async () => {
    const sent: unknown[] = [];
    let reversal: MonthFee['reversal'] = null;
    api.server.use(
      http.get('*/api/admin/finance', () =>
        HttpResponse.json({
          ...OPEN,
          fees: [{ ...OPEN.fees[0]!, reversal }, OPEN.fees[1]!],
          sums: { ...OPEN.sums, feeReversals: sum(reversal ? 9000 : 0, 0, 0) },
        }),
      ),
      http.post('*/api/admin/finance/fees/5/reversal', async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        sent.push(body);
        reversal = { onDay: '2026-12-05', reason: body.reason };
        return HttpResponse.json({ purchaseOrderId: 5, poNumber: 'PO-2026-000005', amountCents: 9000, vatCents: 1350, ...reversal }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await showNovember();
    const fees = screen.getByRole('region', { name: 'Success fees' });
    expect(screen.getAllByRole('region', { name: 'Success fees' })).toHaveLength(1);
    const row = within(fees).getByRole('rowheader', { name: 'PO-2026-000005' }).closest('tr')!;
    expect(row.textContent).toContain('R90.00 + VAT R13.50');
    await user.click(within(row).getByRole('button', { name: 'Reverse fee on PO-2026-000005' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reverse the fee on PO-2026-000005' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Reverse fee' }));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe('Give the reason for reversing the fee (5 to 500 characters)');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(reason, 'Never delivered: the buyer cancelled.');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse fee' }));
    await waitForGone('Reverse the fee on PO-2026-000005');
    expect(sent).toEqual([{ reason: 'Never delivered: the buyer cancelled.' }]);
    expect(screen.getByText(/The fee on PO-2026-000005 was reversed on 2026-12-05/).textContent).toBe(
      "The fee on PO-2026-000005 was reversed on 2026-12-05: R90.00 + VAT R13.50 comes off the supplier's next invoice.",
    );
    const reversed = within(screen.getByRole('region', { name: 'Success fees' }))
      .getByRole('rowheader', { name: 'PO-2026-000005' })
      .closest('tr')!;
    await waitFor(() => expect(reversed.textContent).toContain('Reversed 2026-12-05: Never delivered: the buyer cancelled.'));
    expect(within(reversed).queryByRole('button')).toBeNull();
  });

  it("shows 'Reversing…' while the reversal is sent, and the server's refusal in the dialog", async () => {
    let answer: (() => void) | undefined;
    api.server.use(
      http.get('*/api/admin/finance', () => HttpResponse.json(OPEN)),
      http.post('*/api/admin/finance/fees/8/reversal', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(
          { error: { code: 'fee_reversed', message: 'The success fee on PO-2026-000008 was reversed on 2026-12-04.' } },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    await showNovember();
    await user.click(screen.getByRole('button', { name: 'Reverse fee on PO-2026-000008' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the fee on PO-2026-000008' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Charged twice for one delivery.');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse fee' }));
    const pending = await within(dialog).findByRole('button', { name: 'Reversing…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The success fee on PO-2026-000008 was reversed on 2026-12-04.');
    expect(within(dialog).getByRole('button', { name: 'Reverse fee' })).toBeTruthy();
  });

  it('says when the books cannot be read', async () => {
    api.server.use(
      http.get('*/api/admin/finance', () => HttpResponse.json({ error: { code: 'forbidden', message: 'This needs the admin role.' } }, { status: 403 })),
    );
    render(<FinancePanel />);
    expect((await screen.findByRole('alert')).textContent).toContain('This needs the admin role.');
  });
});

async function waitForGone(name: string) {
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
}
