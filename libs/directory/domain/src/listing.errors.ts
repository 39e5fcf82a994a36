/** Typed domain errors; the server maps `code` to a problem-details response. */
export type ListingErrorCode =
  | 'LISTING_INVALID'
  | 'LISTING_NOT_FOUND'
  | 'LISTING_ALREADY_EXISTS'
  | 'LISTING_INVALID_TRANSITION'
  | 'LISTING_REASON_REQUIRED';

export interface FieldError {
  path: string;
  message: string;
}

export class ListingError extends Error {
  constructor(
    readonly code: ListingErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ListingError';
  }
}
