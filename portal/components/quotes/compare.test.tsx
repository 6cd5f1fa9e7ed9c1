// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../widget/test/media';
import { COMPARE_TERMS, quote, threeQuotes } from '../../test/quotes';
import { QuoteCompare, STACKED_COMPARE_QUERY } from './compare';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('comparing quotes', () => {
  it('takes at most three at once, and frees the rest again when one is unticked', async () => {
    const user = userEvent.setup();
    render(<QuoteCompare quotes={[...threeQuotes(), quote(4, 'Pinetown Packaging', 3900)]} />);
    for (const name of [/Coastal/, /Berea/, /Umhlanga/]) await user.click(box(name));
    expect(box(/Pinetown/).disabled).toBe(true);
    expect(box(/Coastal/).closest('label')!.textContent).toBe('Coastal Hygiene · R4,000.00 excl. VAT (R4,600.00 incl. VAT) · B-BBEE level 1');
    expect(screen.getByRole('status').textContent).toBe('Comparing 3 quotes, the most at once. Untick one to choose another.');
    expect(
      within(screen.getByRole('table', { name: '3 quotes side by side' }))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals']);

    await user.click(box(/Berea/));
    expect(box(/Pinetown/).disabled).toBe(false);
    await user.click(box(/Pinetown/));
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Coastal Hygiene', 'Umhlanga Chemicals', 'Pinetown Packaging']);
  });

  it('marks no best where quotes tie', async () => {
    const user = userEvent.setup();
    const same = threeQuotes().map((q) => ({ ...q, totalPrice: 4000 }));
    render(<QuoteCompare quotes={same} />);
    await user.click(box(/Coastal/));
    await user.click(box(/Berea/));
    const price = screen.getByRole('rowheader', { name: 'Price excl. VAT' }).closest('tr')!;
    expect(within(price).queryByText('Lowest')).toBeNull();
  });

  it('offers nothing to compare for a single quote', () => {
    render(<QuoteCompare quotes={threeQuotes().slice(0, 1)} />);
    expect(screen.queryByRole('region', { name: 'Compare quotes' })).toBeNull();
  });

  it('on a phone heads each row of figures with its term, so every quote keeps its column', async () => {
    stubMatchMedia((query) => query === STACKED_COMPARE_QUERY);
    const user = userEvent.setup();
    render(<QuoteCompare quotes={threeQuotes()} />);
    for (const name of [/Coastal/, /Berea/, /Umhlanga/]) await user.click(box(name));
    const table = screen.getByRole('table', { name: '3 quotes side by side' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Coastal Hygiene', 'Berea Supplies', 'Umhlanga Chemicals']);
    const terms = within(table).getAllByRole('rowheader');
    expect(terms.map((t) => t.textContent)).toEqual(COMPARE_TERMS);
    for (const term of terms) {
      expect(term.getAttribute('colspan')).toBe('3');
      // The term's figures are the row below it, one a quote.
      expect(term.closest('tr')!.nextElementSibling!.querySelectorAll('td')).toHaveLength(3);
    }
  });
});
