// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
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
});
