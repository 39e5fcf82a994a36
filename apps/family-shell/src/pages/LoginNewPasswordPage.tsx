// /reset-password?token=…: the e-mailed link lands here (better-auth checks the token and redirects
// with ?token=, or with ?error=INVALID_TOKEN when it has expired or was used).
import { useId, useRef, useState, type FormEvent } from 'react';
import { AuthCardHead, Button, ButtonLink, Icon, PasswordInput, useToast } from '@afterwards/web-ui';
import { AuthCardPage } from '../components/AuthCardPage';
import { navigate, useLocation } from '../router';
import { authClient, authErrorMessage, call } from '@afterwards/web-data/auth';
import { checkNewPassword, MESSAGES } from '../auth/validation';

export function LoginNewPasswordPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const linkError = params.get('error');
  const toast = useToast();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [invalid, setInvalid] = useState<'password' | 'confirm' | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !token) return;
    const check = checkNewPassword(password, confirm);
    if (!check.ok) {
      setInvalid(check.field);
      toast.error(check.message);
      (check.field === 'confirm' ? confirmRef : passwordRef).current?.focus();
      return;
    }
    setInvalid(null);
    setBusy(true);
    const { error } = await call(() => authClient.resetPassword({ newPassword: password, token }));
    setBusy(false);
    if (error) return void toast.error(authErrorMessage(error));
    toast.success('Password updated successfully!');
    navigate('/login', { replace: true });
  }

  const usable = Boolean(token) && !linkError;

  return (
    <AuthCardPage titleId={titleId}>
      <AuthCardHead
        titleId={titleId}
        titleClassName="fs-auth__title"
        title={usable ? 'Choose a new password' : 'This link has expired'}
        intro={
          usable
            ? 'Choose a new password for your Afterwards account. You will be signed out everywhere else.'
            : 'Password reset links work once and only for a short time. You can ask for a new one.'
        }
      />
      {usable ? (
        <form className="aw-auth-card__form fs-auth__form" noValidate onSubmit={onSubmit}>
          <PasswordInput
            ref={passwordRef}
            label="New password"
            shown={show}
            onShownChange={setShow}
            revealLabel="passwords"
            name="new-password"
            autoComplete="new-password"
            hint={MESSAGES.passwordLength}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={invalid === 'password' || undefined}
            disabled={busy}
            icon={<Icon name="lock" size={18} />}
          />
          <PasswordInput
            ref={confirmRef}
            label="Confirm new password"
            shown={show}
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={invalid === 'confirm' || undefined}
            disabled={busy}
            icon={<Icon name="lock" size={18} />}
          />
          <Button type="submit" size="lg" block disabled={busy}>
            {busy ? 'Saving...' : 'Save new password'}
          </Button>
        </form>
      ) : (
        <div className="aw-cluster fs-auth__actions">
          <ButtonLink href="/login?mode=reset">Send a new link</ButtonLink>
          <ButtonLink href="/login" variant="secondary" icon={<Icon name="arrow-left" />}>
            Back to Sign In
          </ButtonLink>
        </div>
      )}
    </AuthCardPage>
  );
}
