import { unhandled } from '@afterwards/contracts';
import { changedRow, staffTableProjection } from '@afterwards/server-kit';
import { IMPORT_STREAM_PREFIX, type CsvImportEvent } from '@afterwards/directory-domain';

/**
 * Projects CSV imports of every kind (listings, organisations) into `listing_imports`: the check and then the job's progress and result. Staff
 * screens hear of every change through the staff room, so progress moves live from whichever process
 * runs the job.
 */
export const importsProjection = staffTableProjection<CsvImportEvent>({
  name: 'directory.imports',
  streamPrefix: IMPORT_STREAM_PREFIX,
  table: 'listing_imports',

  async apply({ event, at, version }, tx, recorded) {
    const id = event.data.importId;
    let count: number;
    switch (event.type) {
      case 'CsvImportChecked': {
        const c = event.data;
        count = await tx.$executeRaw`
          INSERT INTO listing_imports (id, kind, file_name, file_id, file_sha256, file_bytes, status, file_error, headers, total_rows, valid_rows,
            already_imported_rows, rejected_rows, error_count, errors, preview, rejects_file_id, created_by, created_at, version)
          VALUES (${id}::uuid, ${c.kind ?? 'listings'}, ${c.fileName}, ${c.fileId}::uuid, ${c.fileSha256}, ${c.fileBytes}, 'checked', ${c.fileError}, ${JSON.stringify(c.headers)}::jsonb,
            ${c.totalRows}, ${c.validRows}, ${c.alreadyImportedRows ?? null}::int, ${c.rejectedRows}, ${c.errorCount}, ${JSON.stringify(c.errors)}::jsonb, ${JSON.stringify(c.preview)}::jsonb,
            ${c.rejectsFileId}::uuid, ${recorded.metadata.actor}, ${at}, ${version})
          ON CONFLICT (id) DO NOTHING`;
        break;
      }
      case 'CsvImportStarted':
        count = await tx.$executeRaw`
          UPDATE listing_imports SET status = 'queued', skip_rejected = ${event.data.skipRejected}, started_at = ${at}, version = ${version}
          WHERE id = ${id}::uuid AND version < ${version}`;
        break;
      case 'CsvImportProgressed':
      case 'CsvImportCompleted':
      case 'CsvImportFailed': {
        const p = event.data.progress;
        const status = event.type === 'CsvImportProgressed' ? 'running' : event.type === 'CsvImportCompleted' ? 'completed' : 'failed';
        const finishedAt = event.type === 'CsvImportProgressed' ? null : at;
        const failure = event.type === 'CsvImportFailed' ? event.data.reason : null;
        count = await tx.$executeRaw`
          UPDATE listing_imports SET status = ${status}, checked = ${p.checked}, imported = ${p.imported}, duplicates = ${p.duplicates},
            rejected = ${p.rejected}, failure = ${failure}, finished_at = ${finishedAt}, version = ${version}
          WHERE id = ${id}::uuid AND version < ${version}`;
        break;
      }
      default:
        return unhandled('Unhandled import event', event);
    }
    return changedRow({ count }, id);
  },

  async snapshot(prisma) {
    return prisma.$queryRaw`SELECT * FROM listing_imports ORDER BY id`;
  },
});
