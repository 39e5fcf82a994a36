// /login: one screen, three modes: 'Welcome Back', 'Create Account', 'Reset Password',
// plus the code step when the account has two-factor sign-in on.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_DELETED_QUERY, ACCOUNT_DELETED_VALUE, EMAIL_VERIFIED_PATH, EmailNotVerifiedProblemSchema, GOOGLE_PROVIDER_ID } from '@afterwards/contracts';
import { Alert, AuthCardHead, Button, EmailInput, Icon, PasswordInput, TextInput, useHydrated, useToast } from '@afterwards/web-ui';
import { AuthCardPage } from '../components/AuthCardPage';
import { navigate, useLocation } from '../router';
import { authClient, authErrorMessage, call, twoFactorErrorMessage } from '@afterwards/web-data/auth';
import { useSignInOptions } from '../auth/options';
import { refreshSession } from '../auth/session-store';
import { greeting } from '../session';
import { checkForm, MESSAGES, type AuthMode, type Field } from '../auth/validation';

const TITLES: Record<AuthMode | 'code', string> = {
  signin: 'Welcome Back',
  signup: 'Create Account',
  reset: 'Reset Password',
  code: 'Two-step verification',
};

const INTROS: Record<AuthMode | 'code', string> = {
  signin: 'Sign in to carry on where you left off.',
  signup: 'Create a free account to keep your checklist, documents and notes in one private place.',
  reset: "Enter your email address and we'll send you a link to choose a new password.",
  code: 'Enter the 6-digit code from your authenticator app.',
};

/** The right password for an address not verified yet: whether a link went out with this answer, or on request. */
interface Unverified {
  email: string;
  sent: 'with-sign-in' | 'on-request' | null;
}

function initialMode(search: string): AuthMode {
  const mode = new URLSearchParams(search).get('mode');
  return mode === 'signup' || mode === 'reset' ? mode : 'signin';
}

