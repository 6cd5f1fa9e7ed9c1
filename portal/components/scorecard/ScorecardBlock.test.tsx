// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scorecard as card } from '../../test/scorecard';
import { ScorecardBlock } from './ScorecardBlock';

afterEach(cleanup);

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the scorecard block', () => {
  it('calls a supplier with fewer than 3 counted receipts new on Procura and shows counts, never a percentage', () => {
    render(<ScorecardBlock card={card({})} />);
    expect(screen.getByText('New on Procura')).toBeTruthy();
    expect(figure('Deliveries recorded by buyers')).toBe('2');
    expect(figure('On time and in full')).toBe('1 of 2');
    expect(figure('In full')).toBe('2 of 2');
    expect(figure('Buyers’ rating')).toBe('2 ratings');
    expect(figure('Usual time to a firm price')).toBe('5 hours');
    expect(document.body.textContent).not.toContain('%');
  });

  it('shows shares with their counts and the average rating from the third counted receipt', () => {
    render(
      <ScorecardBlock
        card={card({
          receipts: 3,
          new: false,
          onTimeInFull: { count: 1, share: 0.333 },
          inFull: { count: 2, share: 0.667 },
          rating: { average: 4, count: 3 },
          priceKept: { count: 2, share: 1 },
        })}
      />,
    );
    expect(screen.queryByText('New on Procura')).toBeNull();
    expect(figure('On time and in full')).toBe('33 % (1 of 3)');
    expect(figure('In full')).toBe('67 % (2 of 3)');
    expect(figure('Buyers’ rating')).toBe('4.0 of 5 (3 ratings)');
    expect(figure('Firm price at or below the indicative one')).toBe('100 % (2)');
    expect(screen.getByRole('heading', { name: 'Track record' })).toBeTruthy();
  });
});
