import { EARLIEST_DATE_OF_BIRTH, latestDateOfBirth, PHONE_DIGITS, PROFILE_LIMITS, ProfileSchema } from './identity';

const base = { firstName: 'Ann' };
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The field errors the schema gives for one input, as the API's problem details list them. */
function errors(input: Record<string, unknown>): Record<string, string> {
  const parsed = ProfileSchema.safeParse({ ...base, ...input });
  const found: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('Personal Information contract', () => {
  it('takes a complete, sensible profile and trims it', () => {
    const profile = {
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '+44 (0)7700 900-123',
      dateOfBirth: '1961-03-03',
      address: '1 High Street, Leeds',
      emergencyContact: 'Cal Lee',
      emergencyPhone: '01632 960 001',
    };
    expect(ProfileSchema.parse({ ...profile, firstName: ' Ann ' })).toEqual(profile);
  });

  it('refuses a date of birth in the future, before 1900 or not on the calendar', () => {
    expect(errors({ dateOfBirth: isoDay(2) })).toEqual({ dateOfBirth: 'Date of birth cannot be in the future' });
    expect(errors({ dateOfBirth: '2999-01-01' })).toEqual({ dateOfBirth: 'Date of birth cannot be in the future' });
    expect(errors({ dateOfBirth: '1899-12-31' })).toEqual({ dateOfBirth: 'Date of birth cannot be before 1900' });
    expect(errors({ dateOfBirth: '2023-02-30' })).toEqual({ dateOfBirth: 'Please enter a valid date' });
    expect(errors({ dateOfBirth: '3 March 1961' })).toEqual({ dateOfBirth: 'Please enter a valid date' });
    expect(errors({ dateOfBirth: EARLIEST_DATE_OF_BIRTH })).toEqual({});
    expect(errors({ dateOfBirth: isoDay(-1) })).toEqual({});
  });

  it('takes today wherever the day has started, and nothing later', () => {
    // 23:30 in London on 1 May is already 2 May east of UTC+1 (and in Kiribati until 10:00 UTC).
    const now = new Date('2026-05-01T23:30:00Z');
    expect(latestDateOfBirth(now)).toBe('2026-05-02');
    expect(latestDateOfBirth(new Date('2026-05-01T09:59:00Z'))).toBe('2026-05-01');
    expect(latestDateOfBirth(new Date('2026-05-01T10:00:00Z'))).toBe('2026-05-02');
  });

  it('refuses a phone number with letters or other signs, or too few or too many digits', () => {
    const chars = 'can only contain digits, spaces, brackets, dashes and a leading +';
    expect(errors({ phone: '07700 CALL ME' })).toEqual({ phone: `Phone number ${chars}` });
    expect(errors({ phone: '07700 900123 ext. 4' })).toEqual({ phone: `Phone number ${chars}` });
    expect(errors({ phone: '0044+7700900123' })).toEqual({ phone: `Phone number ${chars}` });
    expect(errors({ emergencyPhone: 'ask Cal' })).toEqual({ emergencyPhone: `Emergency contact phone ${chars}` });
    const digits = `must have ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits`;
    expect(errors({ phone: '(01) 23-45' })).toEqual({ phone: `Phone number ${digits}` });
    expect(errors({ phone: '1234567890123456' })).toEqual({ phone: `Phone number ${digits}` });
    expect(errors({ phone: '+353 87 123 4567', emergencyPhone: '999 1234' })).toEqual({});
  });

  it('limits every text field to its published length', () => {
    for (const [field, max] of Object.entries(PROFILE_LIMITS)) {
      const ok = field.toLowerCase().includes('phone') ? '(1)'.repeat(max / 3) : 'a'.repeat(max);
      expect([field, errors({ [field]: ok })]).toEqual([field, {}]);
      expect(errors({ [field]: '1'.repeat(max + 1) })[field]).toMatch(new RegExp(`must be ${max} characters or fewer$`));
    }
    expect(errors({ address: 'x'.repeat(10_000) })).toEqual({ address: `Address must be ${PROFILE_LIMITS.address} characters or fewer` });
  });

  it('keeps empty optional fields as null and still asks for a first name', () => {
    expect(ProfileSchema.parse({ firstName: 'Ann', lastName: ' ', phone: '', dateOfBirth: '', address: null })).toEqual({
      firstName: 'Ann',
      lastName: null,
      phone: null,
      dateOfBirth: null,
      address: null,
      emergencyContact: null,
      emergencyPhone: null,
    });
    expect(errors({ firstName: '  ' })).toEqual({ firstName: 'Please enter at least your first name.' });
  });
});
