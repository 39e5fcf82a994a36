// The back office's add and edit forms (form.css): a wide FormDialog whose fields sit in the two-column grid,
// all of them disabled while the form saves or when the person may only look.
import type { ReactNode } from 'react';
import { FormDialog, isNothing, type FormDialogProps } from '../components/FormDialog';

export interface StaffFormDialogProps extends Omit<FormDialogProps, 'open' | 'size' | 'busy' | 'busyLabel' | 'formClassName'> {
  /** For screen readers: what the fields describe (the grid's legend, not shown). */
  legend: string;
  saving: boolean;
  /** The fields; none (null) while still loading: then there is no form. */
  children: ReactNode;
}

export function StaffFormDialog({ legend, saving, readOnly = false, children, ...rest }: StaffFormDialogProps) {
  return (
    <FormDialog {...rest} open size="wide" readOnly={readOnly} busy={saving} busyLabel="Saving..." formClassName="aw-form">
      {isNothing(children) ? null : (
        <fieldset disabled={readOnly || saving} className="aw-form__grid">
          <legend className="aw-visually-hidden">{legend}</legend>
          {children}
        </fieldset>
      )}
    </FormDialog>
  );
}
