// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../app/paths';
import TermsPage from './TermsPage';

describe('the terms page', () => {
  it('is a route of the portal, with its own title', () => {
    expect(paths).toContain('/terms');
    render(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms and conditions');
    expect(document.title).toBe('Terms and conditions · Procura');
  });

  it('says what a buyer agrees to: who sees their details, how long they are kept, what a quote is', () => {
    render(<TermsPage />);
    const text = document.body.textContent!;
    expect(text).toContain('Your company name and e-mail address go to the suppliers who quote on your request');
    expect(text).toContain(
      'deleted 72 hours after the request ends (when the buyer closes it, when the supplier whose quote the buyer accepted confirms, or when no quote is left to accept)',
    );
    expect(text).toContain('the supplier whose quote you accept receives them with your order');
    expect(text).toContain('indicative prices from each supplier’s price list');
  });
});
