import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { useLoad } from '../../lib/use-load';
import { ErrorAlert } from './ErrorAlert';

/**
 * A panel that reads once, when it mounts: the refusal in an alert under `failed`, a placeholder
 * of the panel's `height` announced as `loading`, then the panel drawn from the answer.
 */
export function Loaded<T>({
  read,
  failed,
  loading,
  height,
  children,
}: {
  read: (signal: AbortSignal) => Promise<T>;
  failed: string;
  loading: string;
  height: string;
  children: (data: T) => ReactNode;
}) {
  const state = useLoad(read, []);
  if (state.status === 'error') return <ErrorAlert title={failed} message={errorMessage(state.error)} inline />;
  if (!state.data) return <div className="skeleton" style={{ height }} role="status" aria-label={loading} />;
  return children(state.data);
}
