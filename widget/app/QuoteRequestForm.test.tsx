// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RFQ_MESSAGES, type RfqFormValues } from '../../sdk/rules';
import { DURBAN, product } from '../../sdk/test/catalogue';
import { setupApiMock } from '../test/api-mock';
import { optionTexts } from '../test/form';
import { stubMatchMedia } from '../test/media';
import { QuoteRequestForm } from './QuoteRequestForm';
import { useRfqForm } from './use-rfq-form';

const api = setupApiMock();

const SANITISERS = [
  'Hand Sanitizer 70% Alcohol',
  'Hand Sanitizer Gel 5L',
  'Hand Soap Foam',
  'Hand Towels Folded',
  'Hand Cream Industrial',
  'Hand Wash Antibacterial',
].map((name, i) => product({ id: `p${i}`, name, category: i === 0 ? 'disinfectants' : 'hand-care', unit: i === 0 ? 'litres' : 'units' }));

function Harness({ compact = false, onSubmit = () => {}, embedded }: { compact?: boolean; onSubmit?: (v: RfqFormValues) => void; embedded?: boolean }) {
  const form = useRfqForm();
  return <QuoteRequestForm form={form} compact={compact} pending={false} onSubmit={onSubmit} embedded={embedded} />;
}

/** A screen whose pointer is `fine` (mouse-like, that hovers) or not; returns the media queries asked. */
const pointer = (fine: boolean) => stubMatchMedia(() => fine);
beforeEach(() => {
  pointer(true);
  return () => vi.unstubAllGlobals();
});

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const combo = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLInputElement;

/** Types `text` into the combobox `name` and answers the list of suggestions it opens. */
async function suggestionsFor(user: UserEvent, name: RegExp, text: string): Promise<HTMLElement> {
  await user.type(combo(name), text);
  return screen.findByRole('listbox', { name });
}

/** The compact form, the hand sanitisers in the catalogue, its submissions recorded. */
function renderCompactForm() {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  api.catalogue(SANITISERS);
  render(<Harness compact onSubmit={onSubmit} />);
  return { user, onSubmit };
}

/** The compact form, its product field showing the three hand sanitisers suggested for "hand". */
async function compactSanitiserSuggestions() {
  const user = userEvent.setup();
  api.catalogue(SANITISERS);
  render(<Harness compact />);
  const list = await suggestionsFor(user, /Product name/, 'hand');
  expect(await within(list).findAllByRole('option')).toHaveLength(3);
  return { user, list };
}

