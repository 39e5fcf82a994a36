// The reason dialog of the row actions (the spec's prompts; confirmations use the
// design system's ConfirmDialog), as focus-trapped dialogs. Cancel, Escape or the backdrop abort the action.
import { useState, type ReactNode } from 'react';
import { ReasonSchema } from '@afterwards/contracts';
import { FormDialog, TextArea } from '@afterwards/web-ui';

/** Asks for the required reason of a rejection or suspension. */
export function ReasonDialog({
  title,
  intro,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  intro: ReactNode;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const parsed = ReasonSchema.safeParse({ reason });
    if (!parsed.success) setError(parsed.error.issues[0]?.message);
    else onConfirm(parsed.data.reason);
  };
  return (
    <FormDialog open onClose={onCancel} title={title} onSubmit={submit} submitLabel={confirmLabel} formClassName="aw-form">
        <p className="aw-dialog-text">{intro}</p>
        <TextArea label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} required maxLength={500} rows={3} autoFocus />
    </FormDialog>
  );
}
