// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '../../../sdk/data-api';
import { setupApiMock } from '../../../widget/test/api-mock';
import ApiRegistrationPage from './ApiRegistrationPage';

setupApiMock();

describe('partner registration', () => {
  it('moves focus to the first field in error, in the order of the form, when the form is sent', async () => {
    const user = userEvent.setup();
    render(<ApiRegistrationPage />);
    await user.click(screen.getByRole('button', { name: 'Get my credentials' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Company name' }));

    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Coastal Cleaning Directory');
    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Thandi Nkosi');
    await user.type(screen.getByRole('textbox', { name: 'Contact e-mail' }), 'dev@coastal.example.co.za');
    await user.click(screen.getByRole('button', { name: 'Get my credentials' }));
    const website = screen.getByRole('textbox', { name: 'Website' });
    expect(document.activeElement).toBe(website);
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(PARTNER_MESSAGES.website)).toBeTruthy();
  });

  it('names each of its regions once', () => {
    render(<ApiRegistrationPage />);
    const names = screen
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label') ?? document.getElementById(r.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
  });
});
