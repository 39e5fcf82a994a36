import { PASSWORDS_DIFFER, setupTokenFromLocation, validateFirstStaff } from './setup';

describe('first staff account', () => {
  const form = { name: ' Ada Lovelace ', email: ' Ada@Example.org ', password: 'secret1', confirmPassword: 'secret1' };

  it('finds the token only on the set-up page', () => {
    expect(setupTokenFromLocation({ pathname: '/admin/setup', search: '?token=abc' })).toBe('abc');
    expect(setupTokenFromLocation({ pathname: '/admin/setup/', search: '' })).toBe('');
    expect(setupTokenFromLocation({ pathname: '/admin/', search: '?token=abc' })).toBeNull();
  });

  it('sends the trimmed, lower-cased details', () => {
    expect(validateFirstStaff('tok', form)).toEqual({ ok: true, request: { token: 'tok', name: 'Ada Lovelace', email: 'ada@example.org', password: 'secret1' } });
  });

  it("uses the shared schema's messages and checks the confirmation", () => {
    expect(validateFirstStaff('tok', { name: '', email: 'nope', password: '123', confirmPassword: '' })).toEqual({
      ok: false,
      errors: { name: 'Please enter your name', email: 'Please enter a valid email address', password: 'Password must be at least 6 characters' },
    });
    expect(validateFirstStaff('tok', { ...form, confirmPassword: 'secret2' })).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DIFFER } });
    expect(validateFirstStaff('', form)).toEqual({ ok: false, errors: { token: 'This set-up link is not valid.' } });
  });
});
