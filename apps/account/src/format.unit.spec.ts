import { emergencyContact, formatDate, fullName, manualKey } from './format';

describe('settings formatting', () => {
  it('joins the name parts and treats blanks as not set', () => {
    expect(fullName({ firstName: 'Jane', lastName: 'Smith' })).toBe('Jane Smith');
    expect(fullName({ firstName: 'Jane', lastName: null })).toBe('Jane');
    expect(fullName({ firstName: ' ', lastName: null })).toBeNull();
    expect(fullName(null)).toBeNull();
  });

  it('shows dates in en-GB', () => {
    expect(formatDate('1961-03-03')).toBe('3 March 1961');
    expect(formatDate(null)).toBeNull();
  });

  it('shows the emergency contact with its phone', () => {
    expect(emergencyContact({ emergencyContact: 'Ann', emergencyPhone: '07700 900123' })).toBe('Ann (07700 900123)');
    expect(emergencyContact({ emergencyContact: null, emergencyPhone: '07700 900123' })).toBe('07700 900123');
    expect(emergencyContact({ emergencyContact: null, emergencyPhone: null })).toBeNull();
  });

  it('reads the manual key from the authenticator URI', () => {
    expect(manualKey('otpauth://totp/Afterwards:jane%40example.com?secret=JBSWY3DPEHPK3PXPABCD&issuer=Afterwards')).toBe('JBSW Y3DP EHPK 3PXP ABCD');
    expect(manualKey('nonsense')).toBe('');
  });
});
