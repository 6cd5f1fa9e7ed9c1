// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Nav, navVariantFor } from './Nav';
import { StaffSessionContext } from '../lib/staff-session';
import type { StaffUser } from '../../contract/schemas/staff';

function linksAt(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <Nav variant={navVariantFor(path)} />
    </Router>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

const MAIN = ['Home', 'Book Demo', 'About', 'API Access'];

describe('the navigation', () => {
  it('is one navigation: the main links everywhere, with the section’s own links added after them', () => {
    const cases: [string, string[]][] = [
      ['/', MAIN],
      ['/about', MAIN],
      ['/api-registration', MAIN],
      ['/widget-demo', [...MAIN, 'Widget Demo', 'Configurator', 'Embed Examples']],
      ['/embed-benefits', [...MAIN, 'Widget Demo', 'Configurator', 'Embed Examples']],
      ['/docs', [...MAIN, 'Documentation']],
      ['/data-product-kit', [...MAIN, 'Documentation']],
      ['/admin', [...MAIN, 'Admin Dashboard', 'Analytics', 'Scraper']],
    ];
    for (const [path, links] of cases) {
      expect([path, linksAt(path)]).toEqual([path, links]);
      cleanup();
    }
  });

  it('marks the current page, and names the section its added links belong to', () => {
    linksAt('/widget-configurator');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Configurator' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('list', { name: 'Widget' })).toBeTruthy();
  });

  it('closes its menu with Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    linksAt('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps a signed-in admin’s links, name and Sign out in the menu at every width, and closes it when they sign out', async () => {
    const user = userEvent.setup();
    const admin: StaffUser = { email: 'lerato@procura.example', name: 'Lerato Mahlangu', role: 'admin' };
    const location = memoryLocation({ path: '/admin' });
    const view = (who: StaffUser | null) => (
      <StaffSessionContext.Provider value={{ user: who, setUser: () => {} }}>
        <Router hook={location.hook}>
          <Nav variant="admin" />
        </Router>
      </StaffSessionContext.Provider>
    );
    const { rerender } = render(view(admin));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.hasAttribute('data-crowded')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(nav).getByText('Lerato Mahlangu')).toBeTruthy();
    rerender(view(null));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    // Signed out, the section's own links fit a wide screen.
    expect(nav.hasAttribute('data-crowded')).toBe(false);
  });
});
