// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type DeliverableOrder, MarkDelivered } from './mark-delivered';

afterEach(cleanup);

describe('Mark delivered', () => {
  it('lists the orders marked and offers the form for the newest confirmed order not yet marked', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const orders: DeliverableOrder[] = [
      { purchaseOrderNumber: 'PO-2026-000123', status: 'confirmed', deliveredOn: '2026-11-25' },
      { purchaseOrderNumber: 'PO-2026-000124', status: 'confirmed', deliveredOn: null },
      { purchaseOrderNumber: 'PO-2026-000125', status: 'sent', deliveredOn: null },
    ];
    render(<MarkDelivered orders={orders} idPrefix="Q-1" onMark={async (input) => void sent.push(input)} />);
    expect(screen.getByText(/^You marked/).textContent).toBe('You marked PO-2026-000123 delivered on 25 November 2026. We asked the buyer to confirm receipt.');
    const form = screen.getByRole('form', { name: 'Mark PO-2026-000124 delivered' });
    await user.clear(within(form).getByLabelText('Delivered on'));
    await user.type(within(form).getByLabelText('Delivered on'), '2026-11-26');
    await user.click(within(form).getByRole('button', { name: 'Mark delivered PO-2026-000124' }));
    expect(sent).toEqual([{ deliveredOn: '2026-11-26', purchaseOrderNumber: 'PO-2026-000124' }]);
  });

  it('shows nothing while no order is confirmed', () => {
    const { container } = render(
      <MarkDelivered orders={[{ purchaseOrderNumber: 'PO-2026-000125', status: 'sent', deliveredOn: null }]} idPrefix="Q-1" onMark={async () => {}} />,
    );
    expect(container.textContent).toBe('');
  });
});
