import { CASE_MESSAGES } from './case.errors';
import { DOCUMENT_FILE_TYPES, MAX_FILES_PER_DOCUMENT, MAX_FILE_BYTES } from './limits';

export interface SelectedFile {
  name: string;
  size: number;
}

export interface UploadPlan<T extends SelectedFile> {
  /** Upload these, in order. */
  accepted: T[];
  /** Refused before upload, each with the spec's message. */
  rejected: { file: T; message: string }[];
  /** 'Only first {n} files will be uploaded ({m} selected)' when more were chosen than slots remain. */
  warning: string | null;
  /** Set when nothing can be uploaded because the section is full. */
  error: string | null;
}

const ALLOWED_EXTENSIONS = new Set(Object.values(DOCUMENT_FILE_TYPES).flat());

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Before any upload: a full section refuses; more files than free slots keeps the first that
 * fit, with a warning; each file over 5 MB or with a name outside the allowed types is refused. The server
 * checks the type again from the content; this only spares the person a pointless upload.
 */
export function planDocumentUpload<T extends SelectedFile>(existingFiles: number, selected: readonly T[]): UploadPlan<T> {
  const slots = Math.max(0, MAX_FILES_PER_DOCUMENT - existingFiles);
  if (slots === 0) return { accepted: [], rejected: [], warning: null, error: CASE_MESSAGES.fileLimit };
  const warning = selected.length > slots ? CASE_MESSAGES.onlyFirst(slots, selected.length) : null;
  const accepted: T[] = [];
  const rejected: { file: T; message: string }[] = [];
  for (const file of selected.slice(0, slots)) {
    if (file.size > MAX_FILE_BYTES) rejected.push({ file, message: CASE_MESSAGES.fileTooLarge(file.name) });
    else if (!ALLOWED_EXTENSIONS.has(extension(file.name))) rejected.push({ file, message: CASE_MESSAGES.fileType(file.name) });
    else accepted.push(file);
  }
  return { accepted, rejected, warning, error: null };
}

export interface UploadSummary {
  tone: 'success' | 'warning' | 'error';
  message: string;
}

/** The toast after a batch: all, some or none uploaded. */
export function uploadSummary(uploaded: number, failed: number, title: string): UploadSummary {
  if (failed === 0) return { tone: 'success', message: `${uploaded} file(s) uploaded successfully to ${title}!` };
  if (uploaded > 0) return { tone: 'warning', message: `${uploaded} file(s) uploaded, ${failed} failed` };
  return { tone: 'error', message: `Failed to upload ${failed} file(s)` };
}

/** File sizes in KB with one decimal. */
export function formatFileSize(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
