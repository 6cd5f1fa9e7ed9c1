// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SUPPLIER_MESSAGES } from '../../../contract/schemas/supplier-workspace';
import { setupApiMock } from '../../../widget/test/api-mock';
import SupplierSignInPage from './SupplierSignInPage';

const api = setupApiMock();
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const TOKEN = `sl_${'a'.repeat(43)}`;
const ME = {
  user: { id: 1, email: 'sipho@cleanco.example', name: 'Sipho Dlamini' },
  supplier: { id: 3, name: 'CleanCo' },
  readiness: { inStockItem: true, deliveryArea: true, readyToQuote: true },
};

/** The look-ups and sign-ins the page makes, each with the body it sent. */
function linkCalls(peekAnswer: () => Response = () => HttpResponse.json({ name: 'Sipho Dlamini', supplierName: 'CleanCo' })) {
  const calls = { peeked: [] as unknown[], spent: [] as unknown[] };
  api.server.use(
    http.post('*/api/supplier/sign-in-link/peek', async ({ request }) => {
      calls.peeked.push(await request.json());
      return peekAnswer();
    }),
    http.post('*/api/supplier/session', async ({ request }) => {
      calls.spent.push(await request.json());
      return HttpResponse.json(ME);
    }),
  );
  return calls;
}
const signInButton = () => screen.findByRole('button', { name: 'Sign in as Sipho Dlamini at CleanCo' });

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
  it('asks for a link for the lead the supplier was opening; the link shows whom it signs in, and only the click signs in and opens the lead', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    api.server.use(
      http.post('*/api/supplier/sign-in-link', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: 'If that address belongs to a supplier on Procura, a sign-in link is on its way.' }, { status: 202 });
      }),
    );
    at('/supplier/sign-in?lead=Q-42');
    // A business not on Procura yet is pointed to applying.
    expect(screen.getByRole('link', { name: 'Apply to supply' }).getAttribute('href')).toBe('/suppliers/join');
    await user.type(screen.getByRole('textbox', { name: /Your work e-mail/ }), 'sipho@cleanco.example');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await screen.findByRole('status');
    expect(asked).toEqual([{ email: 'sipho@cleanco.example', lead: 'Q-42' }]);
    cleanup();

    const calls = linkCalls();
    const location = at(`/supplier/sign-in?lead=Q-42#${TOKEN}`);
    const button = await signInButton();
    expect(screen.getByText('This link signs in Sipho Dlamini at CleanCo. It works once.')).toBeTruthy();
    // Loading the page looked the link up and spent nothing; the token left the address bar, the lead stayed.
    expect(calls).toEqual({ peeked: [{ token: TOKEN }], spent: [] });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?lead=Q-42');
    expect(location.history.at(-1)).toBe('/supplier/sign-in?lead=Q-42');

    await user.click(button);
    await waitFor(() => expect(location.history.at(-1)).toBe('/supplier?lead=Q-42'));
    expect(calls.spent).toEqual([{ token: TOKEN }]);
  });

  it('shows a refused address on its field alone, and asks before signing in with a link pasted into the same tab', async () => {
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
    );
    const calls = linkCalls();
    const location = at('/supplier/sign-in?lead=Q-42');
    const field = screen.getByRole('textbox', { name: /Your work e-mail/ });
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText('Enter an e-mail address, like name@company.co.za')).toBeTruthy();
    expect(screen.queryByText('Request validation failed')).toBeNull();
    expect(document.activeElement).toBe(field);

    // The e-mailed link, pasted into this tab, changes only the address's fragment.
    window.location.hash = TOKEN;
    await user.click(await signInButton());
    await waitFor(() => expect(location.history.at(-1)).toBe('/supplier?lead=Q-42'));
    expect(window.location.hash).toBe('');
    expect(calls).toEqual({ peeked: [{ token: TOKEN }], spent: [{ token: TOKEN }] });
  });

  it('says a used or expired link is no longer good, spending nothing, and offers to send a new one', async () => {
    const calls = linkCalls(() => HttpResponse.json({ error: { code: 'invalid_token', message: SUPPLIER_MESSAGES.linkInvalid } }, { status: 400 }));
    at(`/supplier/sign-in#${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(`Not signed in${SUPPLIER_MESSAGES.linkInvalid}`);
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeTruthy();
    expect(calls.spent).toEqual([]);
  });

  it('lets someone the link is not for set it aside without spending it', async () => {
    const user = userEvent.setup();
    const calls = linkCalls();
    at(`/supplier/sign-in#${TOKEN}`);
    await signInButton();
    await user.click(screen.getByRole('button', { name: 'Ask for a link to your own address' }));
    expect(screen.getByRole('textbox', { name: /Your work e-mail/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Sign in as/ })).toBeNull();
    expect(calls).toEqual({ peeked: [{ token: TOKEN }], spent: [] });
  });

  it('ends the sentence naming a supplier whose name ends with a full stop with that one stop', async () => {
    linkCalls(() => HttpResponse.json({ name: 'Sipho Dlamini', supplierName: 'Khumalo Cleaning Co.' }));
    at(`/supplier/sign-in#${TOKEN}`);
    await screen.findByRole('button', { name: 'Sign in as Sipho Dlamini at Khumalo Cleaning Co.' });
    expect(screen.getByText('This link signs in Sipho Dlamini at Khumalo Cleaning Co. It works once.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('..');
  });
});
