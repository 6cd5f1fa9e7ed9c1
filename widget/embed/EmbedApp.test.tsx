// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sanitizeConfig } from '../../sdk/embed/config';
import { setupApiMock, validationFailed } from '../test/api-mock';
import { sendFloorPolishRequest } from '../test/form';
import { EmbedApp } from './EmbedApp';

const api = setupApiMock();

/** The load the widget reports as it opens, taken as the API takes it. */
const widgetLoaded = () => http.post('*/api/analytics/widget-load', () => new HttpResponse(null, { status: 204 }));

/** Fills in the widget's short form and sends it, the API answering the request with `answer`. */
async function fillAndSendQuickForm(answer: () => Response): Promise<void> {
  const user = userEvent.setup();
  api.catalogue([]);
  api.server.use(widgetLoaded(), http.post('*/api/embed/rfq', answer));
  render(<EmbedApp config={sanitizeConfig({ embedId: 'shop-footer', quick: true })} />);
  await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'Thick Bleach 5L');
  await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Thick bleach for the ablution blocks of three sites');
  await user.clear(screen.getByRole('textbox', { name: /Quantity/ }));
  await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '40');
  await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Durban');
  await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'ops@example.co.za');
  await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
}

/** Sends the short form and answers the submission's own alert (a field's message is an alert of its own). */
async function sendQuickForm(answer: () => Response): Promise<HTMLElement> {
  await fillAndSendQuickForm(answer);
  return waitFor(() => {
    const alert = screen.getAllByRole('alert').find((a) => a.classList.contains('widget-alert'));
    if (!alert) throw new Error('The submission has no alert yet');
    return alert;
  });
}

/** `POST /api/rfq`'s answer for a request to Durban that no supplier could quote. */
function unquoted(request: { productName: string; quantity: number; unit: string; primaryEmail: string }) {
  return HttpResponse.json(
    {
      rfqId: '123456789012345678',
      ...request,
      deliveryLocation: 'Durban, KwaZulu-Natal',
      supplierCount: 3,
      companySize: null,
      status: 'expired',
      matching: { requested: 3, matched: 0, message: 'No supplier delivers there yet.' },
      quotes: [],
      emailDelivery: { notSent: [] },
      createdAt: '2026-11-22T10:00:00.000Z',
    },
    { status: 201 },
  );
}

