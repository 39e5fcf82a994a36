// The reason and position dialogs of the row and bulk actions (the spec's prompts; confirmations use the
// design system's ConfirmDialog), as focus-trapped dialogs. Cancel, Escape or the backdrop abort the action.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { PromoteListingSchema, ReasonSchema } from '@afterwards/contracts';
import { Button, Dialog, TextArea, TextInput } from '@afterwards/web-ui';

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
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReasonSchema.safeParse({ reason });
    if (!parsed.success) setError(parsed.error.issues[0]?.message);
    else onConfirm(parsed.data.reason);
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      title={title}
      actions={
        <div className="lb-dialog-actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="lb-form">
        <p className="lb-dialog-text">{intro}</p>
        <TextArea label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} required maxLength={500} rows={3} autoFocus />
      </form>
    </Dialog>
  );
}

/** Promote one listing or the selection; the display position defaults to 1 (spec section 9). */
export function PromoteDialog({ subject, onConfirm, onCancel }: { subject: ReactNode; onConfirm: (position: number) => void; onCancel: () => void }) {
  const formId = useId();
  const [position, setPosition] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PromoteListingSchema.safeParse({ position: position.trim() || undefined });
    if (!parsed.success) setError(parsed.error.issues[0]?.message);
    else onConfirm(parsed.data.position);
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      title="Promote business"
      actions={
        <div className="lb-dialog-actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Promote
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="lb-form">
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
      </form>
    </Dialog>
  );
}
