// 'Delete my account' (Settings, Account card): a strong warning like Delete Forever's, the typed phrase and
// the password, then everything is deleted on the server and this browser lands signed out on the sign-in page.
import { useEffect, useId, useRef, useState } from 'react';
import { ACCOUNT_DELETION_PHRASE } from '@afterwards/contracts';
import { Alert, Button, Dialog, Icon, PasswordInput, TextInput } from '@afterwards/web-ui';
import { errorMessage } from '@afterwards/web-data';
import { accountDeletedUrl, deleteAccount } from './api';

export function DeleteAccountDialog({ open, onClose, email }: { open: boolean; onClose: () => void; email: string | null }) {
  const formId = useId();
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'phrase' | 'password' | null; message: string } | null>(null);
  const phraseRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) {
      setPhrase('');
      setPassword('');
      setProblem(null);
    }
  }, [open]);

  function close() {
    if (!busy) onClose();
  }

  async function submit() {
    if (busy) return;
    if (phrase.trim() !== ACCOUNT_DELETION_PHRASE) {
      setProblem({ field: 'phrase', message: `Please type ${ACCOUNT_DELETION_PHRASE} to confirm.` });
      phraseRef.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await deleteAccount({ confirmation: ACCOUNT_DELETION_PHRASE, ...(password ? { password } : {}) });
    } catch (failure) {
      setBusy(false);
      const message = errorMessage(failure);
      const aboutPassword = /password/i.test(message);
      setProblem({ field: aboutPassword ? 'password' : null, message });
      if (aboutPassword) passwordRef.current?.focus();
      return;
    }
    // A full load, not a route change: nothing of the account stays in this page's memory.
    window.location.replace(accountDeletedUrl);
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      onDismiss={close}
      title="Delete your account?"
      className="ac-dialog ac-dialog--danger"
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={busy} aria-busy={busy || undefined} icon={<Icon name="trash" size={16} />}>
            {busy ? 'Deleting your account...' : 'Delete my account'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="ac-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Alert tone="error" title="This cannot be undone">
          This permanently deletes your account{email ? ` (${email})` : ''} and everything in it: every memory with its tasks, documents, uploaded
          files, photos and notes, any prepared downloads, your personal information and preferences. You will be signed out on every device.
        </Alert>
        <p className="ac-note">If you want a copy first, use Download everything on each memory before you delete your account.</p>
        <TextInput
          ref={phraseRef}
          label={`Type ${ACCOUNT_DELETION_PHRASE} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
          disabled={busy}
          error={problem?.field === 'phrase' ? problem.message : undefined}
        />
        <PasswordInput
          ref={passwordRef}
          label="Your password"
          hint="Not needed if you only sign in with Google."
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          shown={showPassword}
          onShownChange={setShowPassword}
          disabled={busy}
          error={problem?.field === 'password' ? problem.message : undefined}
        />
        {problem && problem.field === null ? (
          <Alert tone="error" role="alert">
            {problem.message}
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}
