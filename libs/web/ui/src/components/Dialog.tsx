import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Label of the closing button. */
  closeLabel?: string;
  /** Buttons shown instead of the single closing button. */
  actions?: ReactNode;
  /** 'wide' for long reading (policies) or forms with several controls. */
  size?: 'default' | 'wide';
  /** Called on Escape or a backdrop click instead of `onClose` (e.g. to keep a required choice open). */
  onDismiss?: () => void;
  className?: string;
}

/**
 * Modal dialog on the native <dialog> element: focus is trapped and Escape closes it, and focus
 * returns to the element that opened it.
 */
export function Dialog({ open, onClose, title, children, closeLabel = 'OK', actions, size = 'default', onDismiss, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={['aw-dialog', size === 'wide' ? 'aw-dialog--wide' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Escape: let the owner decide (the default closes the dialog through onClose).
        if (onDismiss) {
          e.preventDefault();
          onDismiss();
        }
      }}
      onClose={onClose}
      onKeyDown={(e) => {
        // Keep Tab inside the dialog: wrap from the last control to the first and back (the
        // browser would otherwise move focus out to its own toolbar).
        if (e.key !== 'Tab' || !ref.current) return;
        const focusable = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
        if (focusable.length === 0) return;
        const first = focusable[0]!;
        const last = focusable[focusable.length - 1]!;
        if (e.shiftKey && (document.activeElement === first || !ref.current.contains(document.activeElement))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
      onClick={(e) => {
        // A click on the backdrop (outside the body) closes the dialog.
        if (e.target === ref.current) (onDismiss ?? onClose)();
      }}
    >
      {open ? (
        <div className="aw-dialog__body">
          <h2 id={titleId} style={{ fontSize: 'var(--aw-text-xl)' }}>
            {title}
          </h2>
          {children}
          <div className="aw-dialog__actions">
            {actions ?? (
              <Button onClick={onClose} autoFocus>
                {closeLabel}
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
