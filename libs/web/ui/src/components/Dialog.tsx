import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Label of the closing button. */
  closeLabel?: string;
}

/**
 * Modal dialog on the native <dialog> element: focus is trapped and Escape closes it, and focus
 * returns to the element that opened it.
 */
export function Dialog({ open, onClose, title, children, closeLabel = 'OK' }: DialogProps) {
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
      className="aw-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (outside the body) closes the dialog.
        if (e.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="aw-dialog__body">
          <h2 id={titleId} style={{ fontSize: 'var(--aw-text-xl)' }}>
            {title}
          </h2>
          {children}
          <div className="aw-dialog__actions">
            <Button onClick={onClose} autoFocus>
              {closeLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
