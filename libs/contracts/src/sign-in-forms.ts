import * as z from './zod-mini';
import { PASSWORD_MIN_LENGTH } from './sign-in';

// The sign-in page's forms, in zod/mini (see ./zod-mini), apart from ./sign-in so the other public pages
// do not carry the e-mail check.

/** Sign-in and create-account forms. */
export const CredentialsSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Please fill in all fields'), z.email('Please enter a valid email address')),
  password: z.string().check(z.minLength(1, 'Please fill in all fields')),
});
export const SignUpSchema = z.extend(CredentialsSchema, {
  password: z.string().check(z.minLength(1, 'Please fill in all fields'), z.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')),
});
export const ResetRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Please enter your email address'), z.email('Please enter a valid email address')),
});
