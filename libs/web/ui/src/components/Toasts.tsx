import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx';

export type ToastKind = 'blank' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

/** Product rules: at most 20 toasts. The family app shows blank and error toasts 4 s, success 2 s. */
export const MAX_TOASTS = 20;
export type ToastDurations = Readonly<Record<ToastKind, number>>;
export const TOAST_DURATIONS: ToastDurations = { blank: 4000, error: 4000, success: 2000 };
/** The back office shows every toast for 4 seconds (its spec), success included. */
export const BACK_OFFICE_TOAST_DURATIONS: ToastDurations = { blank: 4000, error: 4000, success: 4000 };

export interface ToastApi {
  show(message: string, options?: { kind?: ToastKind; duration?: number }): number;
  success(message: string, options?: { duration?: number }): number;
  error(message: string, options?: { duration?: number }): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const noop: ToastApi = { show: () => -1, success: () => -1, error: () => -1, dismiss: () => undefined };

/** Toast functions from the nearest provider; a silent no-op outside one (e.g. a remote rendered alone). */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? noop;
}

/** Adds a toast to a list, keeping the newest MAX_TOASTS. Exported for tests. */
export function pushToast(list: readonly Toast[], toast: Toast, max = MAX_TOASTS): Toast[] {
  const next = [...list, toast];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function ToastProvider({ children, durations = TOAST_DURATIONS }: { children: ReactNode; durations?: ToastDurations }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show: ToastApi['show'] = (message, options = {}) => {
      const kind = options.kind ?? 'blank';
      const toast: Toast = { id: nextId.current++, kind, message, duration: options.duration ?? durations[kind] };
      setToasts((list) => pushToast(list, toast));
      return toast.id;
    };
    return {
      show,
      success: (message, o) => show(message, { ...o, kind: 'success' }),
      error: (message, o) => show(message, { ...o, kind: 'error' }),
      dismiss,
    };
  }, [dismiss, durations]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always mounted, so screen readers announce each new toast; errors interrupt (role="alert"). */}
      <ol className="aw-toasts" aria-live="polite" aria-relevant="additions" aria-label="Notifications">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, toast.duration, onDismiss]);

  return (
    <li
      className={cx('aw-toast', toast.kind !== 'blank' && `aw-toast--${toast.kind}`)}
      data-duration={toast.duration}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* The alert role sits on the message, not the item: a list holds list items only. */}
      <span className="aw-toast__message" role={toast.kind === 'error' ? 'alert' : undefined}>
        {toast.message}
      </span>
      <button type="button" className="aw-toast__close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        ×
      </button>
    </li>
  );
}