describe('quote request form', () => {
  it('shows each field message word for word and sends nothing while one stands', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness compact onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));

    const messages = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(messages).toEqual([
      RFQ_MESSAGES.productName,
      RFQ_MESSAGES.productDescription,
      RFQ_MESSAGES.deliveryLocation,
      RFQ_MESSAGES.primaryEmail,
      RFQ_MESSAGES.agreeTerms,
    ]);
    expect(combo(/Product name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field(/Quantity/));
    await user.type(field(/Quantity/), '2.5');
    await user.type(field(/Also send the quotes to/), 'ops@clean.co.za, not-an-address');
    await user.tab();
    expect(screen.getByText(RFQ_MESSAGES.quantityWhole)).toBeTruthy();
    expect(screen.getByText(RFQ_MESSAGES.additionalEmails)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reads a quantity as a buyer writes it: a thousands separator is a thousand, hexadecimal or an exponent no number', async () => {
    const { user, onSubmit } = renderCompactForm();
    await user.type(combo(/Product name/), 'Floor polish');
    await user.type(field(/Description/), 'Non-slip floor polish for a hospital corridor');
    await user.type(combo(/Delivery location/), 'Durban');
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    for (const quantity of ['0x10', '1e3']) {
      await user.clear(field(/Quantity/));
      await user.type(field(/Quantity/), quantity);
      await user.tab();
      expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['Quantity must be at least 1']);
    }
    await user.clear(field(/Quantity/));
    await user.type(field(/Quantity/), '1,000');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ quantity: '1,000' }));
  });

  it('holds a field message while focus moves to the submit button, so the layout stays put under the pointer', () => {
    api.catalogue([]);
    render(<Harness compact />);
    const submit = screen.getByRole('button', { name: 'Get My Quotes' });
    const description = field(/Description/);
    fireEvent.change(description, { target: { value: 'short' } });
    fireEvent.blur(description, { relatedTarget: submit });
    expect(screen.queryByText(RFQ_MESSAGES.productDescription)).toBeNull();
    fireEvent.blur(description, { relatedTarget: null });
    expect(screen.getByText(RFQ_MESSAGES.productDescription)).toBeTruthy();
  });

  it('submits the values once every field is valid', async () => {
    const { user, onSubmit } = renderCompactForm();
    await user.type(combo(/Product name/), 'Floor polish');
    await user.type(field(/Description/), 'Non-slip floor polish for a hospital corridor');
    await user.clear(field(/Quantity/));
    await user.type(field(/Quantity/), '40');
    await user.type(combo(/Delivery location/), 'Durban');
    await user.click(screen.getByRole('radio', { name: '5 suppliers' }));
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));

    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      productName: 'Floor polish',
      quantity: '40',
      deliveryLocation: 'Durban',
      supplierCount: 5,
      primaryEmail: 'buyer@clinic.co.za',
      agreeTerms: true,
    });
  });

  it('keeps Next closed until name, quantity and place are given, and checks the step before leaving it', async () => {
    const user = userEvent.setup();
    api.catalogue([]);
    render(<Harness />);
    const next = () => screen.getByRole('button', { name: 'Next Step' }) as HTMLButtonElement;
    expect(heading()).toBe('Step 1: What do you need?');
    expect(next().getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();

    await user.type(combo(/Product name/), 'Floor polish');
    await user.type(combo(/Delivery location/), 'Durban');
    expect(next().getAttribute('aria-disabled')).toBeNull();
    await user.click(next());
    expect(heading()).toBe('Step 1: What do you need?');
    expect(screen.getByRole('alert').textContent).toBe(RFQ_MESSAGES.productDescription);
    // The buyer lands on the field the message is about.
    expect(document.activeElement).toBe(field(/Description/));

    await user.type(field(/Description/), 'Non-slip floor polish for a hospital corridor');
    await user.click(next());
    expect(heading()).toBe('Step 2: Supplier Requirements');
    // Focus moves to the new step's heading, so pressing Enter again does not skip the step unseen.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect((screen.getByRole('radio', { name: '3 suppliers' }) as HTMLInputElement).checked).toBe(true);

    await user.click(next());
    expect(heading()).toBe('Step 3: Contact Information');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect(screen.getByRole('button', { name: 'Get My Quotes' })).toBeTruthy();
    // The next Tab reaches the step's first field, not the button after it.
    await user.tab();
    expect(document.activeElement).toBe(field(/E-mail address/));

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading()).toBe('Step 1: What do you need?');
    expect(combo(/Product name/).value).toBe('Floor polish');
  });

  it('sends the buyer back to the first step with a problem when submitting from the last', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('3');
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(heading()).toBe('Step 1: What do you need?');
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain(RFQ_MESSAGES.productName);
    expect(document.activeElement).toBe(combo(/Product name/));
  });

  it('takes the buyer to the first field with a message when the compact form is refused', async () => {
    const user = userEvent.setup();
    render(<Harness compact />);
    await user.type(combo(/Product name/), 'Floor polish');
    await user.type(field(/Description/), 'Non-slip floor polish for a hospital corridor');
    await user.clear(field(/Quantity/));
    await user.type(field(/Quantity/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(document.activeElement).toBe(field(/Quantity/));
    expect(field(/Quantity/).getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps a closed Next Step in reach of the keyboard: pressing it shows what is missing and goes there', async () => {
    const user = userEvent.setup();
    api.catalogue([]);
    render(<Harness />);
    const next = screen.getByRole('button', { name: 'Next Step' }) as HTMLButtonElement;
    await user.type(combo(/Product name/), 'Floor polish');
    next.focus();
    await user.keyboard('{Enter}');
    expect(heading()).toBe('Step 1: What do you need?');
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([RFQ_MESSAGES.productDescription, RFQ_MESSAGES.deliveryLocation]);
    expect(document.activeElement).toBe(field(/Description/));
  });

  it('jumps to a step with 1, 2 and 3 and the step buttons, but not while the buyer types', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('2');
    expect(heading()).toBe('Step 2: Supplier Requirements');
    await user.keyboard('3');
    expect(heading()).toBe('Step 3: Contact Information');

    await user.type(field(/Company name/), 'Ward 12');
    expect(field(/Company name/).value).toBe('Ward 12');
    expect(heading()).toBe('Step 3: Contact Information');

    await user.keyboard('{Control>}1{/Control}');
    expect(heading()).toBe('Step 3: Contact Information');

    const steps = within(screen.getByRole('list', { name: 'Steps' }));
    await user.click(steps.getByRole('button', { name: /What do you need/ }));
    expect(heading()).toBe('Step 1: What do you need?');
    expect(steps.getByRole('button', { name: /What do you need/ }).getAttribute('aria-current')).toBe('step');
  });

  it('suggests products from two characters, five in full, and a pick fills the form and moves on', async () => {
    const user = userEvent.setup();
    api.catalogue(SANITISERS);
    render(<Harness />);
    await user.type(combo(/Delivery location/), 'Durban');
    await user.click(combo(/Product name/));
    await user.keyboard('h');
    expect(api.requests.filter((r) => r.includes('/products'))).toEqual([]);

    await user.keyboard('a');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(api.requests).toContain('GET /api/catalogue/products?q=ha');
    expect(options[0]!.textContent).toContain('Hand Sanitizer 70% Alcohol');

    await user.click(options[0]!);
    expect(await screen.findByText('Step 2: Supplier Requirements')).toBeTruthy();
    await user.keyboard('1');
    expect(combo(/Product name/).value).toBe('Hand Sanitizer 70% Alcohol');
    expect((screen.getByRole('textbox', { name: /Description/ }) as HTMLTextAreaElement).value).toBe(SANITISERS[0]!.description);
    expect(field(/Unit/).value).toBe('litres');
    expect(field(/Quantity/).value).toBe('25');
  });

  it('shows three product suggestions in the compact form and picks one with the keyboard', async () => {
    const { user, list } = await compactSanitiserSuggestions();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(combo(/Product name/).value).toBe('Hand Sanitizer Gel 5L');
    expect(field(/Quantity/).value).toBe('1');
    expect(within(list).queryByRole('option')).toBeNull();
  });

  it('closes the suggestions when Tab leaves the field without a pick, so they cover no other field', async () => {
    const { user, list } = await compactSanitiserSuggestions();
    await user.tab();
    expect(within(list).queryByRole('option')).toBeNull();
    expect(combo(/Product name/).getAttribute('aria-expanded')).toBe('false');
    expect(combo(/Product name/).value).toBe('hand');
  });

  it('sends the unit only of the product the buyer chose: none once they type another name, the new one when they pick another', async () => {
    const { user, onSubmit } = renderCompactForm();
    await user.type(combo(/Product name/), 'Hand');
    const pick = async (name: RegExp) => user.click(await within(await screen.findByRole('listbox', { name: /Product name/ })).findByRole('option', { name }));
    await pick(/Hand Sanitizer 70% Alcohol/);
    expect(field(/Unit/).value).toBe('litres');
    expect(field(/Unit/).readOnly).toBe(true);

    // A different product named by hand: the chosen product's unit no longer applies.
    await user.clear(combo(/Product name/));
    await user.type(combo(/Product name/), 'Latex gloves');
    expect(field(/Unit/).value).toBe('');

    await user.clear(combo(/Product name/));
    await user.type(combo(/Product name/), 'Hand');
    await pick(/Hand Soap Foam/);
    expect(field(/Unit/).value).toBe('units');
    await user.type(combo(/Product name/), ' for the clinic');
    expect(field(/Unit/).value).toBe('');

    await user.type(combo(/Delivery location/), 'Durban');
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ productName: 'Hand Soap Foam for the clinic', unit: '' });
  });

  it('suggests places from two characters and closes the list on a click outside', async () => {
    const user = userEvent.setup();
    api.catalogue([], [DURBAN]);
    render(<Harness />);
    const list = await suggestionsFor(user, /Delivery location/, 'du');
    expect(optionTexts(list)).toEqual(['Durban, KwaZulu-Natal']);
    expect(combo(/Delivery location/).getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('heading', { level: 2 }));
    expect(combo(/Delivery location/).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();

    await user.click(combo(/Delivery location/));
    await user.click(await screen.findByRole('option', { name: 'Durban, KwaZulu-Natal' }));
    expect(combo(/Delivery location/).value).toBe('Durban, KwaZulu-Natal');
  });

  it('suggests the city for the name South Africans call it, saying which name it matched', async () => {
    const user = userEvent.setup();
    const johannesburg = { id: 'johannesburg', name: 'Johannesburg', province: 'Gauteng', fullName: 'Johannesburg, Gauteng', note: 'Also called Jozi' };
    api.catalogue([], [DURBAN, johannesburg]);
    render(<Harness />);
    const list = await suggestionsFor(user, /Delivery location/, 'Jozi');
    expect(optionTexts(list)).toEqual(['Johannesburg, GautengAlso called Jozi']);
    expect(api.requests).toContain('GET /api/catalogue/locations?q=Jozi');

    await user.click(within(list).getByRole('option', { name: /Johannesburg, Gauteng/ }));
    expect(combo(/Delivery location/).value).toBe('Johannesburg, Gauteng');
  });

  it('says beside a closed Next Step what is still missing, politely, and drops it once Next opens', async () => {
    const user = userEvent.setup();
    api.catalogue([]);
    render(<Harness />);
    const next = screen.getByRole('button', { name: 'Next Step' }) as HTMLButtonElement;
    const missing = () => document.getElementById(next.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(missing()).toBe('Still needed: product name and delivery location.');
    expect(document.getElementById(next.getAttribute('aria-describedby')!)!.getAttribute('aria-live')).toBe('polite');

    await user.clear(field(/Quantity/));
    expect(missing()).toBe('Still needed: product name, quantity and delivery location.');
    await user.type(field(/Quantity/), '12');
    await user.type(combo(/Product name/), 'Floor polish');
    expect(missing()).toBe('Still needed: delivery location.');

    await user.type(combo(/Delivery location/), 'Durban');
    expect(next.getAttribute('aria-disabled')).toBeNull();
    expect(next.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/Still needed/)).toBeNull();
  });

  it('asks the company size on step 3, optionally, in employees, and sends the one chosen', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    api.catalogue([]);
    render(<Harness onSubmit={onSubmit} />);
    await user.type(combo(/Product name/), 'Floor polish');
    await user.type(field(/Description/), 'Non-slip floor polish for a hospital corridor');
    await user.type(combo(/Delivery location/), 'Durban');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(screen.queryByRole('combobox', { name: /Company size/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));

    const size = screen.getByRole('combobox', { name: 'Company size (optional)' }) as HTMLSelectElement;
    expect(optionTexts(size)).toEqual(['Not given', '1-10 employees', '11-50 employees', '51-100 employees', '101-250 employees', '250+ employees']);
    await user.type(field(/E-mail address/), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ companySize: '' });

    await user.selectOptions(size, '250+ employees');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ companySize: '250+' });
  });

  it('says before sending that the supplier whose quote is accepted receives the contact details', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('3');
    expect(screen.getByRole('checkbox').closest('label')!.textContent).toBe(
      'I agree to the terms and conditions (opens in a new tab), and to my company name and e-mail address being shared with the suppliers who quote, so they can contact me about their quotes. If I accept a quote, my contact details also go to that supplier, so they can deliver the order.',
    );
  });

  it('links the terms and conditions to the terms page, in a new tab so the form keeps its values', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('3');
    const link = screen.getByRole('link', { name: /terms and conditions/ }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.target).toBe('_blank');
    expect(link.textContent).toBe('terms and conditions (opens in a new tab)');
    expect(screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ })).toBeTruthy();
  });

  it('offers the 1, 2, 3 keys only on a screen wider than a phone with a fine pointer that hovers, and never in the widget', () => {
    const queries = pointer(true);
    render(<Harness />);
    expect(screen.getByText('Press 1, 2 or 3 to jump to a step.')).toBeTruthy();
    expect(queries).toContain('(hover: hover) and (pointer: fine) and (min-width: 48rem)');
    cleanup();

    pointer(false);
    render(<Harness />);
    expect(screen.queryByText(/Press 1, 2 or 3/)).toBeNull();
    cleanup();

    pointer(true);
    render(<Harness embedded />);
    expect(screen.queryByText(/Press 1, 2 or 3/)).toBeNull();
  });

  it('marks every control with a message as invalid: inputs, the text area, comboboxes and the checkbox', async () => {
    const user = userEvent.setup();
    render(<Harness compact />);
    await user.clear(field(/Quantity/));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    const invalid = [
      combo(/Product name/),
      field(/Description/),
      field(/Quantity/),
      combo(/Delivery location/),
      field(/E-mail address/),
      screen.getByRole('checkbox'),
    ];
    expect(invalid.map((el) => [el.tagName, el.getAttribute('aria-invalid')])).toEqual([
      ['INPUT', 'true'],
      ['TEXTAREA', 'true'],
      ['INPUT', 'true'],
      ['INPUT', 'true'],
      ['INPUT', 'true'],
      ['INPUT', 'true'],
    ]);
    for (const el of invalid) expect(document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)!.className).toBe('field-error');
    expect(screen.getByRole('combobox', { name: /Budget/ }).getAttribute('aria-invalid')).toBeNull();
  });
});
