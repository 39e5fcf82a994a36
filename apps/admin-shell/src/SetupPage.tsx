// 'Create the first staff account' at /admin/setup?token=… (see setup.ts): checks the link, creates the
// account, signs in with it and hands the signed-in staff member to the shell.
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminUser } from '@afterwards/contracts';
import { Alert, AppHeader, Badge, Button, Card, Container, InlineLoading, SkipLink, TextInput } from '@afterwards/web-ui';
import { ApiError, errorMessage, fieldErrors } from '@afterwards/web-staff';
import { SETUP_LINK_EXPIRED, checkSetupToken, createFirstStaff, signInStaff, validateFirstStaff, type FirstStaffField, type FirstStaffForm } from './setup';
import { StaffFooter } from './StaffFooter';

export const ACCOUNT_CREATED_SIGN_IN = 'Your staff account was created. Please sign in.';

type LinkState = 'checking' | 'valid' | 'invalid' | 'unreachable';

export interface SetupPageProps {
  token: string;
  /** Signed in as the new account. */
  onSignedIn: (admin: AdminUser) => void;
  /** The account exists but signing in did not work: show the sign-in screen with this notice. */
  onCreated: (notice: string) => void;
}

export function SetupPage({ token, onSignedIn, onCreated }: SetupPageProps) {
  const [link, setLink] = useState<LinkState>('checking');
  const [checkAttempt, setCheckAttempt] = useState(0);
  const [form, setForm] = useState<FirstStaffForm>({ name: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<FirstStaffField | 'token', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Create the first staff account · Afterwards staff area';
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setLink('checking');
    checkSetupToken(token, controller.signal)
      .then((valid) => setLink(valid ? 'valid' : 'invalid'))
      .catch(() => {
        if (!controller.signal.aborted) setLink('unreachable');
      });
    return () => controller.abort();
  }, [token, checkAttempt]);

  const set = (field: FirstStaffField) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const checked = validateFirstStaff(token, form);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.token) setLink('invalid');
      const first = (['name', 'email', 'password', 'confirmPassword'] as const).find((f) => checked.errors[f]);
      if (first) document.getElementById(`setup-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await createFirstStaff(checked.request);
    } catch (error) {
      setBusy(false);
      const byField = fieldErrors(error);
      if (byField.token || (error instanceof ApiError && [404, 410].includes(error.status))) {
        setLink('invalid');
        return;
      }
      setErrors(byField);
      setFailure(errorMessage(error));
      return;
    }
    try {
      const admin = await signInStaff(checked.request.email, checked.request.password);
      if (admin) onSignedIn(admin);
      else onCreated(ACCOUNT_CREATED_SIGN_IN);
    } catch {
      onCreated(ACCOUNT_CREATED_SIGN_IN);
    }
  }

  return (
    <div className="aw-page adm-page">
      <SkipLink />
      <AppHeader homeHref="/admin/" subtitle="Staff area">
        <div className="aw-cluster adm-header__aside">
          <Badge tone="accent">First-time set-up</Badge>
        </div>
      </AppHeader>
      <main id="main" tabIndex={-1} className="adm-main">
        <Container className="aw-stack adm-center">
          <Card className="aw-stack adm-setup">
            <h1 className="adm-setup__title">
              Create the first staff account
            </h1>
            {link === 'checking' ? <InlineLoading>Checking your set-up link...</InlineLoading> : null}
            {link === 'invalid' ? (
              <Alert tone="warning" role="alert">
                {SETUP_LINK_EXPIRED}
              </Alert>
            ) : null}
            {link === 'unreachable' ? (
              <Alert tone="error" role="alert">
                <p>Afterwards could not check your set-up link. Please make sure it is running, then try again.</p>
                <Button variant="secondary" size="sm" onClick={() => setCheckAttempt((n) => n + 1)}>
                  Try again
                </Button>
              </Alert>
            ) : null}
            {link === 'valid' ? (
              <form className="aw-stack adm-setup__form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
                <p className="aw-muted">This account can run the back office. You can add more staff later with the create-admin tool.</p>
                <TextInput id="setup-name" label="Name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name} required />
                <TextInput id="setup-email" label="Email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} required />
                <TextInput
                  id="setup-password"
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint="At least 6 characters."
                  value={form.password}
                  onChange={set('password')}
                  error={errors.password}
                  required
                />
                <TextInput
                  id="setup-confirmPassword"
                  label="Confirm password"
                  type="password"
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  onChange={set('confirmPassword')}
                  error={errors.confirmPassword}
                  required
                />
                <div role="alert">{failure ? <Alert tone="error">{failure}</Alert> : null}</div>
                <Button type="submit" block disabled={busy}>
                  {busy ? 'Creating your account...' : 'Create account and sign in'}
                </Button>
              </form>
            ) : null}
          </Card>
        </Container>
      </main>
      <StaffFooter />
    </div>
  );
}
