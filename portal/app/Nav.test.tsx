// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Nav, navVariantFor } from './Nav';

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
});