export function LoginPage() {
  const { search } = useLocation();
  const toast = useToast();
  const options = useSignInOptions();
  const [mode, setMode] = useState<AuthMode | 'code'>(() => initialMode(search));
  // Arriving from Settings after 'Delete my account' (?account=deleted): a short confirmation.
  const accountDeleted = new URLSearchParams(search).get(ACCOUNT_DELETED_QUERY) === ACCOUNT_DELETED_VALUE;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [invalid, setInvalid] = useState<Field | 'code' | null>(null);
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState<null | 'form' | 'google' | 'resend'>(null);
  const [unverified, setUnverified] = useState<Unverified | null>(null);
  const titleId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Coming back from a failed Google sign-in (better-auth adds ?error=...).
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get('error')) {
      toast.error('Failed to sign in with Google');
      navigate('/login', { replace: true });
    }
  }, [search, toast]);

  // A new mode is a new screen for keyboard and screen-reader users: move focus to its title.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (mode === 'code') codeRef.current?.focus();
    else headingRef.current?.focus();
  }, [mode]);

  // A form's error belongs to that form: it goes when the person switches to another mode, rather than
  // sitting over the new title for the rest of its 4 seconds.
  const formErrors = useRef<number[]>([]);
  function formError(message: string) {
    formErrors.current.push(toast.error(message));
  }

  function switchMode(next: AuthMode) {
    for (const id of formErrors.current) toast.dismiss(id);
    formErrors.current = [];
    setMode(next);
    setUnverified(null);
    setInvalid(null);
    setPassword('');
    setShowPassword(false);
    setCode('');
    setUseRecovery(false);
  }

  async function signedIn() {
    const session = await refreshSession();
    toast.success(session.status === 'signed-in' ? greeting(session.user) : 'Welcome back');
    navigate('/dashboard', { replace: true });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || mode === 'code') return;
    const check = checkForm(mode, email, password);
    if (!check.ok) {
      setInvalid(check.field);
      formError(check.message);
      (check.field === 'password' ? passwordRef : emailRef).current?.focus();
      return;
    }
    setInvalid(null);
    setUnverified(null);
    setBusy('form');
    try {
      if (mode === 'reset') {
        const { error } = await call(() =>
          authClient.requestPasswordReset({ email: check.email, redirectTo: '/reset-password' }),
        );
        if (error) return void formError(authErrorMessage(error));
        toast.success('Password reset email sent! Please check your inbox.');
        switchMode('signin');
        return;
      }
      if (mode === 'signup') {
        const { error } = await call(() =>
          authClient.signUp.email({ email: check.email, password: check.password, name: '', callbackURL: EMAIL_VERIFIED_PATH }),
        );
        if (error) return void formError(authErrorMessage(error));
        toast.success('Account created! Please check your email to verify your account.');
        switchMode('signin');
        return;
      }
      const { data, error } = await call(() => authClient.signIn.email({ email: check.email, password: check.password }));
      const notVerified = EmailNotVerifiedProblemSchema.safeParse(error);
      if (notVerified.success) {
        // Not an error to dismiss: it stays on the screen with a way to get another link.
        setUnverified({ email: notVerified.data.email, sent: notVerified.data.verificationSent ? 'with-sign-in' : null });
        return;
      }
      if (error) return void formError(authErrorMessage(error));
      if (data && typeof data === 'object' && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
        setPassword('');
        setMode('code');
        return;
      }
      await signedIn();
    } finally {
      setBusy(null);
    }
  }

  async function onResend() {
    if (busy || !unverified) return;
    setBusy('resend');
    try {
      const { error } = await call(() => authClient.sendVerificationEmail({ email: unverified.email, callbackURL: EMAIL_VERIFIED_PATH }));
      if (error) return void formError(authErrorMessage(error));
      setUnverified({ email: unverified.email, sent: 'on-request' });
    } finally {
      setBusy(null);
    }
  }

  async function onSubmitCode(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const value = code.replace(/\s+/g, '');
    if (!value) {
      setInvalid('code');
      toast.error(useRecovery ? 'Please enter a recovery code' : 'Please enter the 6-digit code');
      codeRef.current?.focus();
      return;
    }
    setBusy('form');
    try {
      const { error } = await call(() =>
        useRecovery ? authClient.twoFactor.verifyBackupCode({ code: value }) : authClient.twoFactor.verifyTotp({ code: value }),
      );
      if (error) {
        setInvalid('code');
        toast.error(twoFactorErrorMessage(error, useRecovery));
        codeRef.current?.select();
        return;
      }
      await signedIn();
    } finally {
      setBusy(null);
    }
  }

  async function onGoogle() {
    if (busy) return;
    setBusy('google');
    const origin = window.location.origin;
    const { error } = await call(() =>
      authClient.signIn.social({
        provider: GOOGLE_PROVIDER_ID as 'google',
        callbackURL: `${origin}/dashboard`,
        errorCallbackURL: `${origin}/login?error=google`,
        newUserCallbackURL: `${origin}/dashboard`,
      }),
    );
    // On success the browser is already on its way to Google.
    if (error) {
      toast.error('Failed to sign in with Google');
      setBusy(null);
    }
  }

  // Sent as HTML before its script runs (decision 0032): until hydrated, nothing can be typed or pressed, so
  // nothing typed is lost and the browser never submits the form itself (a GET with the password in the URL).
  const hydrated = useHydrated();
  const working = busy !== null || !hydrated;

  return (
    <AuthCardPage titleId={titleId}>
      <AuthCardHead
        titleId={titleId}
        titleRef={headingRef}
        titleClassName="fs-auth__title"
        title={TITLES[mode]}
        intro={mode === 'code' && useRecovery ? 'Enter one of the recovery codes you saved when you turned it on. Each code works once.' : INTROS[mode]}
      />

      {mode === 'code' ? (
        <form className="aw-auth-card__form fs-auth__form" noValidate onSubmit={onSubmitCode}>
          <TextInput
            ref={codeRef}
            key={useRecovery ? 'recovery' : 'totp'}
            label={useRecovery ? 'Recovery code' : 'Authentication code'}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={useRecovery ? 64 : 6}
            aria-invalid={invalid === 'code' || undefined}
            disabled={working}
            icon={<Icon name="shield" size={18} />}
          />
          <Button type="submit" size="lg" block disabled={working}>
            {working ? 'Checking...' : 'Verify and sign in'}
          </Button>
          <div className="aw-stack fs-auth__links">
            <button
              type="button"
              className="aw-text-button fs-auth__link"
              onClick={() => {
                setUseRecovery((v) => !v);
                setCode('');
                setInvalid(null);
                window.setTimeout(() => codeRef.current?.focus());
              }}
              disabled={working}
            >
              {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
            </button>
            <button type="button" className="aw-text-button fs-auth__link" onClick={() => switchMode('signin')} disabled={working}>
              Back to Sign In
            </button>
          </div>
        </form>
      ) : (
        <>
          {/* Always mounted, so screen readers announce the notice when it appears or changes. */}
          <div role="status" className="fs-auth__notice">
            {mode === 'signin' && !unverified && accountDeleted ? (
              <Alert tone="success" title="Your account has been deleted">
                <p>Your memories, files, notes and personal information are gone, and you are signed out everywhere.</p>
              </Alert>
            ) : null}
            {mode === 'signin' && unverified ? (
              <Alert tone="info" title="Your email address is not verified yet">
                <p>
                  {unverified.sent === 'with-sign-in' ? (
                    <>We have sent a new verification link to <strong className="fs-auth__address">{unverified.email}</strong>.</>
                  ) : unverified.sent === 'on-request' ? (
                    <>We have sent another verification link to <strong className="fs-auth__address">{unverified.email}</strong>.</>
                  ) : (
                    <>Please open the link in the verification email we sent to <strong className="fs-auth__address">{unverified.email}</strong>.</>
                  )}{' '}
                  Open it to finish setting up your account. It may take a few minutes to arrive, so check your spam folder too.
                </p>
                <Button variant="secondary" size="sm" onClick={onResend} disabled={working}>
                  {busy === 'resend' ? 'Sending...' : <span>Resend verification <span className="fs-auth__nowrap">e-mail</span></span>}
                </Button>
              </Alert>
            ) : null}
          </div>
          {/* In the page rendered at build time, for a browser with script turned off. */}
          <noscript>
            <Alert tone="info" title="JavaScript is turned off">
              <p>Signing in needs JavaScript. Please turn it on in your browser settings and reload the page.</p>
            </Alert>
          </noscript>
          <form className="aw-auth-card__form fs-auth__form" noValidate onSubmit={onSubmit}>
            <EmailInput
              ref={emailRef}
              autoComplete={mode === 'signup' ? 'email' : 'username'}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={invalid === 'email' || undefined}
              disabled={working}
            />
            {mode !== 'reset' ? (
              <PasswordInput
                ref={passwordRef}
                label="Password"
                shown={showPassword}
                onShownChange={setShowPassword}
                name="password"
                autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                hint={mode === 'signup' ? MESSAGES.passwordLength : undefined}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={invalid === 'password' || undefined}
                disabled={working}
                icon={<Icon name="lock" size={18} />}
              />
            ) : null}
            {mode === 'signin' ? (
              <button type="button" className="aw-text-button fs-auth__link fs-auth__forgot" onClick={() => switchMode('reset')} disabled={working}>
                Forgot your password?
              </button>
            ) : null}
            <Button type="submit" size="lg" block disabled={working}>
              {busy === 'form'
                ? mode === 'signin'
                  ? 'Signing in...'
                  : mode === 'signup'
                    ? 'Creating account...'
                    : 'Sending...'
                : mode === 'signin'
                  ? 'Sign In'
                  : mode === 'signup'
                    ? 'Create Account'
                    : 'Send Reset Link'}
            </Button>
          </form>

          {mode !== 'reset' && options?.google ? (
            <>
              <div className="aw-row fs-auth__or" aria-hidden="true">
                <span>or</span>
              </div>
              <Button variant="secondary" size="lg" block onClick={onGoogle} disabled={working} icon={<GoogleMark />}>
                {busy === 'google' ? 'Opening Google...' : 'Sign in with Google'}
              </Button>
            </>
          ) : null}

          <div className="aw-cluster fs-auth__switch">
            {mode === 'signin' ? (
              <>
                <span className="aw-muted">New to Afterwards?</span>
                <Button variant="quiet" onClick={() => switchMode('signup')} disabled={working}>
                  Create New Account
                </Button>
              </>
            ) : mode === 'signup' ? (
              <>
                <span className="aw-muted">Already have an account?</span>
                <Button variant="quiet" onClick={() => switchMode('signin')} disabled={working}>
                  Sign In Instead
                </Button>
              </>
            ) : (
              <Button variant="quiet" onClick={() => switchMode('signin')} disabled={working} icon={<Icon name="arrow-left" />}>
                Back to Sign In
              </Button>
            )}
          </div>
        </>
      )}
    </AuthCardPage>
  );
}

/** The multi-coloured 'G', drawn inline (no network). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}
