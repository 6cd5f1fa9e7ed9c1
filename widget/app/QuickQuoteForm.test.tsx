// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupApiMock } from '../test/api-mock';
import { optionTexts } from '../test/form';
import { QuickQuoteForm } from './QuickQuoteForm';

const api = setupApiMock();
beforeEach(() => api.catalogue([]));

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const combo = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const messages = () => screen.queryAllByRole('alert').map((el) => el.textContent);

describe("the widget's short form", () => {
  it("shows the short form's own message for each field and sends nothing while one stands", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuickQuoteForm pending={false} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));

    expect(messages()).toEqual(['Product name required', 'Description required', 'Location required', 'Valid email required']);
    expect(field(/Product name/).getAttribute('aria-invalid')).toBe('true');

    await user.type(field(/Product name/), 'ab');
    await user.type(field(/Description/), 'Too short');
    await user.clear(field(/Quantity/));
    await user.type(field(/Quantity/), 'lots');
    await user.type(combo(/Delivery location/), 'D');
    await user.type(field(/E-mail address/), 'buyer@');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(messages()).toEqual(['Product name required', 'Description required', 'Quantity required', 'Location required', 'Valid email required']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a control character or a bidirectional control with the server’s message, and takes line breaks in the description', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuickQuoteForm pending={false} onSubmit={onSubmit} />);
    await user.type(field(/Product name/), 'Mop\u202e 5L');
    await user.type(field(/Description/), 'Floor mops{Enter}for three sites');
    await user.type(combo(/Delivery location/), 'PE');
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(messages()).toEqual(['Product name must not contain control characters or line breaks']);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field(/Product name/));
    await user.type(field(/Product name/), 'Mop 5L');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(messages()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ productName: 'Mop 5L', productDescription: 'Floor mops\nfor three sites' }));
  });

  it('sends a request at the minimums: 3-character name, 10-character description, quantity 1, 2-letter place', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuickQuoteForm pending={false} onSubmit={onSubmit} />);
    await user.type(field(/Product name/), 'Mop');
    await user.type(field(/Description/), 'Floor mops');
    await user.type(combo(/Delivery location/), 'PE');
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));

    expect(messages()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      productName: 'Mop',
      productDescription: 'Floor mops',
      quantity: '1',
      budgetRange: '',
      location: 'PE',
      contactEmail: 'buyer@clinic.co.za',
      companyName: '',
      companySize: '',
    });
  });

  it('asks the company size, optionally, and says who receives the contact details', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuickQuoteForm pending={false} onSubmit={onSubmit} />);
    const size = screen.getByRole('combobox', { name: 'Company size (optional)' });
    expect(optionTexts(size)).toEqual(['Not given', '1-10 employees', '11-50 employees', '51-100 employees', '101-250 employees', '250+ employees']);
    expect(screen.getByText(/By sending, you agree/).textContent).toBe(
      'By sending, you agree to the terms and conditions (opens in a new tab), and to your company name and e-mail address being shared with the suppliers who quote. If you accept a quote, your contact details also go to that supplier, so they can deliver the order.',
    );

    await user.type(field(/Product name/), 'Mop');
    await user.type(field(/Description/), 'Floor mops');
    await user.type(combo(/Delivery location/), 'PE');
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.selectOptions(size, '101-250 employees');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ companySize: '101-250' });
  });

  it('suggests places as the buyer types, by the names South Africans use', async () => {
    const user = userEvent.setup();
    const gqeberha = { id: 'gqeberha', name: 'Gqeberha', province: 'Eastern Cape', fullName: 'Gqeberha, Eastern Cape', note: 'Formerly Port Elizabeth' };
    api.catalogue([], [gqeberha]);
    render(<QuickQuoteForm pending={false} onSubmit={() => {}} />);
    await user.type(combo(/Delivery location/), 'Port Eliz');
    await user.click(await screen.findByRole('option', { name: 'Gqeberha, Eastern Cape Formerly Port Elizabeth' }));
    expect(combo(/Delivery location/).value).toBe('Gqeberha, Eastern Cape');
  });
});
