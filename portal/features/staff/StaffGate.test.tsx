// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffUser } from '../../../contract/schemas/staff';
import { setupApiMock } from '../../../widget/test/api-mock';
import { StaffSessionContext } from '../../lib/staff-session';
import { ToastProvider } from '../../components/ui/toast';
import { Nav } from '../../app/Nav';
import StaffGate, { STAFF_SESSION_ENDED_TEXT } from './StaffGate';
import { staffApi } from '../../lib/api';

const api = setupApiMock();

const AYESHA: StaffUser = { email: 'ayesha@procura.example', name: 'Ayesha Patel', role: 'admin' };

/** A part of an admin page that asks the server for something. */
function OutboxCheck() {
  const [depth, setDepth] = useState<string | null>(null);
  const check = () =>
    staffApi()
      .admin.outbox()
      .then(
        (d) => setDepth(JSON.stringify(d)),
        () => setDepth('failed'),
      );
  return (
    <button type="button" onClick={check}>
      Check the outbox {depth}
    </button>
  );
}

function Page({ roles = ['admin'] as const }: { roles?: readonly ('admin' | 'sales')[] }) {
  const [user, setUser] = useState<StaffUser | null | undefined>(undefined);
  const session = useMemo(() => ({ user, setUser }), [user]);
  return (
    <StaffSessionContext.Provider value={session}>
      <ToastProvider>
        <Nav variant="admin" />
        <StaffGate roles={roles}>
          <h1>Admin Dashboard</h1>
          <OutboxCheck />
        </StaffGate>
      </ToastProvider>
    </StaffSessionContext.Provider>
  );
}

const signedOut = () =>
  http.get('*/api/staff/me', () => HttpResponse.json({ error: { code: 'unauthorized', message: STAFF_MESSAGES.signedOut } }, { status: 401 }));

describe('a staff page', () => {
  it('shows the sign-in form in its place when signed out, and the page once signed in', async () => {
    const sent: unknown[] = [];
    api.server.use(
      signedOut(),
      http.post('*/api/staff/sign-in', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? HttpResponse.json({ error: { code: 'invalid_credentials', message: STAFF_MESSAGES.signInFailed } }, { status: 401 })
          : HttpResponse.json(AYESHA);
      }),
    );
    const user = userEvent.setup();
    render(<Page />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(screen.getByLabelText(/E-mail/)).toHaveProperty('autocomplete', 'username');
    expect(screen.getByLabelText(/Password/)).toHaveProperty('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText(STAFF_MESSAGES.email)).toBeTruthy();
    expect(document.activeElement?.id).toBe('staff-email');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(/E-mail/), AYESHA.email);
    await user.type(screen.getByLabelText(/Password/), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STAFF_MESSAGES.signInFailed);
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');

    await user.type(screen.getByLabelText(/Password/), 'tafelberg-sunrise-0471');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(sent).toEqual([
      { email: AYESHA.email, password: 'not-my-password' },
      { email: AYESHA.email, password: 'tafelberg-sunrise-0471' },
    ]);
    expect(screen.getByText('Ayesha Patel')).toBeTruthy();
  });

  it('signs out from the navigation and shows the sign-in form again', async () => {
    let signedOutCalls = 0;
    api.server.use(
      http.get('*/api/staff/me', () => HttpResponse.json(AYESHA)),
      http.post('*/api/staff/sign-out', () => {
        signedOutCalls++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    render(<Page />);
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(signedOutCalls).toBe(1);
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('says the session ended when a call of the page finds it signed out, and signs in again in its place', async () => {
    api.server.use(
      http.get('*/api/staff/me', () => HttpResponse.json(AYESHA)),
      http.get('*/api/admin/outbox', () => HttpResponse.json({ error: { code: 'unauthorized', message: STAFF_MESSAGES.signedOut } }, { status: 401 })),
      http.post('*/api/staff/sign-in', () => HttpResponse.json(AYESHA)),
    );
    const user = userEvent.setup();
    render(<Page />);
    await user.click(await screen.findByRole('button', { name: /Check the outbox/ }));
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(screen.getByText(STAFF_SESSION_ENDED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();

    await user.type(screen.getByLabelText(/E-mail/), AYESHA.email);
    await user.type(screen.getByLabelText(/Password/), 'tafelberg-sunrise-0471');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    // Signing out later is not a session that ended.
    api.server.use(http.post('*/api/staff/sign-out', () => new HttpResponse(null, { status: 204 })));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    expect(screen.queryByText(STAFF_SESSION_ENDED_TEXT)).toBeNull();
  });

  it('tells a person of another role the page is not theirs', async () => {
    api.server.use(http.get('*/api/staff/me', () => HttpResponse.json({ ...AYESHA, name: 'Sipho Mokoena', role: 'sales' })));
    render(<Page roles={['admin']} />);
    await screen.findByRole('heading', { name: 'Not for your role' });
    expect(screen.getByText(/signed in as Sipho Mokoena \(sales\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your start page' }).getAttribute('href')).toBe('/customer-dashboard');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
    // The navigation offers only the staff pages a sales person can open, wherever they are, after the main links.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Book Demo', '/demo'],
      ['About', '/about'],
      ['API Access', '/api-registration'],
      ['Customer dashboard', '/customer-dashboard'],
      ['Internal analytics', '/internal-analytics'],
    ]);
  });

  const MAIN_LINKS = ['Home', 'Book Demo', 'About', 'API Access'];

  it('offers a signed-in admin every staff page, and the section’s pages before anyone signs in', async () => {
    api.server.use(signedOut());
    render(<Page />);
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    const links = () =>
      within(screen.getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(links()).toEqual([...MAIN_LINKS, 'Admin Dashboard', 'Analytics', 'Scraper']);
    cleanup();
    api.server.use(http.get('*/api/staff/me', () => HttpResponse.json(AYESHA)));
    render(<Page />);
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(links()).toEqual([...MAIN_LINKS, 'Admin Dashboard', 'Analytics', 'Scraper', 'Customer dashboard', 'Internal analytics']);
  });
});
