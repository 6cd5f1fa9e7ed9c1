import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-errors';
import type { Load } from '../../lib/use-load';
import { ErrorAlert } from './ErrorAlert';

/**
 * A panel that waits for its read: the refusal in an alert under `failed`, a placeholder of the
 * panel's `height` announced as `loading`, then the panel drawn from the answer.
 */
export function Loaded<T>({
  state,
  failed,
  loading,
  height,
  children,
}: {
  state: Load<T>;
  failed: string;
  loading: string;
  height: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'error') return <ErrorAlert title={failed} message={errorMessage(state.error)} inline />;
  if (!state.data) return <div className="skeleton" style={{ height }} role="status" aria-label={loading} />;
  return children(state.data);
}
