import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface Toast extends ToastInput {
  id: number;
}

/** Spec 9: one toast at a time, shown 5000 ms, swiped away 50 px to the right, F8 to reach it. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** Shows a toast: `const toast = useToast(); toast({ title: 'Saved' })`. */
export function useToast() {
  return useContext(ToastContext);
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
  const show = useCallback((input: ToastInput) => {
    setToasts((prev) => [{ ...input, id: nextId.current++ }, ...prev].slice(0, TOAST_LIMIT));
  }, []);
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
      {children}
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
