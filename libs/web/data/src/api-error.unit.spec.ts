import { ApiError, UNEXPECTED_ERROR_MESSAGE, errorMessage, formFieldErrors, problemToError } from './api-error';

describe('API errors', () => {
  it('reads problem details: status, code, detail and field errors', () => {
    const error = problemToError(409, {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'CASE_CHANGED',
      detail: 'This memory was changed in another tab or device.',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message, error.errors]).toEqual([409, 'CASE_CHANGED', 'This memory was changed in another tab or device.', []]);
    const invalid = problemToError(400, {
      type: 't',
      title: 'Bad Request',
      status: 400,
      code: 'CASE_INVALID',
      errors: [{ path: 'name', message: 'Please fill in all required fields' }],
    });
    expect(invalid.message).toBe('Bad Request');
    expect(invalid.errors).toEqual([{ path: 'name', message: 'Please fill in all required fields' }]);
  });

  it('falls back to a generic message for anything else', () => {
    const error = problemToError(502, '<html>');
    expect([error.code, error.message]).toEqual(['HTTP_502', UNEXPECTED_ERROR_MESSAGE]);
    expect(errorMessage('what')).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it("keeps a form's own fields from the field errors, by the first part of the path", () => {
    const fields = new Set(['name', 'startDate']);
    expect(formFieldErrors({ name: 'Taken', 'startDate.value': 'Too early', 'startDate.other': 'Later', expectedVersion: 'stale' }, fields)).toEqual({
      name: 'Taken',
      startDate: 'Too early',
    });
  });
});
