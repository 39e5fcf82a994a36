// A confirmation on the focus-trapped dialog: the safe choice has the focus, so Enter or Escape straight
// away changes nothing. Cancel, Escape or the backdrop abort.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  /** Shown unless told otherwise (a screen may keep it mounted and open it). */
  open?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: string;
  /** The action destroys or ends something: the confirm button says so in colour as well as words. */
  danger?: boolean;
  /** An icon before the confirm button's words. */
  confirmIcon?: ReactNode;
  confirmDisabled?: boolean;
  /** While the action runs: both buttons are disabled, the confirm button says `busyLabel`, and Escape or a backdrop click do nothing. */
  busy?: boolean;
  busyLabel?: ReactNode;
  className?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  confirmIcon,
  confirmDisabled,
  busy = false,
  busyLabel,
  className,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      onDismiss={busy ? () => undefined : undefined}
      title={title}
      className={className}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy || confirmDisabled} aria-busy={busy || undefined} icon={confirmIcon}>
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