describe('the widget when a submission fails', () => {
  it("shows an answer's error text as '{status}: {message}' under 'Submission Failed'", async () => {
    const alert = await sendQuickForm(() =>
      HttpResponse.json({ error: { code: 'partner_suspended', message: 'This widget is switched off' } }, { status: 403 }),
    );
    expect(within(alert).getByText('Submission Failed')).toBeTruthy();
    expect(within(alert).getByText('403: This widget is switched off')).toBeTruthy();
    expect(api.requests.filter((r) => r.startsWith('POST /api/embed/rfq'))).toHaveLength(1);
  });

  it('uses the status text when the answer carries no message of its own', async () => {
    const alert = await sendQuickForm(() => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    expect(within(alert).getByText('Submission Failed')).toBeTruthy();
    expect(within(alert).getByText('502: Bad Gateway')).toBeTruthy();
  });

  it("says 'An error occurred. Please try again.' when the answer cannot be read as quotes", async () => {
    const alert = await sendQuickForm(() => HttpResponse.json({ rfqId: 'not-an-id' }, { status: 201 }));
    expect(within(alert).getByText('Submission Failed')).toBeTruthy();
    expect(within(alert).getByText('An error occurred. Please try again.')).toBeTruthy();
  });

  it("answers a validation error with 'Validation Error'", async () => {
    const alert = await sendQuickForm(() => validationFailed({ location: 'Location required' }));
    expect(within(alert).getByText('Validation Error')).toBeTruthy();
    expect(within(alert).getByText('Please check all required fields and try again.')).toBeTruthy();
  });

  it('shows the message the API gave a field on that field, and moves the buyer there', async () => {
    const unknown = 'Please enter a delivery location we know: a city, or a town with its province (e.g. Knysna, Western Cape)';
    await sendQuickForm(() => validationFailed({ location: unknown }));
    const location = screen.getByRole('combobox', { name: /Delivery location/ });
    expect(await screen.findByText(unknown)).toBeTruthy();
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(location.getAttribute('aria-describedby')!)?.textContent).toBe(unknown);
    expect(document.activeElement).toBe(location);

    await userEvent.setup().type(location, ', Western Cape');
    expect(screen.queryByText(unknown)).toBeNull();
  });

  it('takes the steps form back to the refused field, with its message', async () => {
    const user = userEvent.setup();
    const unknown =
      'Please enter a delivery location we know: did you mean Johannesburg, Gauteng? Or give a town with its province (e.g. Knysna, Western Cape)';
    api.catalogue([]);
    api.server.use(
      widgetLoaded(),
      http.post('*/api/rfq', () => validationFailed({ deliveryLocation: unknown })),
    );
    render(<EmbedApp config={sanitizeConfig({ embedId: 'shop' })} />);
    await user.type(screen.getByRole('combobox', { name: /Product name/ }), 'Floor polish');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Non-slip floor polish for a hospital corridor');
    await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Johanesburg');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));

    expect(await screen.findByText(unknown)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Step 1: What do you need?');
    const location = screen.getByRole('combobox', { name: /Delivery location/ });
    expect(location.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(location);
  });
});

describe('the widget in its frame', () => {
  it('replaces its "Request quotes" heading with the outcome once the quotes are sent', async () => {
    const user = userEvent.setup();
    api.catalogue([]);
    api.server.use(
      widgetLoaded(),
      http.post('*/api/rfq', () => unquoted({ productName: 'Floor polish', quantity: 1, unit: 'litres', primaryEmail: 'buyer@clinic.co.za' })),
    );
    render(<EmbedApp config={sanitizeConfig({ companyName: 'Coastal Cleaning', compact: true, embedId: 'shop' })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Request quotes' })).toBeTruthy();

    await sendFloorPolishRequest(user);

    expect(await screen.findByRole('heading', { name: 'Request Received' })).toBeTruthy();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Request Received']);
    expect(screen.getByText('No supplier could quote this request yet. We e-mailed the details to buyer@clinic.co.za.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Request Another Quote' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Request quotes' })).toBeTruthy();
  });
});

describe('the widget when the quotes could not be e-mailed', () => {
  it('says which address was not e-mailed and why, and still links to the quotes', async () => {
    await fillAndSendQuickForm(() =>
      HttpResponse.json(
        {
          rfqId: '123456789012345678',
          matching: { requested: 3, matched: 0, message: 'No supplier delivers there yet.' },
          quotes: [],
          emailDelivery: { notSent: [{ email: 'o***@example.co.za', reason: 'daily_limit' }] },
        },
        { status: 201 },
      ),
    );

    const result = await screen.findByRole('status', { name: 'Request Received' });
    expect(
      within(result).getByText(
        'We did not e-mail these quotes to o***@example.co.za: it has already received 5 quote e-mails from Procura in the last 24 hours.',
      ),
    ).toBeTruthy();
    expect(within(result).queryByText(/We e-mailed the details/)).toBeNull();
    expect(within(result).getByRole('link', { name: 'Compare your quotes' }).getAttribute('href')).toBe('/quote-success?rfqId=123456789012345678');
  });
});

describe('the widget on the demo page', () => {
  it('says its request was a demo, told to no supplier', async () => {
    const user = userEvent.setup();
    api.server.use(
      widgetLoaded(),
      http.post('*/api/embed/rfq', () =>
        HttpResponse.json(
          {
            rfqId: '123456789012345678',
            matching: { requested: 3, matched: 0, message: 'No supplier delivers there yet.' },
            quotes: [],
            emailDelivery: { notSent: [] },
            demo: true,
          },
          { status: 201 },
        ),
      ),
    );
    render(<EmbedApp config={sanitizeConfig({ embedId: 'demo-minimal-1764230400000', quick: true })} />);
    await user.type(screen.getByRole('textbox', { name: /Product name/ }), 'Thick Bleach 5L');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Thick bleach for the ablution blocks of three sites');
    await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Durban');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'ops@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));
    const result = await screen.findByRole('status', { name: 'Request Received' });
    expect(within(result).getByText(/^A demo:/).textContent).toBe(
      'A demo: this request came from the widget demo, so no supplier was told of it and its quotes cannot be accepted.',
    );
  });
});

describe('the widget for many products', () => {
  it('carries the product into a basket, sends its lines with where the widget is, and reports the quotes', async () => {
    const user = userEvent.setup();
    api.catalogue([]);
    api.server.use(widgetLoaded());
    const bodies = api.record('post', '*/api/rfq', (_body, sent) =>
      sent.length === 1
        ? validationFailed({ 'lines.1.quantity': 'Quantity must be at most 1000000' })
        : unquoted({ productName: 'Household Bleach', quantity: 2, unit: 'products', primaryEmail: 'stores@clinic.co.za' }),
    );
    render(<EmbedApp config={sanitizeConfig({ embedId: 'shop', partnerId: 'partner-coastal' })} />);
    await user.type(screen.getByRole('combobox', { name: /Product name/ }), 'Household Bleach');
    await user.clear(screen.getByRole('textbox', { name: /Quantity/ }));
    await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Add another product' }));

    const second = await screen.findByRole('textbox', { name: 'Product 2' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect((screen.getByRole('textbox', { name: 'Product 1' }) as HTMLInputElement).value).toBe('Household Bleach');
    // The widget has no paste box: that is the home page's.
    expect(screen.queryByRole('button', { name: 'Paste a list' })).toBeNull();
    await user.type(second, 'Refuse bags');
    await user.clear(screen.getAllByRole('textbox', { name: 'Quantity' })[1]!);
    await user.type(screen.getAllByRole('textbox', { name: 'Quantity' })[1]!, '20');
    await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Durban');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'stores@clinic.co.za');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Get Quotes for 2 Products' }));

    // A refused line: its message on its field, the buyer taken there, and no alert of the single form's.
    const quantity = await screen.findByRole('textbox', { name: 'Quantity', description: 'Quantity must be at most 1000000' });
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(screen.queryByText('Validation Error')).toBeNull();
    expect(bodies[0]).toMatchObject({
      lines: [
        { productName: 'Household Bleach', quantity: '40' },
        { productName: 'Refuse bags', quantity: '20' },
      ],
      deliveryLocation: 'Durban',
      embedId: 'shop',
      embedSource: 'embed-widget',
      partnerId: 'partner-coastal',
    });
    expect(bodies[0]).not.toHaveProperty('productName');

    await user.click(screen.getByRole('button', { name: 'Get Quotes for 2 Products' }));
    expect(await screen.findByRole('heading', { name: 'Request Received' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Request Another Quote' }));
    // Back to the single-product form, empty.
    expect((screen.getByRole('combobox', { name: /Product name/ }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Product 1' })).toBeNull();
  });
});
