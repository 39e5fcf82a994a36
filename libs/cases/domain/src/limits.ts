/** Files per document section and bytes per file (5 MB = 5 × 1024 × 1024). */
export const MAX_FILES_PER_DOCUMENT = 5;
export const MAX_FILE_BYTES = 5_242_880;
export const MAX_PHOTO_BYTES = 5_242_880;
export const MAX_TEXT_LENGTH = 255;
export const MAX_FILE_TYPE_LENGTH = 100;

/** Document uploads: .pdf .jpg .jpeg .png .doc .docx, by the MIME type detected from the file's content. */
export const DOCUMENT_FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};
/** The `accept` attribute for the document file picker. */
export const DOCUMENT_FILE_ACCEPT = Object.values(DOCUMENT_FILE_TYPES).flat().join(',');

/** Memory photos: JPEG, PNG, GIF or WebP. */
export const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export { RELATIONSHIPS, type Relationship } from '@afterwards/contracts';
