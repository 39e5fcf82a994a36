// 'Change Password' (family spec section 5). The current password is really checked by the server;
// other sessions are signed out.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ChangePasswordSchema } from '@afterwards/contracts';
import { Button, Dialog, TextInput, useToast } from '@afterwards/web-ui';
import { authClient, call, errorText } from './auth';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const formId = useId();
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = { currentPassword: useRef<HTMLInputElement>(null), newPassword: useRef<HTMLInputElement>(null), confirmPassword: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setInvalid(null);
    }
  }, [open]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = ChangePasswordSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] as Field;
      setInvalid(field);
      toast.error(issue.message);
      refs[field].current?.focus();
      return;
    }
    setInvalid(null);
    setBusy(true);
    const { error } = await call(() =>
      authClient.changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true }),
    );
    setBusy(false);
    if (error) {
      toast.error(error.status === 0 ? 'An error occurred while updating your password' : `Failed to update password: ${errorText(error)}`);
      return;
    }
    toast.success('Password updated successfully!');
    onClose();
  }

  const field = (key: Field) => ({
    ref: refs[key],
    name: key,
    type: 'password',
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    disabled: busy,
    'aria-invalid': invalid === key || undefined,
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onDismiss={busy ? () => undefined : onClose}
      title="Change Password"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Updating...' : 'Update Password'}
          </Button>
        </>
      }
    >
      <form id={formId} className="ac-form" noValidate onSubmit={onSubmit}>
        <TextInput label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
        <TextInput label="New Password" autoComplete="new-password" hint="At least 6 characters." {...field('newPassword')} />
        <TextInput label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} />
        <p className="ac-note">You will stay signed in here; other devices will be signed out.</p>
      </form>
    </Dialog>
  );
}
