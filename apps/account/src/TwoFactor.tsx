// Two-step verification with an authenticator app (TOTP): turn on (password, scan, confirm with a code,
// save the recovery codes, shown once) and turn off (password).
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dialog, Icon, InlineLoading, TextInput, useToast } from '@afterwards/web-ui';
import { authClient, authErrorMessage, call } from '@afterwards/web-data/auth';
import { keys } from './api';
import { manualKey } from './format';
import { QrCode } from './QrCode';
import { SettingsCard } from './SettingsCard';

type Step = { kind: 'password' } | { kind: 'scan'; totpURI: string; backupCodes: string[] } | { kind: 'codes'; backupCodes: string[] };

export function TwoFactorCard({ enabled }: { enabled: boolean | null }) {
  const [dialog, setDialog] = useState<null | 'enable' | 'disable'>(null);
  return (
    <SettingsCard icon="shield" title="Two-step verification">
      {enabled === null ? (
        <InlineLoading>Checking...</InlineLoading>
      ) : (
        <>
          <p className="aw-row ac-2fa__status">
            <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>
            <span className="aw-muted">
              {enabled
                ? 'Signing in needs your password and a code from your authenticator app.'
                : 'Add a code from an authenticator app to your password when you sign in.'}
            </span>
          </p>
          <div className="aw-cluster ac-card__actions">
            {enabled ? (
              <Button variant="secondary" onClick={() => setDialog('disable')}>
                Turn off
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setDialog('enable')} icon={<Icon name="shield" size={18} />}>
                Turn on
              </Button>
            )}
          </div>
        </>
      )}
      <EnableDialog open={dialog === 'enable'} onClose={() => setDialog(null)} />
      <DisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </SettingsCard>
  );
}

function EnableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) {
      setStep({ kind: 'password' });
      setPassword('');
      setCode('');
      setInvalid(false);
    }
  }, [open]);

  function close() {
    if (step.kind === 'codes') void queryClient.invalidateQueries({ queryKey: keys.session });
    onClose();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (step.kind === 'password') {
      if (!password) {
        setInvalid(true);
        toast.error('Please enter your password.');
        return inputRef.current?.focus();
      }
      setBusy(true);
      const { data, error } = await call(() => authClient.twoFactor.enable({ password, method: 'totp' }));
      setBusy(false);
      if (error || !data || data.method !== 'totp') {
        setInvalid(true);
        return void toast.error(authErrorMessage(error));
      }
      setInvalid(false);
      setPassword('');
      setStep({ kind: 'scan', totpURI: data.totpURI, backupCodes: data.backupCodes });
      return;
    }
    if (step.kind === 'scan') {
      const value = code.replace(/\s+/g, '');
      if (!/^\d{6}$/.test(value)) {
        setInvalid(true);
        toast.error('Please enter the 6-digit code from your app.');
        return inputRef.current?.focus();
      }
      setBusy(true);
      const { error } = await call(() => authClient.twoFactor.verifyTotp({ code: value }));
      setBusy(false);
      if (error) {
        setInvalid(true);
        toast.error(authErrorMessage(error));
        return inputRef.current?.select();
      }
      setInvalid(false);
      toast.success('Two-step verification is on');
      setStep({ kind: 'codes', backupCodes: step.backupCodes });
    }
  }

  const actions =
    step.kind === 'codes' ? (
      <Button onClick={close} autoFocus>
        I've saved my recovery codes
      </Button>
    ) : (
      <>
        <Button variant="secondary" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} disabled={busy}>
          {busy ? 'Checking...' : step.kind === 'password' ? 'Continue' : 'Turn on'}
        </Button>
      </>
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      // The recovery codes are shown once: only the button closes that step.
      onDismiss={busy || step.kind === 'codes' ? () => undefined : close}
      title={step.kind === 'codes' ? 'Save your recovery codes' : 'Turn on two-step verification'}
      actions={actions}
    >
      <form id={formId} className="ac-form" noValidate onSubmit={onSubmit}>
        {step.kind === 'password' ? (
          <>
            <p>First, confirm it's you.</p>
            <PasswordToConfirm ref={inputRef} value={password} onChange={setPassword} invalid={invalid} busy={busy} />
          </>
        ) : step.kind === 'scan' ? (
          <>
            <p>Scan this code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</p>
            <div className="ac-2fa__qr">
              <QrCode text={step.totpURI} label="QR code for your authenticator app" />
            </div>
            <div className="aw-stack ac-2fa__key">
              <span className="aw-muted">Can't scan it? Enter this key instead:</span>
              <code data-testid="totp-key">{manualKey(step.totpURI)}</code>
            </div>
            <TextInput
              ref={inputRef}
              label="6-digit code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={invalid || undefined}
              disabled={busy}
              autoFocus
            />
          </>
        ) : (
          <>
            <p>
              If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe, such as a
              password manager or printed out. They won't be shown again.
            </p>
            <ul className="ac-2fa__codes" aria-label="Recovery codes">
              {step.backupCodes.map((c) => (
                <li key={c}>
                  <code>{c}</code>
                </li>
              ))}
            </ul>
            <Button
              variant="quiet"
              size="sm"
              onClick={() =>
                navigator.clipboard?.writeText(step.backupCodes.join('\n')).then(
                  () => toast.success('Recovery codes copied'),
                  () => toast.error('Could not copy. Please write the codes down.'),
                )
              }
            >
              Copy codes
            </Button>
          </>
        )}
      </form>
    </Dialog>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (open) {
      setPassword('');
      setInvalid(false);
    }
  }, [open]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setInvalid(true);
      return void toast.error('Please enter your password.');
    }
    setBusy(true);
    const { error } = await call(() => authClient.twoFactor.disable({ password }));
    setBusy(false);
    if (error) {
      setInvalid(true);
      return void toast.error(authErrorMessage(error));
    }
    toast.success('Two-step verification is off');
    await queryClient.invalidateQueries({ queryKey: keys.session });
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onDismiss={busy ? () => undefined : onClose}
      title="Turn off two-step verification"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Turning off...' : 'Turn off'}
          </Button>
        </>
      }
    >
      <form id={formId} className="ac-form" noValidate onSubmit={onSubmit}>
        <p>Signing in will only need your password. Your recovery codes will stop working.</p>
        <PasswordToConfirm value={password} onChange={setPassword} invalid={invalid} busy={busy} />
      </form>
    </Dialog>
  );
}

/** The account's password, which turning two-step sign-in on or off asks for first. */
function PasswordToConfirm({ ref, value, onChange, invalid, busy }: { ref?: Ref<HTMLInputElement>; value: string; onChange: (value: string) => void; invalid: boolean; busy: boolean }) {
  return (
    <TextInput
      ref={ref}
      label="Your password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid || undefined}
      disabled={busy}
      autoFocus
    />
  );
}
