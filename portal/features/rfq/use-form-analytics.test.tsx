// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RfqFormValues } from '../../../sdk/rules';
import { EMPTY_RFQ } from '../../../widget/app/use-rfq-form';
import { useFormAnalytics } from './use-form-analytics';

describe('the quote form\u2019s interactions', () => {
  it('starts once, names the fields that changed when one is left, never their values, and reports the submit', () => {
    const track = vi.fn();
    const { result, rerender } = renderHook(({ values }: { values: RfqFormValues }) => useFormAnalytics(values, { track }), {
      initialProps: { values: EMPTY_RFQ },
    });
    act(() => result.current.handlers.onFocusCapture());
    act(() => result.current.handlers.onFocusCapture());
    expect(track.mock.calls).toEqual([['form-interaction', { formType: 'rfq-form', action: 'start' }]]);

    const typed = { ...EMPTY_RFQ, productDescription: 'Call Thandi on 082 123 4567', primaryEmail: 'thandi@example.co.za' };
    rerender({ values: typed });
    act(() => result.current.handlers.onBlurCapture());
    act(() => result.current.handlers.onBlurCapture());
    rerender({ values: { ...typed, supplierCount: 5 } });
    act(() => result.current.submitted());
    expect(track.mock.calls.slice(1)).toEqual([
      ['form-interaction', { formType: 'rfq-form', action: 'field_change', fieldName: 'productDescription' }],
      ['form-interaction', { formType: 'rfq-form', action: 'field_change', fieldName: 'primaryEmail' }],
      ['form-interaction', { formType: 'rfq-form', action: 'field_change', fieldName: 'supplierCount' }],
      ['form-interaction', { formType: 'rfq-form', action: 'submit' }],
    ]);
    expect(JSON.stringify(track.mock.calls)).not.toMatch(/082|thandi|Thandi/);
  });

  it('starts on the first change when nothing was focused (a popular product chosen)', () => {
    const track = vi.fn();
    const { rerender } = renderHook(({ values }: { values: RfqFormValues }) => useFormAnalytics(values, { track }), { initialProps: { values: EMPTY_RFQ } });
    rerender({ values: { ...EMPTY_RFQ, productName: 'Household Bleach' } });
    expect(track.mock.calls).toEqual([['form-interaction', { formType: 'rfq-form', action: 'start' }]]);
  });
});
