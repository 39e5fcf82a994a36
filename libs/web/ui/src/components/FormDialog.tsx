import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, type DialogProps } from './Dialog';

export interface FormDialogProps extends Pick<DialogProps, 'open' | 'onClose' | 'title' | 'size' | 'className'> {
  /** The fields; none (null) while there is nothing to edit yet, e.g. still loading: then there is no form. */
  children: ReactNode;
  /** The form's submit (Enter in a field, or the submit button); the default is already prevented. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  /** While saving: both buttons are disabled, the submit button says `busyLabel`, and Escape or a backdrop click do nothing. */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** The submit button is disabled (for example while something the form needs is still loading). */
  submitDisabled?: boolean;
  /** Why the submit button is disabled, when a message on the form says so. */
  submitDescribedBy?: string;
  /** Nothing to send (the person may only look): no submit button, and Cancel says Close. */
  readOnly?: boolean;
  cancelLabel?: string;
  formClassName?: string;
  /** Before the form, in the dialog's body: a note or the form's alert. */
  intro?: ReactNode;
  /** After the form, in the dialog's body: a footnote. */
  after?: ReactNode;
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
  submitDescribedBy,
  readOnly = false,
  cancelLabel = 'Cancel',
  formClassName,
  intro,
  after,
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
            {readOnly ? 'Close' : cancelLabel}
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={formId} disabled={busy || submitDisabled} aria-busy={busy || undefined} aria-describedby={submitDescribedBy}>
              {busy ? (busyLabel ?? submitLabel) : submitLabel}
            </Button>
          )}
        </>
      }
    >
      {intro}
      {isNothing(children) ? null : (
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
      )}
      {after}
    </Dialog>
  );
}

/** Whether React renders nothing for these children. */
export function isNothing(children: ReactNode): boolean {
  return children === null || children === undefined || children === false;
}
