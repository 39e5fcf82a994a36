// Pure helpers of the Documents tab: messages for failed uploads and the per-file progress list.
import { ApiError } from '../api';

/**
 * The toast for one file the server did not take. A refusal (4xx: too large, wrong type, section full) carries
 * the spec's own message, shown as it is; anything else (network, server error) says which file failed.
 */
export function uploadFailureMessage(error: unknown, fileName: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return `Failed to save ${fileName}: ${message}`;
}

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadProgress {
  key: string;
  fileName: string;
  /** 0 to 1. */
  fraction: number;
  state: UploadState;
}

/** Progress entries for a batch, all waiting, with keys unique within the batch. */
export function queueUploads(batch: number, files: readonly { name: string }[]): UploadProgress[] {
  return files.map((f, i) => ({ key: `${batch}-${i}`, fileName: f.name, fraction: 0, state: 'queued' }));
}

/** One entry changed; the others untouched. */
export function updateUpload(list: readonly UploadProgress[], key: string, change: Partial<Omit<UploadProgress, 'key'>>): UploadProgress[] {
  return list.map((u) => (u.key === key ? { ...u, ...change } : u));
}

/** Percent for role=progressbar's aria-valuenow. */
export function percentOf(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}

/** The title an additional document gets: the one typed, else the file's name. */
export function additionalTitle(typed: string, fileName: string): string {
  return typed.trim() || fileName;
}
