// Client-side checks of the staff sign-in form (the spec: 'Admin login').
// The server repeats its own checks; these only save a round trip.

export const MESSAGES = {
  required: 'Email and password are required',
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
} as const;

export const MIN_EMAIL_LENGTH = 5;
export const MIN_PASSWORD_LENGTH = 6;

export type SignInValidation =
  | { ok: true; email: string; password: string }
  | { ok: false; message: string; fields: Array<'email' | 'password'> };

/** The email is trimmed and lower-cased before use; the password is used as typed. */
export function validateSignIn(emailInput: string, password: string): SignInValidation {
  const email = emailInput.trim().toLowerCase();
  if (!email || !password) {
    const fields: Array<'email' | 'password'> = [];
    if (!email) fields.push('email');
    if (!password) fields.push('password');
    return { ok: false, message: MESSAGES.required, fields };
  }
  if (!email.includes('@') || email.length < MIN_EMAIL_LENGTH) {
    return { ok: false, message: MESSAGES.email, fields: ['email'] };
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, message: MESSAGES.password, fields: ['password'] };
  }
  return { ok: true, email, password };
}
