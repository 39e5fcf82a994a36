import type { EncryptedFileStore } from '@afterwards/file-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import type { MemoryParts } from '../memory-parts/memory-parts';
import { MemoryExportsStore } from './memory-exports.store';

/** What the export routes, the export jobs and the erasures share; wired by Nest, or by hand in tests. */
export interface ExportRuntime {
  readonly sql: SqlClient;
  readonly prisma: PrismaClient;
  readonly jobs: JobQueue;
  readonly exports: MemoryExportsStore;
  /** Opened on first use: the worker reaches the file store only when it prepares a zip. */
  readonly files: () => EncryptedFileStore;
  readonly now: () => Date;
  /** What other contexts keep beside the memory (its organisations' letters and statuses); none in some tests. */
  readonly parts?: MemoryParts;
}

export const EXPORT_RUNTIME = Symbol('EXPORT_RUNTIME');

/** How long a prepared zip (or the note that it failed) is kept. */
export const EXPORT_TTL_MS = 24 * 3600 * 1000;
/** A zip still 'preparing' after this long was left by a process that stopped: it is cleared. */
export const STALE_PREPARING_MS = 60 * 60 * 1000;
/** No memory comes near this (100 documents × 5 files × 5 MB is 2.5 GB); it stops a runaway, not a family. */
export const EXPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024;
