// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { keepQuoteTokens, quoteTokens } from './submission-tokens';

afterEach(() => sessionStorage.clear());

describe("the tokens of a tab's own submission", () => {
  it('keeps each quote token by quote id, for that request only', () => {
    keepQuoteTokens('111111111111111111', [{ id: 'Q-1', trackingToken: 'qt_1_a' }, { id: 'Q-2', trackingToken: 'qt_2_b' }, { id: 'Q-3' }]);
    expect(quoteTokens('111111111111111111')).toEqual({ 'Q-1': 'qt_1_a', 'Q-2': 'qt_2_b' });
    expect(quoteTokens('222222222222222222')).toEqual({});
  });

  it('ignores what is not a tracking token, and storage it cannot read', () => {
    sessionStorage.setItem('procura-quote-tokens:111111111111111111', JSON.stringify({ 'Q-1': 'javascript:alert(1)', 'Q-2': 7, 'Q-3': 'qt_3_c' }));
    expect(quoteTokens('111111111111111111')).toEqual({ 'Q-3': 'qt_3_c' });
    sessionStorage.setItem('procura-quote-tokens:111111111111111111', '{not json');
    expect(quoteTokens('111111111111111111')).toEqual({});
  });
});
