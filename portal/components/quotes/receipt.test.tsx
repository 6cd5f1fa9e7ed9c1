// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../../sdk/client/errors';
import type { OrderReceiptInput, PurchaseOrderSummary, Quote } from '../../../sdk/schemas/rfq';
import { purchaseOrder as order } from '../../test/quotes';
import { OrderReceipts } from './receipt';

afterEach(cleanup);

const quoteWith = (orders: PurchaseOrderSummary[]) => ({ id: 'Q-7', supplier: { name: 'Coastal Hygiene' }, orders }) as unknown as Quote;

describe('the receipt form', () => {
  it('states the on-time rule and sends the day, in full, the rating and the comment', async () => {
    const sent: OrderReceiptInput[] = [];
    render(<OrderReceipts quote={quoteWith([order()])} onSubmit={async (r) => void sent.push(r)} />);
    expect(screen.getByText(/Promised for 27 November 2026: the day you accepted plus the longest lead time quoted/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Day it arrived'), { target: { value: '2026-11-26' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: ' Two boxes dented ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ receivedOn: '2026-11-26', inFull: true, rating: 4, comment: 'Two boxes dented', purchaseOrderNumber: 'PO-2026-000123' });
  });

  it('asks for what is missing before sending, and shows the API’s field messages', async () => {
    const sent: OrderReceiptInput[] = [];
    render(<OrderReceipts quote={quoteWith([order()])} onSubmit={async (r) => void sent.push(r)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText('Say whether everything arrived')).toBeTruthy();
    expect(screen.getByText('Choose a rating from 1 to 5')).toBeTruthy();
    expect(sent).toHaveLength(0);
    cleanup();
    const refuse = async () => {
      throw new HttpError(
        400,
        'validation_error',
        'Request validation failed',
        {
          fields: { receivedOn: 'Enter the day it arrived, not before the order was placed (23 November 2026)' },
        },
        null,
      );
    };
    render(<OrderReceipts quote={quoteWith([order()])} onSubmit={refuse} />);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('radio', { name: '1 of 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText('Enter the day it arrived, not before the order was placed (23 November 2026)')).toBeTruthy();
  });

  it('shows a recorded receipt instead of the form, and nothing before the supplier confirmed', () => {
    render(
      <OrderReceipts
        quote={quoteWith([
          order({ receipt: { receivedOn: '2026-11-28', inFull: false, rating: 3, onTime: false } }),
          order({ purchaseOrderNumber: 'PO-2026-000124', status: 'sent' }),
        ])}
        onSubmit={async () => {}}
      />,
    );
    expect(screen.getByText(/arrived 28 November 2026, late, not everything arrived, rated 3 of 5/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
  });
});
