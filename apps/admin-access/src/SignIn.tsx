// Exposed as 'admin_access/SignIn': the staff sign-in screen.
// Attempts and the lock are the server's: 401 carries `remainingAttempts`, a lock carries `retryAt`,
// and the shell passes the lock it found on load (GET /api/admin/session) as `lockedUntil`.
// Staff with two-factor on get a second step: the server answers `twoFactorRequired` and the screen
// asks for an authenticator or recovery code, sent again with the e-mail and password.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ADMIN_MAX_ATTEMPTS } from '@afterwards/contracts';
import { Alert, AuthCardHead, Button, Card, EmailInput, Icon, PasswordInput, TextInput } from '@afterwards/web-ui';
import { formatCountdown, requestAdminSession } from './api';
import { validateSignIn } from './validation';
import './signin.css';

export interface SignInProps {
  /** Called with the server's answer after a real, successful sign-in. */
  onSignedIn?: (session: unknown) => void;
  /** Epoch ms until which the server has locked sign-in from here (found on load). */
  lockedUntil?: number;
  /** A message to show on arrival (e.g. why a session was refused). */
  notice?: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'error'; message: string; fields: Array<'email' | 'password' | 'code'>; remainingAttempts?: number }
  | { kind: 'signed-in' };

export function attemptsText(n: number): string {
  return `${n} ${n === 1 ? 'attempt' : 'attempts'} remaining`;
}

/** Now, ticking once a second while `until` is in the future. */
function useNow(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}

