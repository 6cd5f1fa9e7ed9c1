// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SiteFigures } from '../../../sdk/schemas/site';
import { FIGURES } from '../../test/figures';
import { paths } from '../../app/paths';
import { SiteFiguresProvider } from '../../lib/site-figures';
import { MIN_GROUP_RFQS } from '../../../contract/data-api';
import { ACTIVITY_FIGURES, COMPANY } from '../../lib/content';
import AboutPage from './AboutPage';
import CompliancePage from './CompliancePage';
import DataPlatformPage from './DataPlatformPage';
import HowItWorksPage from './HowItWorksPage';
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
    expect(cities[0]!.textContent).toBe('JohannesburgGauteng10 suppliers based here4 of them verified23 deliver hereVerified local suppliers');
    expect(cities[2]!.textContent).toContain('Delivery available');
    const categories = within(screen.getByRole('region', { name: 'Categories' })).getAllByRole('listitem');
    expect(categories[0]!.textContent).toBe('SanitizersCleaning25 active suppliersAverage response: 16.2 hours');
    // A category no supplier serves yet is not listed.
    expect(categories).toHaveLength(1);
  });

  it('searches cities, provinces and categories', () => {
    renderAt('/suppliers', <SuppliersPage />);
    fireEvent.change(screen.getByLabelText('Search cities, provinces and categories'), { target: { value: 'gauteng' } });
    expect(
      within(screen.getByRole('region', { name: 'Cities' }))
        .getAllByRole('listitem')
        .map((c) => c.querySelector('h3')!.textContent),
    ).toEqual(['Johannesburg']);
    expect(screen.getByText('No category matches “gauteng”.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search cities, provinces and categories'), { target: { value: 'clean' } });
    expect(
      within(screen.getByRole('region', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((c) => c.querySelector('h3')!.textContent),
    ).toEqual(['Sanitizers']);
  });
});

