import type { MemoryExport, MemoryExportStatus } from '@afterwards/contracts';
import type { SqlExecutor } from '@afterwards/persistence';
import { memoryUrl } from '../read-model/memory.queries';

/** A row of memory_exports: one prepared (or preparing) zip of one memory, for its owner. */
export interface MemoryExportRow {
  readonly id: string;
  readonly caseId: string;
  readonly userId: string;
  readonly status: MemoryExportStatus;
  readonly progress: number;
  readonly fileName: string;
  readonly fileId: string | null;
  readonly fileSize: number | null;
  readonly failure: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
}

const COLUMNS = `id, case_id, user_id, status, progress, file_name, file_id, file_size::float8 AS file_size, failure, created_at, expires_at`;

type Raw = {
  id: string;
  case_id: string;
  user_id: string;
  status: MemoryExportStatus;
  progress: number;
  file_name: string;
  file_id: string | null;
  file_size: number | null;
  failure: string | null;
  created_at: Date | string;
  expires_at: Date | string | null;
};

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function toRow(r: Raw): MemoryExportRow {
  return {
    id: r.id,
    caseId: r.case_id,
    userId: r.user_id,
    status: r.status,
    progress: Number(r.progress),
    fileName: r.file_name,
    fileId: r.file_id,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    failure: r.failure,
    createdAt: toDate(r.created_at),
    expiresAt: r.expires_at === null ? null : toDate(r.expires_at),
  };
}

export const exportUrl = (caseId: string, exportId: string): string => `${memoryUrl(caseId)}/exports/${exportId}`;

/** The contract's view of a row; the link only while the zip is ready and not yet expired. */
export function toMemoryExport(row: MemoryExportRow, now: Date): MemoryExport {
  const live = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    memoryId: row.caseId,
    status: row.status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.status === 'preparing' ? null : (row.expiresAt?.toISOString() ?? null),
    downloadUrl: live ? `${exportUrl(row.caseId, row.id)}/download` : null,
    fileName: row.fileName,
    fileSize: row.fileSize,
    failure: row.failure,
  };
}

/** memory_exports, by plain SQL: both the API and the worker use it, and no screen reads it directly. */
export class MemoryExportsStore {
  constructor(private readonly sql: SqlExecutor) {}

  async create(row: { id: string; caseId: string; userId: string; fileName: string; createdAt: Date }): Promise<MemoryExportRow> {
    const { rows } = await this.sql.query<Raw>(
      `INSERT INTO memory_exports (id, case_id, user_id, status, progress, file_name, created_at) VALUES ($1, $2, $3, 'preparing', 0, $4, $5) RETURNING ${COLUMNS}`,
      [row.id, row.caseId, row.userId, row.fileName, row.createdAt],
    );
    return toRow(rows[0]!);
  }

  async get(exportId: string): Promise<MemoryExportRow | undefined> {
    const { rows } = await this.sql.query<Raw>(`SELECT ${COLUMNS} FROM memory_exports WHERE id = $1`, [exportId]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  /** The owner's export of this memory, or nothing: someone else's is as if it did not exist. */
  async getOwned(userId: string, caseId: string, exportId: string): Promise<MemoryExportRow | undefined> {
    const { rows } = await this.sql.query<Raw>(`SELECT ${COLUMNS} FROM memory_exports WHERE id = $1 AND case_id = $2 AND user_id = $3`, [exportId, caseId, userId]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  /** An export of this memory still being prepared: a second click joins it rather than starting another. */
  async preparing(userId: string, caseId: string): Promise<MemoryExportRow | undefined> {
    const { rows } = await this.sql.query<Raw>(
      `SELECT ${COLUMNS} FROM memory_exports WHERE case_id = $1 AND user_id = $2 AND status = 'preparing' ORDER BY created_at DESC LIMIT 1`,
      [caseId, userId],
    );
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async setProgress(exportId: string, progress: number): Promise<void> {
    await this.sql.query(`UPDATE memory_exports SET progress = $2 WHERE id = $1 AND status = 'preparing'`, [exportId, progress]);
  }

  /** False when the row went meanwhile (the memory or the account was deleted): the caller drops the zip. */
  async markReady(exportId: string, file: { fileId: string; fileSize: number; expiresAt: Date }): Promise<boolean> {
    const { rows } = await this.sql.query(
      `UPDATE memory_exports SET status = 'ready', progress = 100, file_id = $2, file_size = $3, expires_at = $4 WHERE id = $1 AND status = 'preparing' RETURNING id`,
      [exportId, file.fileId, file.fileSize, file.expiresAt],
    );
    return rows.length > 0;
  }

  async markFailed(exportId: string, failure: string, expiresAt: Date): Promise<void> {
    await this.sql.query(`UPDATE memory_exports SET status = 'failed', failure = $2, expires_at = $3 WHERE id = $1 AND status = 'preparing'`, [exportId, failure, expiresAt]);
  }

  /**
   * Removes the rows whose time is up (and exports left 'preparing' by a process that stopped) and answers
   * the zips to delete from the file store.
   */
  async takeExpired(now: Date, stalePreparingBefore: Date): Promise<string[]> {
    const { rows } = await this.sql.query<{ file_id: string | null }>(
      `DELETE FROM memory_exports WHERE expires_at <= $1 OR (status = 'preparing' AND created_at < $2) RETURNING file_id`,
      [now, stalePreparingBefore],
    );
    return rows.flatMap((r) => (r.file_id ? [r.file_id] : []));
  }

  /** Every export a person asked for, gone; answers the zips to delete and the memories they were of. */
  async takeForUser(userId: string): Promise<{ fileIds: string[]; caseIds: string[] }> {
    const { rows } = await this.sql.query<{ file_id: string | null; case_id: string }>(`DELETE FROM memory_exports WHERE user_id = $1 RETURNING file_id, case_id`, [userId]);
    return { fileIds: rows.flatMap((r) => (r.file_id ? [r.file_id] : [])), caseIds: [...new Set(rows.map((r) => r.case_id))] };
  }
}
