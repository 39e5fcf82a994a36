import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, type DialogProps } from './Dialog';

export interface FormDialogProps extends Pick<DialogProps, 'open' | 'onClose' | 'title' | 'size' | 'className'> {
  children: ReactNode;
  /** The form's submit (Enter in a field, or the submit button); the default is already prevented. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  /** While saving: both buttons are disabled, the submit button says `busyLabel`, and Escape or a backdrop click do nothing. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** The submit button is disabled (for example while something the form needs is still loading). */
  submitDisabled?: boolean;
  cancelLabel?: string;
  formClassName?: string;
}

/**
 * A dialog around one form: Cancel and the submit button at the foot, the form checked by the caller (no
 * browser validation bubbles: the product's own messages are shown), and nothing closes it mid-save.
 */
export function FormDialog({
  open,
  onClose,
  title,
  size,
  className,
  children,
  onSubmit,
  submitLabel,
  busy = false,
  busyLabel,
  submitDisabled = false,
  cancelLabel = 'Cancel',
  formClassName,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      onDismiss={busy ? () => undefined : onClose}
      title={title}
      size={size}
      className={className}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} disabled={busy || submitDisabled} aria-busy={busy || undefined}>
            {busy ? (busyLabel ?? submitLabel) : submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={formClassName}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(e);
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