describe('the compliance page', () => {
  it('issues the certificate for the day, with the live TLS verification and the traffic it measures', () => {
    renderAt('/compliance', <CompliancePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Compliance Certificate');
    const text = document.body.textContent!;
    expect(text).toContain('Certificate IDPRC-2026-1118');
    expect(text).toContain('Issued18 November 2026');
    expect(text).toContain("TLSTLSv1.3, certificate trusted, issued by Let's Encrypt, valid to 30 January 2027");
    expect(text).toContain('Traffic3 quote requests served this month (since 1 November 2026), counted from the database');
    expect(text).toContain('Site visitsNot measured: site usage analytics run only for visitors who consent, so they give no full count');
    expect(text).toContain('Sanitizers (25)');
    expect(text).not.toContain('Geysers (0)');
    expect(screen.getByRole('link', { name: 'Download certificate (PDF)' }).getAttribute('href')).toBe('/downloads/compliance-certificate');
  });

  it('keeps the certificate id through the day, whenever the figures were counted', () => {
    renderAt('/compliance', <CompliancePage />, { ...FIGURES, asOf: '2026-11-18T23:59:59.000Z' });
    expect(document.body.textContent).toContain('Certificate IDPRC-2026-1118');
  });
});

describe('the about page', () => {
  const activity = (n: number, firm = n) => ({
    ...FIGURES,
    counts: { ...FIGURES.counts, quotesLast12Months: n, firmQuotesLast12Months: firm, productsQuotedLast12Months: n },
  });

  it('shows the quotes sent, the prices confirmed and products quoted over the last 12 months once there are enough to mean something', () => {
    renderAt('/about', <AboutPage />, activity(ACTIVITY_FIGURES.minimum));
    const strip = within(screen.getByRole('region', { name: 'Procura today' }));
    expect(strip.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Suppliers in good standing',
      'Cities with delivery',
      'Product categories',
      'Quotes sent in the last 12 months',
      'Prices confirmed by their suppliers in the last 12 months',
      'Products quoted in the last 12 months',
    ]);
    expect(strip.getByText('Quotes sent in the last 12 months').nextElementSibling?.textContent).toBe(String(ACTIVITY_FIGURES.minimum));
  });

  it('leaves out the confirmed prices while they are a handful, beside enough quotes', () => {
    renderAt('/about', <AboutPage />, activity(ACTIVITY_FIGURES.minimum, ACTIVITY_FIGURES.minimum - 1));
    const strip = within(screen.getByRole('region', { name: 'Procura today' }));
    expect(strip.queryByText(/Prices confirmed/)).toBeNull();
    expect(strip.getByText('Quotes sent in the last 12 months')).toBeTruthy();
  });

  it('leaves out a handful of quotes rather than showing it', () => {
    renderAt('/about', <AboutPage />, activity(ACTIVITY_FIGURES.minimum - 1));
    const strip = within(screen.getByRole('region', { name: 'Procura today' }));
    expect(strip.getAllByRole('term').map((t) => t.textContent)).toEqual(['Suppliers in good standing', 'Cities with delivery', 'Product categories']);
    expect(document.body.textContent).not.toMatch(/quotes this month/i);
  });

  it('names teams and how to reach them, under a heading that promises no people', () => {
    renderAt('/about', <AboutPage />);
    expect(screen.queryByRole('heading', { name: 'Leadership' })).toBeNull();
    const teams = screen.getByRole('region', { name: 'Who answers for what' });
    expect(
      within(teams)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Buyers', 'Suppliers', 'Partners and data', 'Privacy']);
    expect(
      within(teams)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([COMPANY.email, COMPANY.email, COMPANY.partnersEmail, COMPANY.privacyEmail]);
  });
});

describe('how it works', () => {
  it('lists only the industries with suppliers, each with its count', () => {
    renderAt('/how-it-works', <HowItWorksPage />);
    const industries = within(screen.getByRole('region', { name: 'Industries served' })).getAllByRole('listitem');
    expect(industries.map((i) => i.textContent)).toEqual(['Cleaning25 suppliers in good standing']);
    expect(document.body.textContent).not.toContain('No suppliers listed yet');
  });

  it('explains how quotes are scored, at the address the quote pages link to', () => {
    renderAt('/how-it-works', <HowItWorksPage />);
    const section = screen.getByRole('region', { name: 'How quotes are scored' });
    expect(section.id).toBe('scores');
    expect(within(section).getByText(/no AI is involved/)).toBeTruthy();
    const terms = [...section.querySelectorAll('li > strong')].map((s) => s.textContent);
    expect(terms).toEqual(['Badges.', 'Quality score', 'Reliability', 'Risk level.', 'The sentence under each quote']);
    expect(within(section).getByText(/verification by Procura gives 15 more/)).toBeTruthy();
  });
});

describe('the data platform', () => {
  const market = (marketDataRequests: number) => ({ ...FIGURES, counts: { ...FIGURES.counts, marketDataRequests } });

  it('shows the requests in the market data once there are enough to mean something', () => {
    renderAt('/data-platform', <DataPlatformPage />, market(ACTIVITY_FIGURES.minimum));
    const strip = within(screen.getByRole('region', { name: 'The market data today' }));
    expect(strip.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Quote requests in the market data',
      'Suppliers in good standing',
      'Product categories',
      'Cities with delivery',
    ]);
    expect(screen.queryByText(/The market data is new/)).toBeNull();
  });

  it('says the market data is new rather than showing a handful of requests beside the prices', () => {
    renderAt('/data-platform', <DataPlatformPage />, market(1));
    const strip = within(screen.getByRole('region', { name: 'The market data today' }));
    expect(strip.getAllByRole('term').map((t) => t.textContent)).toEqual(['Suppliers in good standing', 'Product categories', 'Cities with delivery']);
    expect(screen.getByText(/The market data is new/).textContent).toBe(
      `The market data is new: it holds fewer than ${ACTIVITY_FIGURES.minimum} quote requests so far, and any figure over fewer than ${MIN_GROUP_RFQS} requests is withheld. Write to ${COMPANY.partnersEmail} to hear what it holds for your categories and regions before you subscribe.`,
    );
    expect(document.body.textContent).not.toMatch(/\b1 quote request/);
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
