// A confirmation on the design system's focus-trapped dialog: the safe choice has the focus, so Enter
// or Escape straight away changes nothing.
import type { ReactNode } from 'react';
import { Button, Dialog } from '@afterwards/web-ui';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  confirmDisabled,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onCancel}
      title={title}
      actions={
        <div className="pm-dialog-actions">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button className={danger ? 'pm-danger' : undefined} onClick={onConfirm} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
