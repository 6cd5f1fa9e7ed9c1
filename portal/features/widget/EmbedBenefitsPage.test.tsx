// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import EmbedBenefitsPage from './EmbedBenefitsPage';

describe('why embed Procura', () => {
  it('says how partners are paid: monthly, by EFT bank transfer', () => {
    render(<EmbedBenefitsPage />);
    expect(screen.getByRole('heading', { name: 'Revenue every month' }).nextElementSibling!.textContent).toBe(
      'A share of every qualified request your visitors send, paid monthly by EFT bank transfer.',
    );
    expect(within(screen.getByRole('region', { name: 'What you earn' })).getByText(/^Each qualified request earns/).textContent).toBe(
      'Each qualified request earns R25.00, or R150.00 when it is an enterprise lead (from a company of more than 100 employees); you receive 60%, paid monthly by EFT bank transfer (Net 30, minimum payout R100.00).',
    );
  });
});
