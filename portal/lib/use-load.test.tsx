// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorText, useLoad } from './use-load';

/** A read per query whose answer the test gives by hand, with the signal it was given. */
function reads() {
  const calls: { q: string; signal: AbortSignal; answer(value: string): void; fail(error: unknown): void }[] = [];
  const load = (q: string) => (signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ q, signal, answer: resolve, fail: reject }));
  return { calls, load };
}

describe('useLoad', () => {
  it('aborts the read of an old input, and its late answer never replaces the new one', async () => {
    const { calls, load } = reads();
    const { result, rerender } = renderHook(({ q }) => useLoad(load(q), [q]), { initialProps: { q: 'ble' } });
    expect(result.current.status).toBe('loading');
    rerender({ q: 'blea' });
    expect(calls.map((c) => [c.q, c.signal.aborted])).toEqual([
      ['ble', true],
      ['blea', false],
    ]);
    await act(async () => calls[1]!.answer('bleach'));
    await act(async () => calls[0]!.answer('blue'));
    expect(result.current).toEqual({ status: 'loaded', data: 'bleach' });
  });

  it('aborts on unmount', () => {
    const { calls, load } = reads();
    const { unmount } = renderHook(() => useLoad(load('x'), []));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('keeps the last answer while the next loads, and reports a failure with it', async () => {
    const { calls, load } = reads();
    const { result, rerender } = renderHook(({ q }) => useLoad(load(q), [q]), { initialProps: { q: 'a' } });
    await act(async () => calls[0]!.answer('first'));
    rerender({ q: 'b' });
    expect(result.current).toEqual({ status: 'loading', data: 'first' });
    const failure = new Error('404: Not Found');
    await act(async () => calls[1]!.fail(failure));
    expect(result.current).toEqual({ status: 'error', data: 'first', error: failure });
    expect(errorText(result.current.error)).toBe('404: Not Found');
    expect(errorText('nothing')).toBe('An error occurred. Please try again.');
  });

  it('reads nothing without a loader', () => {
    const { result } = renderHook(() => useLoad(null, []));
    expect(result.current).toEqual({ status: 'idle', data: undefined });
  });
});
