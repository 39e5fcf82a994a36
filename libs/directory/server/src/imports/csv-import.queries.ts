import { Prisma, type PrismaClient } from '@afterwards/persistence';
import type { CsvImport, CsvPreviewRow, ImportKind, ImportStatus } from '@afterwards/contracts';

interface Row {
  id: string;
  kind: ImportKind;
  file_name: string;
  file_id: string;
  file_bytes: bigint;
  status: ImportStatus;
  file_error: string | null;
  headers: string[];
  total_rows: number;
  valid_rows: number;
  already_imported_rows: number | null;
  rejected_rows: number;
  error_count: number;
  errors: string[];
  preview: CsvPreviewRow[];
  rejects_file_id: string | null;
  checked: number;
  imported: number;
  duplicates: number;
  rejected: number;
  failure: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  version: bigint;
}

export interface StoredCsvImport extends CsvImport {
  readonly fileId: string;
  readonly rejectsFileId: string | null;
}

function toImport(r: Row): StoredCsvImport {
  return {
    id: r.id,
    kind: r.kind,
    fileName: r.file_name,
    fileId: r.file_id,
    fileBytes: Number(r.file_bytes),
    status: r.status,
    fileError: r.file_error,
    headers: r.headers,
    totalRows: r.total_rows,
    validRows: r.valid_rows,
    alreadyImportedRows: r.already_imported_rows,
    newRows: r.already_imported_rows === null ? null : r.valid_rows - r.already_imported_rows,
    rejectedRows: r.rejected_rows,
    errorCount: r.error_count,
    errors: r.errors,
    preview: r.preview,
    rejectsFileId: r.rejects_file_id,
    progress: { checked: r.checked, imported: r.imported, duplicates: r.duplicates, rejected: r.rejected },
    failure: r.failure,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
    version: Number(r.version),
  };
}

export async function findCsvImports(prisma: PrismaClient, where: { id?: string; kind?: ImportKind; limit?: number }): Promise<StoredCsvImport[]> {
  const filter = where.id ? Prisma.sql`WHERE id = ${where.id}::uuid` : where.kind ? Prisma.sql`WHERE kind = ${where.kind}` : Prisma.empty;
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT id, kind, file_name, file_id, file_bytes, status, file_error, headers, total_rows, valid_rows, already_imported_rows, rejected_rows, error_count, errors, preview,
      rejects_file_id, checked, imported, duplicates, rejected, failure, created_at, started_at, finished_at, version
    FROM listing_imports ${filter} ORDER BY created_at DESC, id LIMIT ${where.limit ?? 20}`;
  return rows.map(toImport);
}

/** What staff see of an import (the file ids stay on the server). */
export function publicImport({ fileId: _file, rejectsFileId: _rejects, ...rest }: StoredCsvImport): CsvImport {
  return rest;
}