export default function SignIn({ onSignedIn, lockedUntil: initialLock, notice }: SignInProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [status, setStatus] = useState<Status>(notice ? { kind: 'error', message: notice, fields: [] } : { kind: 'idle' });
  const [lockedUntil, setLockedUntil] = useState<number | undefined>(initialLock);
  /** Second step for accounts with two-factor on: the password was right, a code is needed. */
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const titleId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const now = useNow(lockedUntil);

  const locked = lockedUntil !== undefined && now < lockedUntil;
  const remaining = locked ? lockedUntil - now : 0;
  const working = status.kind === 'working';
  const invalid = (field: 'email' | 'password' | 'code') => status.kind === 'error' && status.fields.includes(field);

  // When the lock ends the counter has been reset by the server: start afresh.
  useEffect(() => {
    if (lockedUntil !== undefined && !locked) {
      setLockedUntil(undefined);
      setStatus({ kind: 'idle' });
    }
  }, [locked, lockedUntil]);

  useEffect(() => {
    if (initialLock !== undefined) setLockedUntil(initialLock);
  }, [initialLock]);

  useEffect(() => {
    if (codeStep) codeRef.current?.focus();
  }, [codeStep]);

  function startAgain() {
    setCodeStep(false);
    setCode('');
    setPassword('');
    setStatus({ kind: 'idle' });
    window.setTimeout(() => emailRef.current?.focus(), 0);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (working) return;
    if (locked) {
      setStatus({ kind: 'error', message: `Too many failed attempts. Please wait ${Math.ceil(remaining / 60_000)} minutes.`, fields: [] });
      return;
    }
    const check = validateSignIn(email, password);
    if (!check.ok) {
      setStatus({ kind: 'error', message: check.message, fields: check.fields });
      (check.fields[0] === 'password' ? passwordRef : emailRef).current?.focus();
      return;
    }
    const trimmedCode = code.replace(/\s+/g, '');
    if (codeStep && !trimmedCode) {
      setStatus({ kind: 'error', message: 'Please enter your authentication code', fields: ['code'] });
      codeRef.current?.focus();
      return;
    }
    setEmail(check.email);
    setStatus({ kind: 'working' });
    const outcome = await requestAdminSession(check.email, check.password, codeStep ? { code: trimmedCode } : {});
    if (outcome.kind === 'signed-in') {
      setPassword('');
      setCode('');
      setCodeStep(false);
      setStatus({ kind: 'signed-in' });
      onSignedIn?.(outcome.body);
      return;
    }
    if (outcome.lockedUntil !== undefined) {
      setPassword('');
      setCode('');
      setCodeStep(false);
      setLockedUntil(outcome.lockedUntil);
      setStatus({ kind: 'idle' });
      return;
    }
    if (outcome.twoFactorRequired) {
      const wrongCode = codeStep;
      setCodeStep(true);
      if (!wrongCode) {
        // The password was right: the code step explains itself, nothing went wrong.
        setStatus({ kind: 'idle' });
        return;
      }
      setStatus({
        kind: 'error',
        message: outcome.message,
        fields: ['code'],
        ...(outcome.remainingAttempts !== undefined ? { remainingAttempts: Math.max(0, Math.min(ADMIN_MAX_ATTEMPTS, outcome.remainingAttempts)) } : {}),
      });
      codeRef.current?.select();
      return;
    }
    setStatus({
      kind: 'error',
      message: outcome.message,
      fields: [],
      ...(outcome.remainingAttempts !== undefined ? { remainingAttempts: Math.max(0, Math.min(ADMIN_MAX_ATTEMPTS, outcome.remainingAttempts)) } : {}),
    });
    passwordRef.current?.select();
  }

  return (
    <Card tone="raised" as="section" className="aw-auth-card aa-signin" aria-labelledby={titleId}>
      <AuthCardHead titleId={titleId} titleClassName="aa-signin__title" title="Staff sign in" intro="Sign in with your staff account to manage the Afterwards directory." />

      <form className="aw-auth-card__form aa-signin__form" noValidate onSubmit={onSubmit}>
        {/* Stays mounted so the message is announced as soon as it appears. */}
        <div id="aa-signin-alert" role="alert" className="aw-stack aa-signin__alert">
          {locked ? (
            <Alert tone="error" title="Account Temporarily Locked" className="aa-lock">
              {/* The ticking text is for the eye; screen readers get whole minutes, so the alert is not re-read every second. */}
              <span className="aa-lock__text" aria-hidden="true">
                Too many failed login attempts. Please wait <span className="aa-lock__time">{formatCountdown(remaining)}</span> before
                trying again.
              </span>
              <span className="aw-visually-hidden">
                Too many failed login attempts. Please wait {Math.ceil(remaining / 60_000)} minutes before trying again.
              </span>
            </Alert>
          ) : null}
          {status.kind === 'error' ? (
            <Alert tone="error">
              {status.message}
              {status.remainingAttempts !== undefined && !locked ? (
                <strong className="aa-attempts">{attemptsText(status.remainingAttempts)}</strong>
              ) : null}
            </Alert>
          ) : null}
          {status.kind === 'signed-in' ? <Alert tone="success">You're signed in.</Alert> : null}
        </div>

        {codeStep ? (
          <>
            <p className="aa-code__intro">
              Two-step verification for <strong className="aa-code__email">{email}</strong>
            </p>
            <TextInput
              ref={codeRef}
              label="Authentication code"
              hint="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
              name="code"
              autoComplete="one-time-code"
              spellCheck={false}
              autoCapitalize="none"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={invalid('code') || undefined}
              disabled={working}
              icon={<Icon name="key" size={18} />}
            />
          </>
        ) : (
          <>
            <EmailInput
              ref={emailRef}
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={invalid('email') || undefined}
              disabled={working}
            />
            <PasswordInput
              ref={passwordRef}
              label="Password"
              shown={showPassword}
              onShownChange={setShowPassword}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={invalid('password') || undefined}
              disabled={working}
              icon={<Icon name="lock" size={18} />}
            />
          </>
        )}
        <Button
          type="submit"
          size="lg"
          block
          disabled={working}
          aria-disabled={locked || undefined}
          className={locked ? 'aa-locked' : undefined}
          icon={working ? undefined : <Icon name={locked ? 'lock' : 'shield'} size={18} />}
        >
          {working ? 'Authenticating...' : locked ? 'Account Locked' : codeStep ? 'Verify and sign in' : 'Secure sign in'}
        </Button>
        {codeStep ? (
          <Button variant="quiet" block onClick={startAgain} disabled={working}>
            Use a different account
          </Button>
        ) : null}
      </form>

      <p className="aa-signin__note">
        <Icon name="info" size={16} />
        <span>This area is for authorised Afterwards staff only.</span>
      </p>
    </Card>
  );
}
