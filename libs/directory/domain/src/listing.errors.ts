import { CodedError } from '@afterwards/contracts';

/** Typed domain errors; the server maps `code` to a problem-details response. */
export type ListingErrorCode =
  | 'LISTING_INVALID'
  | 'LISTING_NOT_FOUND'
  | 'LISTING_ALREADY_EXISTS'
  | 'LISTING_INVALID_TRANSITION'
  | 'LISTING_REASON_REQUIRED';

export class ListingError extends CodedError<ListingErrorCode> {
  override readonly name = 'ListingError';
}
