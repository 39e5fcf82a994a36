// Client checks of the sign-in screen, from the shared schemas.
import { CredentialsSchema, PASSWORD_MIN_LENGTH, ResetRequestSchema, SignUpSchema } from '@afterwards/contracts';

export type AuthMode = 'signin' | 'signup' | 'reset';
export type Field = 'email' | 'password';
export type Check = { ok: true; email: string; password: string } | { ok: false; message: string; field: Field };

export const MESSAGES = {
  fillAll: 'Please fill in all fields',
  email: 'Please enter your email address',
  passwordLength: 'Password must be at least 6 characters long',
  mismatch: 'New passwords do not match.',
} as const;

export function checkForm(mode: AuthMode, emailInput: string, password: string): Check {
  const email = emailInput.trim();
  if (mode === 'reset') {
    const r = ResetRequestSchema.safeParse({ email });
    return r.success ? { ok: true, email: r.data.email, password: '' } : { ok: false, message: r.error.issues[0]!.message, field: 'email' };
  }
  // Both fields first, whichever is missing (spec: one message for either).
  if (!email || !password) return { ok: false, message: MESSAGES.fillAll, field: email ? 'password' : 'email' };
  const r = (mode === 'signup' ? SignUpSchema : CredentialsSchema).safeParse({ email, password });
  if (r.success) return { ok: true, email: r.data.email, password: r.data.password };
  const issue = r.error.issues[0]!;
  return { ok: false, message: issue.message, field: issue.path[0] === 'password' ? 'password' : 'email' };
}

/** The new-password page (from the e-mailed reset link). */
export function checkNewPassword(password: string, confirm: string): { ok: true } | { ok: false; message: string; field: 'password' | 'confirm' } {
  if (!password || !confirm) return { ok: false, message: MESSAGES.fillAll, field: password ? 'confirm' : 'password' };
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, message: MESSAGES.passwordLength, field: 'password' };
  if (password !== confirm) return { ok: false, message: MESSAGES.mismatch, field: 'confirm' };
  return { ok: true };
}
