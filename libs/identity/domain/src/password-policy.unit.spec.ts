import { describe, expect, it } from '@jest/globals';
import { checkPassword, commonPasswordCount, PASSWORD_TOO_COMMON } from './password-policy';

describe('password policy', () => {
  it('ships ten thousand common passwords', () => {
    expect(commonPasswordCount()).toBe(10_000);
  });
  it('refuses passwords shorter than 6 characters with the spec message', () => {
    expect(checkPassword('abc12')).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 6 characters long.' });
  });
  it.each(['123456', 'password', 'qwerty123', 'PASSWORD', 'iloveyou'])('refuses the common password %s', (p) => {
    expect(checkPassword(p)).toEqual({ code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON });
  });
  it('accepts an uncommon password of 6 characters or more', () => {
    expect(checkPassword('quiet-harbour-47')).toBeUndefined();
    expect(checkPassword('x'.repeat(129))?.code).toBe('PASSWORD_TOO_LONG');
  });
});
