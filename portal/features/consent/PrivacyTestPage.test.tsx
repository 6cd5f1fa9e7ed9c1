// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentContext, ConsentControlsContext, type ConsentRecord } from '../../lib/consent-context';
import { CONSENT_STORAGE_KEY } from './consent-store';
import { ANALYTICS_ALLOWED } from '../../test/consent';
import PrivacyTestPage from './PrivacyTestPage';

beforeEach(() => localStorage.clear());

function renderPage(consent: ConsentRecord | null) {
  const controls = { openPreferences: vi.fn(), forgotten: vi.fn() };
  render(
    <ConsentContext.Provider value={consent}>
      <ConsentControlsContext.Provider value={controls}>
        <PrivacyTestPage />
      </ConsentControlsContext.Provider>
    </ConsentContext.Provider>,
  );
  return controls;
}

const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('the privacy check', () => {
  it('shows the stored choice, its consent id and the Global Privacy Control state, and clears them', async () => {
    const user = userEvent.setup();
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(ANALYTICS_ALLOWED));
    localStorage.setItem('analytics-session-id', 'V1StGXR8_Z5jdHi6B-myT');
    const controls = renderPage(ANALYTICS_ALLOWED);
    expect([
      value('Site usage analytics'),
      value('Consent ID'),
      value('Policy revision'),
      value('Global Privacy Control'),
      value('Analytics session id'),
    ]).toEqual(['Allowed', 'q8bX2mN0vL4rT6yW1zA3c', '1', 'Off', 'Stored (sent with analytics events)']);
    await user.click(screen.getByRole('button', { name: 'Change my choice' }));
    expect(controls.openPreferences).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Clear my choice' }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(controls.forgotten).toHaveBeenCalledOnce();
  });

  it('says so when no choice is stored, and when the browser sends Global Privacy Control', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    try {
      renderPage(null);
      expect(screen.getByText('No choice is stored: the banner asks on every page until you choose.')).toBeTruthy();
      expect(value('Global Privacy Control')).toBe('On: Procura sends no analytics from this browser, whatever the choice.');
      expect((screen.getByRole('button', { name: 'Clear my choice' }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    }
  });
});
