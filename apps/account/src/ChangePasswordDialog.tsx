// 'Change Password'. The current password is really checked by the server;
// other sessions are signed out.
import { useEffect, useRef, useState } from 'react';
import { ChangePasswordSchema } from '@afterwards/contracts';
import { FormDialog, TextInput, useToast } from '@afterwards/web-ui';
import { authClient, authErrorMessage, call } from '@afterwards/web-data/auth';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
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

  async function onSubmit() {
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
      toast.error(error.status === 0 ? 'An error occurred while updating your password' : `Failed to update password: ${authErrorMessage(error, 'Unknown error')}`);
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
    <FormDialog
      open={open}
      onClose={onClose}
      title="Change Password"
      onSubmit={() => void onSubmit()}
      submitLabel="Update Password"
      busy={busy}
      busyLabel="Updating..."
      formClassName="ac-form"
    >
        <TextInput label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
        <TextInput label="New Password" autoComplete="new-password" hint="At least 6 characters." {...field('newPassword')} />
        <TextInput label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} />
        <p className="ac-note">You will stay signed in here; other devices will be signed out.</p>
    </FormDialog>
  );
}
