import { checkForm, checkNewPassword } from './validation';

describe('sign-in screen checks', () => {
  it('needs both fields to sign in or create an account', () => {
    expect(checkForm('signin', '', '')).toEqual({ ok: false, message: 'Please fill in all fields', field: 'email' });
    expect(checkForm('signin', 'a@example.com', '')).toEqual({ ok: false, message: 'Please fill in all fields', field: 'password' });
    expect(checkForm('signup', '  ', 'secret12')).toMatchObject({ message: 'Please fill in all fields' });
  });

  it('needs at least 6 characters for a new password only', () => {
    expect(checkForm('signup', 'a@example.com', '12345')).toEqual({
      ok: false,
      message: 'Password must be at least 6 characters long',
      field: 'password',
    });
    expect(checkForm('signin', 'a@example.com', '12345')).toEqual({ ok: true, email: 'a@example.com', password: '12345' });
  });

  it('needs an e-mail address to reset a password', () => {
    expect(checkForm('reset', ' ', '')).toEqual({ ok: false, message: 'Please enter your email address', field: 'email' });
    expect(checkForm('reset', ' a@example.com ', '')).toEqual({ ok: true, email: 'a@example.com', password: '' });
    expect(checkForm('reset', 'not-an-address', '')).toMatchObject({ ok: false, message: 'Please enter a valid email address' });
  });

  it('checks the new password and its confirmation', () => {
    expect(checkNewPassword('', '')).toMatchObject({ ok: false, field: 'password' });
    expect(checkNewPassword('12345', '12345')).toMatchObject({ message: 'Password must be at least 6 characters long' });
    expect(checkNewPassword('123456', '123457')).toMatchObject({ message: 'New passwords do not match.', field: 'confirm' });
    expect(checkNewPassword('123456', '123456')).toEqual({ ok: true });
  });
});
