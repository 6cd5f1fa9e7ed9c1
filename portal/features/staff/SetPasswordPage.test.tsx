// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../contract/schemas/staff';
import { setupApiMock } from '../../../widget/test/api-mock';
import SetPasswordPage from './SetPasswordPage';
import { afterSignIn } from './SignInPage';

const api = setupApiMock();

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SetPasswordPage />
    </Router>,
  );
  return location;
}

describe('the set-password page', () => {
  it('checks length and the repeat before sending, shows the server’s refusal, and goes to sign-in once set', async () => {
    const sent: unknown[] = [];
    api.server.use(
      http.post('*/api/staff/password', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? HttpResponse.json(
              { error: { code: 'validation_error', message: 'Validation failed', details: { fields: { password: STAFF_MESSAGES.passwordCommon } } } },
              { status: 400 },
            )
          : HttpResponse.json({ email: 'ayesha@procura.example' });
      }),
    );
    const user = userEvent.setup();
    const location = renderAt('/staff/set-password?token=st_abc');
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
    await waitFor(() => expect(location.history.at(-1)).toBe('/staff/sign-in?password=set'));
    expect(sent).toEqual([
      { token: 'st_abc', password: 'short-but-longer' },
      { token: 'st_abc', password: 'short-but-longer' },
    ]);
  });

  it('says what makes a password too easy to guess, and shows the server’s judgement beside the field', async () => {
    api.server.use(
      http.post('*/api/staff/password', () =>
        HttpResponse.json(
          { error: { code: 'validation_error', message: 'Validation failed', details: { fields: { password: STAFF_MESSAGES.passwordWeak } } } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/staff/set-password?token=st_abc');
    expect(screen.getByText(/^At least 12 characters/).textContent).toBe(
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
