// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffUser } from '../../../contract/schemas/staff';
import { StaffSessionContext } from '../../lib/staff-session';
import { setupApiMock } from '../../../widget/test/api-mock';
import SetPasswordPage from './SetPasswordPage';
import { afterSignIn } from './SignInPage';

const api = setupApiMock();
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const TOKEN = `st_${'b'.repeat(43)}`;

/** Whom the page told the staff session is signed in. */
let signedIn: (StaffUser | null)[] = [];

/** The page at `address` (the fragment too, which the link's token rides in). */
function renderAt(address: string) {
  signedIn = [];
  window.history.replaceState(null, '', address);
  const location = memoryLocation({ path: address.replace(/#.*$/, ''), record: true });
  render(
    <StaffSessionContext.Provider value={{ user: null, setUser: (u) => signedIn.push(u) }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SetPasswordPage />
      </Router>
    </StaffSessionContext.Provider>,
  );
  return location;
}

/** The look-ups of whom the link is for, each with the body it sent. */
function peeks(answer: () => Response = () => HttpResponse.json({ name: 'Ayesha Khan' })) {
  const peeked: unknown[] = [];
  api.server.use(
    http.post('*/api/staff/password/peek', async ({ request }) => {
      peeked.push(await request.json());
      return answer();
    }),
  );
  return peeked;
}

describe('the set-password page', () => {
  it('names whom the link is for, checks length and the repeat before sending, shows the server’s refusal, and once set goes to the admin page signed in, asking for nothing again', async () => {
    const sent: unknown[] = [];
    const peeked = peeks();
    api.server.use(
      http.post('*/api/staff/password', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? HttpResponse.json(
              { error: { code: 'validation_error', message: 'Validation failed', details: { fields: { password: STAFF_MESSAGES.passwordCommon } } } },
              { status: 400 },
            )
          : HttpResponse.json({ email: 'ayesha@procura.example', name: 'Ayesha Khan', role: 'admin' });
      }),
    );
    const user = userEvent.setup();
    const location = renderAt(`/staff/set-password#${TOKEN}`);
    expect(await screen.findByText('This link is for Ayesha Khan: the password you set here is theirs.')).toBeTruthy();
    // Opening the link only looked it up; the token left the address bar.
    expect([peeked, sent, window.location.hash]).toEqual([[{ token: TOKEN }], [], '']);
    const submit = () => user.click(screen.getByRole('button', { name: 'Set password' }));

    await user.type(screen.getByLabelText(/New password/), 'short');
    await submit();
    expect(screen.getByText(STAFF_MESSAGES.passwordTooShort)).toBeTruthy();
    await user.type(screen.getByLabelText(/New password/), '-but-longer');
    await user.type(screen.getByLabelText(/Type it again/), 'something else');
    await submit();
    expect(screen.getByText('The two passwords differ')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText(/Type it again/));
    await user.type(screen.getByLabelText(/Type it again/), 'short-but-longer');
    await submit();
    expect(await screen.findByText(STAFF_MESSAGES.passwordCommon)).toBeTruthy();
    await submit();
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin'));
    expect(signedIn).toEqual([{ email: 'ayesha@procura.example', name: 'Ayesha Khan', role: 'admin' }]);
    expect(sent).toEqual([
      { token: TOKEN, password: 'short-but-longer' },
      { token: TOKEN, password: 'short-but-longer' },
    ]);
  });

  it('goes where the person was going, a path on this site given as ?next=, signed in as a sales person', async () => {
    peeks();
    api.server.use(http.post('*/api/staff/password', () => HttpResponse.json({ email: 'sipho@procura.example', name: 'Sipho Mokoena', role: 'sales' })));
    const user = userEvent.setup();
    const location = renderAt(`/staff/set-password?next=%2Finternal-analytics#${TOKEN}`);
    await screen.findByText('This link is for Ayesha Khan: the password you set here is theirs.');
    await user.type(screen.getByLabelText(/New password/), 'mopane-worms-at-dusk');
    await user.type(screen.getByLabelText(/Type it again/), 'mopane-worms-at-dusk');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/internal-analytics'));
    expect(signedIn).toEqual([{ email: 'sipho@procura.example', name: 'Sipho Mokoena', role: 'sales' }]);
  });

  it('says what makes a password too easy to guess, and shows the server’s judgement beside the field', async () => {
    peeks();
    api.server.use(
      http.post('*/api/staff/password', () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'Validation failed', details: { fields: { password: STAFF_MESSAGES.passwordWeak } } } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/staff/set-password#${TOKEN}`);
    expect((await screen.findByText(/^At least 12 characters/)).textContent).toBe(
      'At least 12 characters, and hard to guess: a few unrelated words make a strong one that is easy to type. Common passwords, and ones made of your name, your e-mail address or Procura, are refused.',
    );
    await user.type(screen.getByLabelText(/New password/), 'password1234');
    await user.type(screen.getByLabelText(/Type it again/), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This password is too easy to guess. Add a word or two that have nothing to do with you or Procura.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/New password/));
  });

  it('says a link without a token is incomplete, under the page heading', () => {
    renderAt('/staff/set-password');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set your password');
    expect(screen.getByRole('alert').textContent).toContain('Link incomplete');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says a used or expired link is no longer good, and offers no form', async () => {
    peeks(() => HttpResponse.json({ error: { code: 'invalid_token', message: STAFF_MESSAGES.linkInvalid } }, { status: 400 }));
    renderAt(`/staff/set-password#${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(`Link not usable${STAFF_MESSAGES.linkInvalid}`);
    expect(screen.queryByLabelText(/New password/)).toBeNull();
  });

  it('reads a link printed before the token moved to the fragment, and takes the token out of the address bar', async () => {
    const peeked = peeks();
    renderAt(`/staff/set-password?token=${TOKEN}`);
    await screen.findByText('This link is for Ayesha Khan: the password you set here is theirs.');
    expect(peeked).toEqual([{ token: TOKEN }]);
    expect(window.location.search).toBe('');
  });
});

describe('after signing in', () => {
  const admin = { email: 'a@procura.example', name: 'A', role: 'admin' as const };
  it('goes to a path on this site, never to another site', () => {
    expect(afterSignIn('/admin?tab=products', admin)).toBe('/admin?tab=products');
    expect(afterSignIn('//evil.example/admin', admin)).toBe('/admin');
    expect(afterSignIn('/\\evil.example', admin)).toBe('/admin');
    expect(afterSignIn('https://evil.example', admin)).toBe('/admin');
    expect(afterSignIn(null, { ...admin, role: 'sales' })).toBe('/customer-dashboard');
  });
});
