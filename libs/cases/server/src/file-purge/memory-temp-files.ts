import type { TempScope } from '@afterwards/file-store';

/**
 * Where a memory's files sit while they are being written (uploads, thumbnails, prepared zips): a folder
 * per memory, and inside it a folder per person for their zips. Erasing the memory removes the first,
 * erasing a person's account the second, at once, even when the process writing was killed (decision 0042).
 */
export const memoryTempScope = (caseId: string): TempScope => [caseId];

/** One person's "Download everything" zips of one memory while they are prepared. */
export const memoryExportTempScope = (caseId: string, userId: string): TempScope => [caseId, userId];
