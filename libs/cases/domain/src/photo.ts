// The photo rule on its own: the dashboard checks a photo before sending it without loading what opening a
// memory needs (the checklist templates and their schemas).
import { CASE_MESSAGES, CaseError } from './case.errors';
import type { CasePhoto } from './case.events';
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from './limits';

/** Size and content type of a memory photo. Null when acceptable. */
export function photoProblem(photo: Pick<CasePhoto, 'fileSize' | 'fileType'>): CaseError | null {
  if (photo.fileSize > MAX_PHOTO_BYTES) return new CaseError('PHOTO_TOO_LARGE', CASE_MESSAGES.photoTooLarge);
  if (!PHOTO_TYPES.includes(photo.fileType)) return new CaseError('PHOTO_TYPE_NOT_ALLOWED', CASE_MESSAGES.photoType);
  return null;
}
