// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SiteFigures } from '../../../sdk/schemas/site';
import { FIGURES } from '../../test/figures';
import paths from '../../app/paths.json';
import { SiteFiguresProvider } from '../../lib/site-figures';
import CompliancePage from './CompliancePage';
import NotFoundPage from './NotFoundPage';
import QuoteTrackerPage, { trackingTokenFrom } from './QuoteTrackerPage';
import SuppliersPage from './SuppliersPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAt(path: string, page: React.ReactNode, figures: SiteFigures | null = FIGURES) {
  const location = memoryLocation({ path, record: true });
  render(
    <SiteFiguresProvider initial={figures}>
      <Router hook={location.hook}>{page}</Router>
    </SiteFiguresProvider>,
  );
  return location;
}

describe('the quote tracker', () => {
  it('reads the token from a tracking link or the token itself, and nothing else', () => {
    expect(trackingTokenFrom('  qt_2s_AbC-9_x  ')).toBe('qt_2s_AbC-9_x');
    expect(trackingTokenFrom('https://procura.co.za/quote/qt_2s_AbC')).toBe('qt_2s_AbC');
    expect(trackingTokenFrom('/quote/qt_2s_AbC/')).toBe('qt_2s_AbC');
    expect(trackingTokenFrom('https://procura.co.za/quote-success?rfqId=123')).toBeNull();
    expect(trackingTokenFrom('qt_')).toBeNull();
    expect(trackingTokenFrom('QT_abc')).toBeNull();
    expect(trackingTokenFrom('qt_abc<script>')).toBeNull();
    expect(trackingTokenFrom('')).toBeNull();
  });

  it("says 'Invalid tracking token' for anything else, without a call", () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const location = renderAt('/quote-tracker', <QuoteTrackerPage />);
    fireEvent.change(screen.getByLabelText('Tracking link or token'), { target: { value: 'my quote please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track quote' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid tracking token');
    expect(screen.getByLabelText('Tracking link or token').getAttribute('aria-invalid')).toBe('true');
    expect(location.history).toEqual(['/quote-tracker']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens the tracked quote for a pasted link', () => {
    const location = renderAt('/quote-tracker', <QuoteTrackerPage />);
    fireEvent.change(screen.getByLabelText('Tracking link or token'), { target: { value: 'https://procura.co.za/quote/qt_1_abcDEF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track quote' }));
    expect(location.history.at(-1)).toBe('/quote/qt_1_abcDEF');
  });
});

describe('the supplier directory', () => {
  it('shows each city with its live counts, most suppliers first, and each category card', () => {
    expect(paths).toContain('/suppliers');
    renderAt('/suppliers', <SuppliersPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Supplier directory');
    expect(document.body.textContent).toContain('58 suppliers in good standing, delivering to 25 cities, in 16 product categories.');
    const cities = within(screen.getByRole('region', { name: 'Cities' })).getAllByRole('listitem');
    expect(cities.map((c) => c.querySelector('h3')!.textContent)).toEqual(['Johannesburg', 'Durban', 'Upington']);
    expect(cities[0]!.textContent).toBe('JohannesburgGauteng10 suppliers based here23 deliver hereVerified local suppliers');
    expect(cities[2]!.textContent).toContain('Delivery available');
    const categories = within(screen.getByRole('region', { name: 'Categories' })).getAllByRole('listitem');
    expect(categories[0]!.textContent).toBe('SanitizersCleaning25 active suppliersAverage response: 16.2 hours');
    expect(categories[1]!.textContent).toBe('GeysersPlumbing0 active suppliersAverage response: no suppliers yet');
  });

  it('searches cities, provinces and categories', () => {
    renderAt('/suppliers', <SuppliersPage />);
    fireEvent.change(screen.getByLabelText('Search cities, provinces and categories'), { target: { value: 'gauteng' } });
    expect(within(screen.getByRole('region', { name: 'Cities' })).getAllByRole('listitem').map((c) => c.querySelector('h3')!.textContent)).toEqual(['Johannesburg']);
    expect(screen.getByText('No category matches “gauteng”.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search cities, provinces and categories'), { target: { value: 'plumb' } });
    expect(within(screen.getByRole('region', { name: 'Categories' })).getAllByRole('listitem').map((c) => c.querySelector('h3')!.textContent)).toEqual(['Geysers']);
  });
});

describe('the compliance page', () => {
  it('issues the certificate from the figures it shows, with the live TLS verification', () => {
    renderAt('/compliance', <CompliancePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Compliance Certificate');
    const text = document.body.textContent!;
    expect(text).toContain('Certificate IDPRC-2026-34800');
    expect(text).toContain('Issued2026-11-18');
    expect(text).toContain("TLSTLSv1.3, certificate trusted, issued by Let's Encrypt, valid to 2027-01-30");
    expect(text).toContain('Sanitizers (25)');
    expect(text).not.toContain('Geysers (0)');
    expect(screen.getByRole('link', { name: 'Download certificate (PDF)' }).getAttribute('href')).toBe('/downloads/compliance-certificate');
  });
});

describe('the 404 page', () => {
  it("keeps 'Page Not Found' and links home and to the supplier directory", () => {
    renderAt('/nowhere', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse suppliers' }).getAttribute('href')).toBe('/suppliers');
    expect(document.title).toBe('Page Not Found · Procura');
  });
});
