// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeConfig } from '../../sdk/embed/config';
import { useApiMock } from '../test/api-mock';
import { EmbedApp } from './EmbedApp';

const api = useApiMock();
afterEach(cleanup);

describe('the widget in its frame', () => {
  it('replaces its "Request quotes" heading with the outcome once the quotes are sent', async () => {
    const user = userEvent.setup();
    api.catalogue([]);
    api.server.use(
      http.post('*/api/analytics/widget-load', () => new HttpResponse(null, { status: 204 })),
      http.post('*/api/rfq', () => HttpResponse.json({ rfqId: '481516234200001', quotes: [{}, {}, {}] }, { status: 201 })),
    );
    render(<EmbedApp config={sanitizeConfig({ companyName: 'Coastal Cleaning', compact: true, embedId: 'shop' })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Request quotes' })).toBeTruthy();

    await user.type(screen.getByRole('combobox', { name: /Product name/ }), 'Floor polish');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Non-slip floor polish for a hospital corridor');
    await user.type(screen.getByRole('combobox', { name: /Delivery location/ }), 'Durban');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'buyer@clinic.co.za');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Get My Quotes' }));

    expect(await screen.findByRole('heading', { name: 'Quotes Sent Successfully!' })).toBeTruthy();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Quotes Sent Successfully!']);
    expect(screen.getByText('3 quotes were generated. Check your e-mail (buyer@clinic.co.za) for the details.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Request Another Quote' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Request quotes' })).toBeTruthy();
  });
});
