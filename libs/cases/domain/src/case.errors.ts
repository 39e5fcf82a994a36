import { CodedError, MEMORY_DATE_MESSAGES } from '@afterwards/contracts';
/** Typed domain errors; the server maps `code` to a problem-details response. */
export type CaseErrorCode =
  | 'CASE_INVALID'
  | 'CASE_NOT_FOUND'
  | 'CASE_ALREADY_EXISTS'
  | 'TASK_NOT_FOUND'
  | 'DOCUMENT_NOT_FOUND'
  | 'DOCUMENT_NOT_ADDITIONAL'
  | 'FILE_LIMIT_REACHED'
  | 'FILE_TOO_LARGE'
  | 'FILE_TYPE_NOT_ALLOWED'
  | 'FILE_INDEX_INVALID'
  | 'PHOTO_TOO_LARGE'
  | 'PHOTO_TYPE_NOT_ALLOWED'
  | 'CASE_CHANGED'
  | 'NOTE_INVALID'
  | 'NOTE_NOT_FOUND'
  | 'NOTE_CHANGED'
  | 'ITEM_ALREADY_DONE'
  | 'DOCUMENT_NOT_SETTLEABLE'
  | 'CASE_OWNER_ONLY'
  | 'CASE_READ_ONLY'
  | 'MEMBER_NOT_FOUND'
  | 'ALREADY_OWNER';

export class CaseError extends CodedError<CaseErrorCode> {
  override readonly name = 'CaseError';
}

/** The spec's messages (sections 5 and 8), in one place for the API and the screens. */
export const CASE_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  editRequired: 'Please enter both case name and deceased name.',
  notFound: 'Case not found',
  fileLimit: 'Maximum 5 files per section. Please delete some files first.',
  fileTooLarge: (file: string) => `File ${file} is too large (max 5MB)`,
  fileType: (file: string) => `File ${file} is not a PDF, JPG, PNG, DOC or DOCX file`,
  onlyFirst: (n: number, m: number) => `Only first ${n} files will be uploaded (${m} selected)`,
  invalidFileIndex: 'Invalid file index',
  photoTooLarge: 'Image size must be less than 5MB',
  photoType: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  jurisdiction: 'Please choose England, Wales, Scotland, Northern Ireland or Ireland.',
  relationship: 'Please choose a relationship from the list.',
  date: 'Please enter a real date.',
  futureDeath: 'The date of death cannot be in the future.',
  birthAfterDeath: MEMORY_DATE_MESSAGES.birthAfterDeath,
  birthInFuture: MEMORY_DATE_MESSAGES.birthInFuture,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer.`,
  noteRequired: 'Please enter both title and content for the note.',
  noteCategory: 'Please choose a note category from the list.',
  noteNotFound: 'Note not found',
  caseChanged: 'This memory was changed in another tab or device. We have refreshed it: please check and try again.',
  noteChanged: 'This note was changed in another tab or device. We have refreshed it: please check and try again.',
  taskAlreadyDone: 'This task is already marked as complete.',
  documentAlreadyCollected: 'This document is already collected.',
  additionalNotSettleable: 'Additional documents are already collected: remove one instead.',
  ownerOnly: 'Only the person who created this memory can do this.',
  readOnly: 'You can view this memory but not change it. Ask its owner if you need to be an editor.',
  memberNotFound: 'This person no longer has access to the memory.',
  alreadyOwner: 'This is your own memory.',
} as const;
