import { CodedError } from '@afterwards/contracts';

export type PromotionErrorCode = 'PROMOTION_INVALID' | 'PROMOTION_NOT_FOUND' | 'PROMOTION_ALREADY_EXISTS' | 'PROMOTION_INVALID_TRANSITION';

/** A refused promotion command, with the spec's message; the server maps codes to statuses. */
export class PromotionError extends CodedError<PromotionErrorCode> {
  override readonly name = 'PromotionError';
}

export const PROMOTION_ERROR_STATUS: Record<PromotionErrorCode, number> = {
  PROMOTION_INVALID: 400,
  PROMOTION_NOT_FOUND: 404,
  PROMOTION_ALREADY_EXISTS: 409,
  PROMOTION_INVALID_TRANSITION: 409,
};
