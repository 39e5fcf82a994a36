// Client-side checks of a memory photo before upload, with the domain's own rule and messages.
import { photoProblem } from '@afterwards/cases-domain';

/** The message when an image cannot be read. */
export const PHOTO_READ_FAILED = 'Failed to read image file';

/** The spec's message for a photo that may not be used, or null when it is fine. */
export function photoFileProblem(file: { size: number; type: string }): string | null {
  return photoProblem({ fileSize: file.size, fileType: file.type })?.message ?? null;
}
