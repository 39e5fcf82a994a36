import { CodedError } from '@afterwards/contracts';

/** Why a change to a memory's organisations was refused; each code maps to an HTTP status in the server. */
export const MEMORY_ORGANISATION_ERROR_CODES = {
  MEMORY_ORGANISATION_INVALID: 400,
  MEMORY_ORGANISATION_NOT_FOUND: 404,
  MEMORY_ORGANISATION_CHANGED: 409,
  MEMORY_ORGANISATION_ALREADY_ADDED: 409,
  MEMORY_ORGANISATIONS_LIMIT: 409,
  MEMORY_ORGANISATIONS_ERASED: 404,
} as const;
export type MemoryOrganisationErrorCode = keyof typeof MEMORY_ORGANISATION_ERROR_CODES;

/** The words the family reads, kind and plain. */
export const MEMORY_ORGANISATION_MESSAGES = {
  notFound: 'We could not find that organisation on this list. It may have been removed on another device.',
  changed: 'Someone changed this organisation while you were editing it. We have loaded the latest details; please check them and try again.',
  alreadyAdded: 'This organisation is already on your list.',
  limit: 'This list already holds 200 organisations, which is as many as it can keep.',
  erased: 'This memory has been deleted.',
  nameRequired: 'Please give the organisation a name.',
  kindRequired: 'Please choose what kind of organisation this is.',
  serviceRequired: 'Please say which service told them: Tell Us Once or the Death Notification Service.',
  amountOnlyWhenClosed: 'An amount can only be added once the account is closed or settled.',
  dateInFuture: 'That date is in the future. Please use the day it happened.',
} as const;

export class MemoryOrganisationError extends CodedError<MemoryOrganisationErrorCode> {
  override readonly name = 'MemoryOrganisationError';
}

/** A refusal about one field: the message is both the problem's and the field's. */
export const invalidField = (path: string, message: string): MemoryOrganisationError =>
  new MemoryOrganisationError('MEMORY_ORGANISATION_INVALID', message, [{ path, message }]);
