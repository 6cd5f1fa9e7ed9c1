// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setupApiMock } from '../../../widget/test/api-mock';
import SupplierSignInPage from './SupplierSignInPage';

const api = setupApiMock();
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const TOKEN = `sl_${'a'.repeat(43)}`;
const ME = { user: { id: 1, email: 'sipho@cleanco.example', name: 'Sipho Dlamini' }, supplier: { id: 3, name: 'CleanCo' } };

function at(address: string) {
  window.history.replaceState(null, '', address);
  const location = memoryLocation({ path: address.replace(/#.*$/, ''), record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SupplierSignInPage />
    </Router>,
  );
  return location;
}

describe('signing in to the supplier workspace', () => {
  it('asks for a link for the lead the supplier was opening, and opens the workspace on it after the link', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    api.server.use(
      http.post('*/api/supplier/sign-in-link', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: 'If that address belongs to a supplier on Procura, a sign-in link is on its way.' }, { status: 202 });
      }),
      http.post('*/api/supplier/session', () => HttpResponse.json(ME)),
    );
    at('/supplier/sign-in?lead=Q-42');
    await user.type(screen.getByRole('textbox', { name: /Your work e-mail/ }), 'sipho@cleanco.example');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await screen.findByRole('status');
    expect(asked).toEqual([{ email: 'sipho@cleanco.example', lead: 'Q-42' }]);
    cleanup();

    const location = at(`/supplier/sign-in?lead=Q-42#${TOKEN}`);
    await waitFor(() => expect(location.history.at(-1)).toBe('/supplier?lead=Q-42'));
    // The token left the address bar; the lead stayed.
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?lead=Q-42');
  });

  it('shows a refused address on its field alone, and signs in with a link pasted into the same tab', async () => {
    const user = userEvent.setup();
    api.server.use(
      http.post('*/api/supplier/sign-in-link', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_error',
              message: 'Request validation failed',
              details: { fields: { email: 'Enter an e-mail address, like name@company.co.za' } },
            },
          },
          { status: 400 },
        ),
      ),
      http.post('*/api/supplier/session', () => HttpResponse.json(ME)),
    );
    const location = at('/supplier/sign-in?lead=Q-42');
    const field = screen.getByRole('textbox', { name: /Your work e-mail/ });
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText('Enter an e-mail address, like name@company.co.za')).toBeTruthy();
    expect(screen.queryByText('Request validation failed')).toBeNull();
    expect(document.activeElement).toBe(field);

    // The e-mailed link, pasted into this tab, changes only the address's fragment.
    window.location.hash = TOKEN;
    await waitFor(() => expect(location.history.at(-1)).toBe('/supplier?lead=Q-42'));
    expect(window.location.hash).toBe('');
  });
});
