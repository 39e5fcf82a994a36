// Exposed as 'admin_access/SignIn': the staff sign-in screen (admin spec sections 2 and 5).
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Icon, Logo, TextInput } from '@afterwards/web-ui';
import { requestAdminSession } from './api';
import { validateSignIn } from './validation';
import './signin.css';

export interface SignInProps {
  /** Called with the server's answer after a real, successful sign-in. */
  onSignedIn?: (session: unknown) => void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'error'; message: string; fields: Array<'email' | 'password'> }
  | { kind: 'signed-in' };

export default function SignIn({ onSignedIn }: SignInProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const titleId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const working = status.kind === 'working';
  const invalid = (field: 'email' | 'password') => status.kind === 'error' && status.fields.includes(field);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (working) return;
    const check = validateSignIn(email, password);
    if (!check.ok) {
      setStatus({ kind: 'error', message: check.message, fields: check.fields });
      (check.fields[0] === 'password' ? passwordRef : emailRef).current?.focus();
      return;
    }
    setEmail(check.email);
    setStatus({ kind: 'working' });
    const outcome = await requestAdminSession(check.email, check.password);
    if (outcome.kind === 'signed-in') {
      setPassword('');
      setStatus({ kind: 'signed-in' });
      onSignedIn?.(outcome.body);
    } else {
      setStatus({ kind: 'error', message: outcome.message, fields: [] });
    }
  }

  return (
    <Card tone="raised" as="section" className="aa-signin" aria-labelledby={titleId}>
      <div className="aa-signin__head">
        <Logo size="lg" decorative />
        <h1 id={titleId} className="aa-signin__title">
          Staff sign in
        </h1>
        <p className="aw-muted">Sign in with your staff account to manage the Afterwards directory.</p>
      </div>

      <form className="aa-signin__form" noValidate onSubmit={onSubmit}>
        {/* Stays mounted so the message is announced as soon as it appears. */}
        <div id="aa-signin-alert" role="alert" className="aa-signin__alert">
          {status.kind === 'error' ? <Alert tone="error">{status.message}</Alert> : null}
          {status.kind === 'signed-in' ? <Alert tone="success">You're signed in.</Alert> : null}
        </div>

        <TextInput
          ref={emailRef}
          label="Email address"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid('email') || undefined}
          disabled={working}
          icon={<Icon name="mail" size={18} />}
        />
        <TextInput
          ref={passwordRef}
          label="Password"
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={invalid('password') || undefined}
          disabled={working}
          icon={<Icon name="lock" size={18} />}
          end={
            <button
              type="button"
              className="aa-reveal"
              onClick={() => setShowPassword((v) => !v)}
              disabled={working}
            >
              {showPassword ? 'Hide' : 'Show'}
              <span className="aw-visually-hidden"> password</span>
            </button>
          }
        />
        <Button type="submit" size="lg" block disabled={working} icon={working ? undefined : <Icon name="shield" size={18} />}>
          {working ? 'Authenticating...' : 'Secure sign in'}
        </Button>
      </form>

      <p className="aa-signin__note">
        <Icon name="info" size={16} />
        <span>This area is for authorised Afterwards staff only.</span>
      </p>
    </Card>
  );
}
