import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, type StreamableFile } from '@nestjs/common';
import {
  CSV_CONTENT_TYPE,
  CSV_IMPORT_MAX_BYTES,
  CSV_MESSAGES,
  ImportKindQuerySchema,
  StartCsvImportSchema,
  UPLOAD_CONTENT_TYPE,
  type CsvImport,
  type CsvImportList,
} from '@afterwards/contracts';
import { ImportError } from '@afterwards/directory-domain';
import { FILE_TYPES } from '@afterwards/file-store';
import { receiveFile } from '@afterwards/file-store/receive';
import { AuditTrail, staffContext } from '@afterwards/identity-server';
import { Consumes, ProblemError, ProjectionsService, setAnswerHeader, streamedAnswer, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import type { Position } from '@afterwards/event-store';
import { IMPORT_RUNTIME, runCsvImportCommand, type ImportRuntime } from './import-runtime';
import { importFileName } from './import-file-name';
import { importsProjection } from '../imports-projection/imports.projection';
import { checkCsvUpload } from './check-csv-upload';
import { findCsvImports, publicImport, type StoredCsvImport } from './csv-import.queries';
import { importCsvJob } from './import-csv.job';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const IMPORTS_TABLE = 'listing_imports';

/**
 * Bulk CSV Upload (admin spec): upload and check, start, follow, and fetch the rejected rows. `?kind=` on the
 * upload and the list says what the rows add (listings unless told: organisations); the rest follow the import.
 */
@Controller('api/admin/imports/csv')
export class CsvImportsController {
  constructor(
    @Inject(IMPORT_RUNTIME) private readonly rt: ImportRuntime,
    private readonly projections: ProjectionsService,
    private readonly audit: AuditTrail,
  ) {}

  /** Streams the file into the encrypted store (20 MB, text by content), then checks every row. */
  @Post()
  // The file's bytes either way; the type is told from the content.
  @Consumes(CSV_CONTENT_TYPE, UPLOAD_CONTENT_TYPE)
  @HttpCode(201)
  async upload(@Req() req: HttpRequest, @Query() query: unknown): Promise<CsvImport> {
    const { kind } = ImportKindQuerySchema.parse(query ?? {});
    const fileName = importFileName(req, 'upload.csv');
    if (!/\.csv$/i.test(fileName)) throw new ProblemError(400, 'IMPORT_NOT_CSV', CSV_MESSAGES.notCsv, [{ path: 'file', message: CSV_MESSAGES.notCsv }]);
    const files = this.rt.files();
    const stored = await receiveFile(req, files, {
      maxBytes: CSV_IMPORT_MAX_BYTES,
      allowedTypes: [FILE_TYPES.text],
      tooLarge: () => new ProblemError(413, 'IMPORT_TOO_LARGE', CSV_MESSAGES.tooLarge),
      wrongType: () => new ProblemError(415, 'IMPORT_NOT_TEXT', CSV_MESSAGES.notText),
    });
    const importId = randomUUID();
    try {
      const check = await checkCsvUpload(files, this.rt.store, { importId, fileName, stored }, this.rt.kinds.get(kind));
      const position = await runCsvImportCommand(this.rt, importId, { type: 'CheckCsvImport', check }, staffContext(req));
      const created = await this.settled(importId, position);
      await this.audit.record(req, {
        action: 'csv_import_checked',
        tableName: IMPORTS_TABLE,
        recordId: importId,
        oldValues: null,
        newValues: {
          kind,
          fileName,
          fileBytes: stored.fileSize,
          totalRows: check.totalRows,
          validRows: check.validRows,
          alreadyImportedRows: check.alreadyImportedRows,
          rejectedRows: check.rejectedRows,
          fileError: check.fileError,
        },
      });
      return publicImport(created);
    } catch (error) {
      await files.delete(stored.fileId).catch(() => undefined);
      throw error;
    }
  }

  @Get()
  async list(@Query() query: unknown): Promise<CsvImportList> {
    const { kind } = ImportKindQuerySchema.parse(query ?? {});
    return { imports: (await findCsvImports(this.rt.prisma, { kind, limit: 20 })).map(publicImport) };
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<CsvImport> {
    return publicImport(await this.find(id));
  }

  /** Queues the import job; with rows in error only when staff chose to leave them out. */
  @Post(':id/start')
  @HttpCode(202)
  async start(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<CsvImport> {
    const found = await this.find(id);
    const { skipRejected } = StartCsvImportSchema.parse(body ?? {});
    const context = staffContext(req);
    const position = await runCsvImportCommand(this.rt, found.id, { type: 'StartCsvImport', importId: found.id, skipRejected }, context);
    await this.rt.jobs.enqueue(importCsvJob, { importId: found.id, context: { ...context, correlationId: context.correlationId ?? found.id } }, { jobId: found.id });
    const started = await this.settled(found.id, position);
    await this.audit.record(req, {
      action: 'csv_import_started',
      tableName: IMPORTS_TABLE,
      recordId: found.id,
      oldValues: null,
      newValues: { kind: found.kind, fileName: found.fileName, validRows: found.validRows, skipRejected, rejectedRows: found.rejectedRows },
    });
    return publicImport(started);
  }

  /** Every rejected row as CSV: the original columns, then `row` and `reason`. */
  @Get(':id/rejected-rows')
  async rejectedRows(@Param('id') id: string, @Res({ passthrough: true }) reply: HttpReply): Promise<StreamableFile> {
    const found = await this.find(id);
    if (!found.rejectsFileId) throw new ProblemError(404, 'IMPORT_NO_REJECTED_ROWS', 'No row of this file was rejected.');
    const base = found.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_') || 'import';
    setAnswerHeader(reply, 'content-type', 'text/csv; charset=utf-8');
    setAnswerHeader(reply, 'content-disposition', `attachment; filename="${base}-rejected-rows.csv"`);
    setAnswerHeader(reply, 'cache-control', 'private, no-store');
    // Streamed (and compressed as it goes); a file that fails part way is cut, never completed.
    return streamedAnswer(await this.rt.files().open(found.rejectsFileId));
  }

  private async find(rawId: string): Promise<StoredCsvImport> {
    const notFound = () => new ImportError('IMPORT_NOT_FOUND', `Import not found: ${rawId}`);
    if (!UUID.test(rawId)) throw notFound();
    const [found] = await findCsvImports(this.rt.prisma, { id: rawId.toLowerCase(), limit: 1 });
    if (!found) throw notFound();
    return found;
  }

  private async settled(importId: string, position: Position | undefined): Promise<StoredCsvImport> {
    if (position) await this.projections.waitUntilApplied(importsProjection.name, position);
    return this.find(importId);
  }
}
