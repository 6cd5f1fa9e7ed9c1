import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Names the toast, so the page it leads to can dismiss it with {@link useDismissToast}. */
  key?: string;
}

interface Toast extends ToastInput {
  id: number;
}

/** Spec 9: one toast at a time, shown 5000 ms, swiped away 50 px to the right, F8 to reach it. */
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** Shows a toast; the answer takes it away early, as when what it warned about was put right. */
export type ShowToast = (toast: ToastInput) => () => void;

const DismissContext = createContext<(key: string) => void>(() => {});

const ToastContext = createContext<ShowToast>(() => () => {});

/** Shows a toast: `const toast = useToast(); const dismiss = toast({ title: 'Saved' })`. */
export function useToast() {
  return useContext(ToastContext);
}

/** Dismisses the toast shown with a key, when a page now says the same in its own place. */
export function useDismissToast() {
  return useContext(DismissContext);
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(): void }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div
      className={`toast${toast.variant === 'destructive' ? ' toast-destructive' : ''}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      style={dx > 0 ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.3, 1 - dx / 200) } : undefined}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={() => {
        if (dx >= SWIPE_THRESHOLD_PX) onDismiss();
        start.current = null;
        setDx(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
    >
      <div className="toast-title">{toast.title}</div>
      {toast.description ? <div className="small">{toast.description}</div> : null}
      <button type="button" className="toast-close" aria-label="Close notification" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  const show = useCallback<ShowToast>((input) => {
    const id = nextId.current++;
    setToasts((prev) => [{ ...input, id }, ...prev].slice(0, TOAST_LIMIT));
    return () => setToasts((prev) => prev.filter((t) => t.id !== id));
  }, []);
  const dismiss = useCallback((key: string) => setToasts((prev) => prev.filter((t) => t.key !== key)), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      <DismissContext.Provider value={dismiss}>{children}</DismissContext.Provider>
      <section aria-label="Notifications (F8)">
        <div ref={region} tabIndex={-1} className="toaster">
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={() => setToasts((prev) => prev.filter((x) => x.id !== t.id))} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
