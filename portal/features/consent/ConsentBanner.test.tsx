// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentBanner } from './ConsentBanner';
import { CONSENT_REVISION, CONSENT_STORAGE_KEY, type ConsentRecord } from './consent-store';

beforeEach(() => localStorage.clear());

const stored = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as ConsentRecord | null;
const banner = () => screen.queryByRole('region', { name: /Help Us Improve/ });
const dialog = () => screen.queryByRole('dialog', { name: 'Cookie Preferences' });
const analyticsSwitch = () => screen.getByRole('switch', { name: 'Site Usage Analytics' });
const isOn = () => analyticsSwitch().getAttribute('aria-checked');

function renderBanner(preferencesRequested = 0) {
  const onConsentChange = vi.fn();
  const onDecision = vi.fn();
  const view = render(<ConsentBanner onConsentChange={onConsentChange} onDecision={onDecision} preferencesRequested={preferencesRequested} />);
  return {
    onConsentChange,
    onDecision,
    rerender: (n: number) => view.rerender(<ConsentBanner onConsentChange={onConsentChange} onDecision={onDecision} preferencesRequested={n} />),
  };
}

describe('consent banner', () => {
  it.each([
    ['Sure, Help Improve', true],
    ['No Thanks', false],
  ])('"%s" stores the record, tells the parent and closes', async (button, analytics) => {
    const user = userEvent.setup();
    const { onConsentChange } = renderBanner();
    expect(banner()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: button }));

    const record = stored()!;
    expect(record).toEqual({
      essential: true,
      analytics,
      marketing: false,
      timestamp: record.timestamp,
      revision: CONSENT_REVISION,
      consentId: record.consentId,
    });
    expect(record.consentId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(new Date(record.timestamp).toISOString()).toBe(record.timestamp);
    expect(onConsentChange).toHaveBeenCalledExactlyOnceWith(record);
    expect(banner()).toBeNull();
  });

  it('saves the toggled choice from Cookie Preferences, or everything with Accept All Analytics', async () => {
    const user = userEvent.setup();
    const { onConsentChange } = renderBanner();
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    expect(dialog()).toBeTruthy();
    expect(isOn()).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()?.analytics).toBe(false);
    expect(dialog()).toBeNull();
    expect(banner()).toBeNull();

    cleanup();
    localStorage.clear();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    await user.click(screen.getByRole('button', { name: 'Accept All Analytics' }));
    expect(stored()?.analytics).toBe(true);
    expect(onConsentChange).toHaveBeenCalledTimes(1);
  });

  it('discards toggle edits on Cancel, the close icon and Escape, and keeps the banner', async () => {
    const user = userEvent.setup();
    const { onConsentChange } = renderBanner();
    for (const close of [
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      () => user.click(screen.getByRole('button', { name: 'Close cookie preferences' })),
      () => user.keyboard('{Escape}'),
    ]) {
      await user.click(screen.getByRole('button', { name: 'More Options' }));
      expect(isOn()).toBe('false');
      await user.click(analyticsSwitch());
      expect(isOn()).toBe('true');
      await close();
      expect(dialog()).toBeNull();
      expect(banner()).toBeTruthy();
    }
    expect(stored()).toBeNull();
    expect(onConsentChange).not.toHaveBeenCalled();
  });

  it('hides for this page view with the close icon, storing nothing', async () => {
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Close privacy banner' }));
    expect(banner()).toBeNull();
    expect(stored()).toBeNull();

    cleanup();
    renderBanner();
    expect(banner()).toBeTruthy();
  });

  it('stays hidden when a choice is stored and passes it to the parent', () => {
    const record: ConsentRecord = { essential: true, analytics: true, marketing: false, timestamp: '2026-11-01T08:00:00.000Z', revision: CONSENT_REVISION };
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
    const { onConsentChange } = renderBanner();
    expect(banner()).toBeNull();
    expect(onConsentChange).toHaveBeenCalledExactlyOnceWith(record);
  });

  it('asks again when the stored choice was made under an earlier policy or cannot be read', () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ essential: true, analytics: true, marketing: false, timestamp: '2026-01-01T00:00:00.000Z', revision: CONSENT_REVISION - 1 }),
    );
    const first = renderBanner();
    expect(banner()).toBeTruthy();
    expect(first.onConsentChange).not.toHaveBeenCalled();

    cleanup();
    localStorage.setItem(CONSENT_STORAGE_KEY, '{not json');
    renderBanner();
    expect(banner()).toBeTruthy();
  });

  it('opens the preferences with the stored choice when the footer asks', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ essential: true, analytics: true, marketing: false, timestamp: '2026-11-01T08:00:00.000Z', revision: CONSENT_REVISION }),
    );
    const { onConsentChange, rerender } = renderBanner();
    expect(dialog()).toBeNull();
    rerender(1);
    expect(dialog()).toBeTruthy();
    expect(isOn()).toBe('true');
    await user.click(analyticsSwitch());
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()?.analytics).toBe(false);
    expect(onConsentChange).toHaveBeenLastCalledWith(stored());
    expect(banner()).toBeNull();
  });

  it('offers analytics as a switch named by its heading, turned by click, Space and Enter', async () => {
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    const control = analyticsSwitch();
    expect(control.tagName).toBe('BUTTON');
    expect(control.getAttribute('aria-describedby') && document.getElementById(control.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Popular pages, time on site, device type and city-level location.',
    );
    expect(isOn()).toBe('false');
    expect(within(dialog()!).queryByText('Off')).toBeNull();

    control.focus();
    await user.keyboard(' ');
    expect(isOn()).toBe('true');
    await user.keyboard('{Enter}');
    expect(isOn()).toBe('false');
    await user.click(control);
    expect(isOn()).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()?.analytics).toBe(true);
  });

  it('keeps one consent id across choices, shows it in the preferences, and hands each new choice over as proof', async () => {
    const user = userEvent.setup();
    const first = renderBanner();
    await user.click(screen.getByRole('button', { name: 'Sure, Help Improve' }));
    const id = stored()!.consentId!;
    expect(first.onDecision).toHaveBeenCalledExactlyOnceWith(stored());

    cleanup();
    const second = renderBanner();
    expect(second.onDecision).not.toHaveBeenCalled();
    second.rerender(1);
    expect(within(dialog()!).getByText(id)).toBeTruthy();
    await user.click(analyticsSwitch());
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual(expect.objectContaining({ analytics: false, consentId: id }));
    expect(second.onDecision).toHaveBeenCalledExactlyOnceWith(stored());
  });

  it('says in the preferences that Global Privacy Control stops analytics whatever is chosen', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    try {
      renderBanner();
      await user.click(screen.getByRole('button', { name: 'More Options' }));
      expect(within(dialog()!).getByRole('note').textContent).toBe(
        'Your browser sends Global Privacy Control, so Procura sends no analytics from it, whatever you choose here.',
      );
    } finally {
      delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    }
    cleanup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'More Options' }));
    expect(within(dialog()!).queryByRole('note')).toBeNull();
  });
});
