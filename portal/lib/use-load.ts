import { useEffect, useState, type DependencyList } from 'react';

/**
 * Where a page's read stands. `data` is the last answer, kept while a newer one loads, so a
 * panel that refreshes as the buyer types does not blank out between answers.
 */
export type Load<T> =
  | { status: 'idle'; data: T | undefined; error?: undefined }
  | { status: 'loading'; data: T | undefined; error?: undefined }
  | { status: 'loaded'; data: T; error?: undefined }
  | { status: 'error'; data: T | undefined; error: unknown };

/**
 * Runs `load` when the page mounts and again whenever `deps` change, and answers its state. The
 * running call is aborted on unmount and when `deps` change, so a late answer to an old input
 * never replaces a newer one. With `load` null there is nothing to read (`idle`). `delayMs`
 * waits that long after the last change first (for reads that follow typing).
 */
export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList, options: { delayMs?: number } = {}): Load<T> {
  const [state, setState] = useState<Load<T>>(() => ({ status: load ? 'loading' : 'idle', data: undefined }));
  useEffect(() => {
    if (!load) {
      setState((s) => (s.status === 'idle' && s.data === undefined ? s : { status: 'idle', data: undefined }));
      return;
    }
    const controller = new AbortController();
    setState((s) => (s.status === 'loading' ? s : { status: 'loading', data: s.data }));
    const run = () =>
      load(controller.signal).then(
        (data) => !controller.signal.aborted && setState({ status: 'loaded', data }),
        (error: unknown) => !controller.signal.aborted && setState((s) => ({ status: 'error', data: s.data, error })),
      );
    const timer = options.delayMs ? setTimeout(run, options.delayMs) : undefined;
    if (!timer) run();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: useLoad is a hook like useEffect: its caller names what the read depends on in deps
  }, deps);
  return state;
}

/**
 * The text a page shows for a failed read: the error's own (for an answer of the API,
 * '{status}: {message}'), or the general one when it has none.
 */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred. Please try again.';
}
