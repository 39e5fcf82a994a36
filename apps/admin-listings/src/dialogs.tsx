// The reason and position dialogs of the row and bulk actions (the spec's prompts; confirmations use the
// design system's ConfirmDialog), as focus-trapped dialogs. Cancel, Escape or the backdrop abort the action.
import { useState, type ReactNode } from 'react';
import { PromoteListingSchema, ReasonSchema } from '@afterwards/contracts';
import { FormDialog, TextArea, TextInput } from '@afterwards/web-ui';

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
    <FormDialog open onClose={onCancel} title={title} onSubmit={submit} submitLabel={confirmLabel} formClassName="lb-form">
        <p className="lb-dialog-text">{intro}</p>
        <TextArea label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} required maxLength={500} rows={3} autoFocus />
    </FormDialog>
  );
}

/** Promote one listing or the selection; the display position defaults to 1 (spec section 9). */
export function PromoteDialog({ subject, onConfirm, onCancel }: { subject: ReactNode; onConfirm: (position: number) => void; onCancel: () => void }) {
  const [position, setPosition] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const parsed = PromoteListingSchema.safeParse({ position: position.trim() || undefined });
    if (!parsed.success) setError(parsed.error.issues[0]?.message);
    else onConfirm(parsed.data.position);
  };
  return (
    <FormDialog open onClose={onCancel} title="Promote business" onSubmit={submit} submitLabel="Promote" formClassName="lb-form">
        <p className="lb-dialog-text">{subject}</p>
        <TextInput
          label="Display position"
          hint="1 shows first among promoted businesses."
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          error={error}
          autoFocus
        />
    </FormDialog>
  );
}
