import { PASSWORD_MIN_LENGTH } from '@afterwards/contracts';
import commonPasswordsCsv from '../data/common-passwords.csv';

export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';
export const PASSWORD_TOO_LONG = `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer.`;

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    commonPasswordsCsv
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

export type PasswordProblem = { code: 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON'; message: string };

/** The product's password rule: at least 6 characters (spec), at most 128, and not a well-known breached password. */
export function checkPassword(password: string): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return { code: 'PASSWORD_TOO_SHORT', message: PASSWORD_TOO_SHORT };
  if (password.length > PASSWORD_MAX_LENGTH) return { code: 'PASSWORD_TOO_LONG', message: PASSWORD_TOO_LONG };
  if (commonPasswords().has(password) || commonPasswords().has(password.toLowerCase())) {
    return { code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON };
  }
  return undefined;
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}
