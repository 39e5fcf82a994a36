import { NETWORK_ERROR_MESSAGE } from './api-error';
import { TWO_FACTOR_CODE_MESSAGES, twoFactorErrorMessage } from './auth';

describe('a refused two-step code (issue 40, item 10)', () => {
  it('says what went wrong and what to do, by the server code', () => {
    expect(twoFactorErrorMessage({ status: 401, code: 'INVALID_CODE', message: 'Invalid code' }, false)).toBe(TWO_FACTOR_CODE_MESSAGES.code);
    expect(twoFactorErrorMessage({ status: 401, code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' }, true)).toBe(TWO_FACTOR_CODE_MESSAGES.recovery);
    expect(twoFactorErrorMessage({ status: 401, code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' }, false)).toBe(TWO_FACTOR_CODE_MESSAGES.tooMany);
    expect(TWO_FACTOR_CODE_MESSAGES.code).not.toMatch(/invalid|error|failed/i);
  });

  it('keeps the offline and server messages for other failures', () => {
    expect(twoFactorErrorMessage({ status: 0, message: 'Failed to fetch' }, false)).toBe(NETWORK_ERROR_MESSAGE);
    expect(twoFactorErrorMessage({ status: 503, message: 'Service unavailable' }, false)).toBe('Service unavailable');
  });
});
