// 'Delete my account' (Settings, Account card): a strong warning like Delete Forever's, who will lose access to
// which memory and what happens to memories others share with this person (decision 0045), the typed phrase,
// the password and, with two-step verification, the current code; then everything is deleted on the server and
// this browser lands signed out on the sign-in page.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_DELETION_PHRASE } from '@afterwards/contracts';
import { accountDeletionEffects, listOfNames, possessive, type AccountDeletionEffects } from '@afterwards/cases-domain';
import { Alert, Button, Dialog, Icon, InlineLoading, PasswordInput, TextInput } from '@afterwards/web-ui';
import { ApiError, errorMessage } from '@afterwards/web-data';
import { accountDeletedUrl, deleteAccount, fetchMemoriesSeen, memoriesForDeletion, memoriesKey } from './api';

type Field = 'phrase' | 'password' | 'code';

export function DeleteAccountDialog({ open, onClose, email, twoFactorEnabled = false }: { open: boolean; onClose: () => void; email: string | null; twoFactorEnabled?: boolean }) {
  const formId = useId();
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  // The same read as the privacy banner's: the dialog opens on what Settings already holds.
  const memories = useQuery({ queryKey: memoriesKey, queryFn: fetchMemoriesSeen, enabled: open, select: (seen) => accountDeletionEffects(memoriesForDeletion(seen)) });
  const effects: AccountDeletionEffects | 'loading' | 'unknown' = memories.data ?? (memories.isError ? 'unknown' : 'loading');
  const phraseRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setPhrase('');
    setPassword('');
    setCode('');
    setProblem(null);
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
      await deleteAccount({ confirmation: ACCOUNT_DELETION_PHRASE, ...(password ? { password } : {}), ...(code.trim() ? { code: code.trim() } : {}) });
    } catch (failure) {
      setBusy(false);
      const message = errorMessage(failure);
      const about = failure instanceof ApiError ? failure.errors.find((e) => e.path === 'code' || e.path === 'password')?.path : undefined;
      const field: Field | null = about === 'code' || about === 'password' ? about : /password/i.test(message) ? 'password' : null;
      setProblem({ field, message });
      if (field === 'password') passwordRef.current?.focus();
      if (field === 'code') codeRef.current?.focus();
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
        <DeletionEffects effects={effects} />
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
        {twoFactorEnabled ? (
          <TextInput
            ref={codeRef}
            label="Code from your authenticator app"
            hint="Two-step verification is on for your account: enter the 6-digit code it shows now."
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={16}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={busy}
            error={problem?.field === 'code' ? problem.message : undefined}
          />
        ) : null}
        {problem && problem.field === null ? (
          <Alert tone="error" role="alert">
            {problem.message}
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}

/**
 * Before the confirm button: who loses access to which of this person's memories, and what happens to the
 * memories others share with them. Said plainly, by name.
 */
function DeletionEffects({ effects }: { effects: AccountDeletionEffects | 'loading' | 'unknown' }) {
  if (effects === 'loading') return <InlineLoading>Checking who else can see your memories...</InlineLoading>;
  if (effects === 'unknown') return <p className="ac-note">We could not check who else can see your memories just now. Anyone you shared a memory with will be told by e-mail.</p>;
  const { losingAccess, staying } = effects;
  return (
    <>
      {losingAccess.length > 0 ? (
        <EffectsList heading="Who will lose access">
          {losingAccess.map((m) => (
            <li key={`${m.memoryName}-${m.deceasedName}`}>
              <strong>{m.memoryName}</strong> ({m.deceasedName}): {listOfNames(m.people)} will no longer see it. We will let them know by e-mail.
            </li>
          ))}
        </EffectsList>
      ) : null}
      {staying.length > 0 ? (
        <EffectsList heading="Memories shared with you">
          {staying.map((m) => (
            <li key={`${m.ownerName}-${m.deceasedName}`}>
              {possessive(m.deceasedName)} memory stays with {m.ownerName}; you will no longer see it. We will let {m.ownerName} know you have left.
            </li>
          ))}
        </EffectsList>
      ) : null}
    </>
  );
}

/** One group of those effects: its heading over its list. */
function EffectsList({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="aw-stack ac-effects" aria-labelledby={headingId}>
      <h3 id={headingId} className="ac-effects__heading">
        {heading}
      </h3>
      <ul className="aw-stack ac-effects__list">{children}</ul>
    </section>
  );
}
