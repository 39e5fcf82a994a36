import { CodedError } from '@afterwards/contracts';

export type OrganisationErrorCode = 'ORGANISATION_INVALID' | 'ORGANISATION_NOT_FOUND' | 'ORGANISATION_ALREADY_EXISTS' | 'ORGANISATION_RETIRED' | 'ORGANISATION_INVALID_TRANSITION';

/** A refused organisation command, with the message staff read; the server maps codes to statuses. */
export class OrganisationError extends CodedError<OrganisationErrorCode> {
  override readonly name = 'OrganisationError';
}

export const ORGANISATION_ERROR_STATUS: Record<OrganisationErrorCode, number> = {
  ORGANISATION_INVALID: 400,
  ORGANISATION_NOT_FOUND: 404,
  ORGANISATION_ALREADY_EXISTS: 409,
  ORGANISATION_RETIRED: 409,
  ORGANISATION_INVALID_TRANSITION: 409,
};
