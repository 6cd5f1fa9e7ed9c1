import { describe, expect, it } from 'vitest';
import { compareFragment, readBuyerFragment } from './buyer-links';

describe("the fragment of a buyer e-mail's links", () => {
  it("carries each tracked quote's token under its reference, and reads back as it was written", () => {
    const fragment = compareFragment([{ id: 'Q-12', trackingToken: 'qt_c_AbCd-_12' }, { id: 'Q-13' }, { id: 'Q-14', trackingToken: 'qt_e_AbCd-_12' }]);
    expect(fragment).toBe('from=email&Q-12=qt_c_AbCd-_12&Q-14=qt_e_AbCd-_12');
    expect(readBuyerFragment(`#${fragment}`)).toEqual({ fromEmail: true, tokens: { 'Q-12': 'qt_c_AbCd-_12', 'Q-14': 'qt_e_AbCd-_12' } });
  });

  it('ignores what is not a quote reference with a tracking token', () => {
    expect(readBuyerFragment('#Q-1=abc&token=qt_1_x&from=elsewhere')).toEqual({ fromEmail: false, tokens: {} });
    expect(readBuyerFragment('')).toEqual({ fromEmail: false, tokens: {} });
  });
});
