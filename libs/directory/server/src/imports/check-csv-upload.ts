import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { CSV_ERRORS_KEPT, CSV_IMPORT_MAX_BYTES, CSV_PREVIEW_ROWS, type CsvPreviewRow } from '@afterwards/contracts';
import type { CsvImportCheck } from '@afterwards/directory-domain';
import { FILE_TYPES, type EncryptedFileStore, type StoredFile } from '@afterwards/file-store';
import type { EventStore } from '@afterwards/event-store';
import { csvRows } from '@afterwards/server-kit';
import type { CsvImportKind } from './import-kind';
import { AlreadyImported } from './already-imported';
import { CsvFileError, readCsv } from './csv-records';
import { checkedRows, columnsOf } from './csv-rows';

/** Accepted rows looked up at once in the event store (see AlreadyImported). */
const LOOKUP_ROWS = 500;

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** Every rejected row, its cells as they were plus its number and reasons, streamed into the file store as CSV. */
class RejectedRowsFile {
  private stream: PassThrough | undefined;
  private stored: Promise<StoredFile> | undefined;

  constructor(
    private readonly files: EncryptedFileStore,
    private readonly headers: readonly string[],
  ) {}

  async add(cells: readonly string[], row: number, reasons: readonly string[]): Promise<void> {
    if (!this.stream) {
      this.stream = new PassThrough();
      // The original columns first, so the corrected file can be uploaded as it is (extra columns are ignored).
      this.stored = this.files.put(this.stream, { maxBytes: 4 * CSV_IMPORT_MAX_BYTES, allowedTypes: [FILE_TYPES.text] });
      this.stored.catch(() => undefined);
      await this.write(csvRows([[...this.headers, 'row', 'reason']]));
    }
    const padded = this.headers.map((_, i) => cells[i] ?? '');
    await this.write(csvRows([[...padded, ...cells.slice(this.headers.length), row, reasons.join('; ')]]));
  }

  private async write(line: string): Promise<void> {
    if (!this.stream!.write(line)) await Promise.race([once(this.stream!, 'drain'), this.stored]);
  }

  async finish(): Promise<string | null> {
    if (!this.stream) return null;
    this.stream.end();
    return (await this.stored!).fileId;
  }

  abort(): void {
    this.stream?.destroy();
  }
}

/**
 * The check made on upload: the header, then every row through the same rules (the kind's) the import applies, with
 * a preview of the first rows, the first errors, counts, and a file of every rejected row; and, by the
 * import's own duplicate rule (AlreadyImported), how many accepted rows were imported before.
 */
export async function checkCsvUpload<S>(
  files: EncryptedFileStore,
  store: EventStore,
  upload: { importId: string; fileName: string; stored: StoredFile },
  kind: CsvImportKind<S>,
): Promise<CsvImportCheck> {
  const rules = await kind.rowRules();
  const columns = columnsOf(kind);
  const { records, sha256 } = readCsv(await files.open(upload.stored.fileId));
  let headers: string[] = [];
  const preview: CsvPreviewRow[] = [];
  const errors: string[] = [];
  let totalRows = 0;
  let validRows = 0;
  let rejectedRows = 0;
  let errorCount = 0;
  let fileError: string | null = null;
  let rejects: RejectedRowsFile | undefined;
  let rejectsFileId: string | null = null;
  const already = new AlreadyImported(store, kind.streamId);
  let alreadyImportedRows = 0;
  let lookup: string[] = [];
  const lookUp = async () => {
    alreadyImportedRows += (await already.check(lookup)).filter(Boolean).length;
    lookup = [];
  };
  try {
    for await (const row of checkedRows(records, kind, rules, (h) => {
      headers = h;
      rejects = new RejectedRowsFile(files, h);
    })) {
      totalRows += 1;
      const rowErrors = row.result.ok ? [] : row.result.errors;
      if (preview.length < CSV_PREVIEW_ROWS) {
        preview.push({ row: row.row, values: Object.fromEntries(columns.filter((c) => c in row.record).map((c) => [c, clip(row.record[c]!)])), errors: rowErrors });
      }
      if (row.result.ok) {
        validRows += 1;
        lookup.push(row.result.entryId);
        if (lookup.length >= LOOKUP_ROWS) await lookUp();
        continue;
      }
      rejectedRows += 1;
      errorCount += rowErrors.length;
      for (const e of rowErrors) if (errors.length < CSV_ERRORS_KEPT) errors.push(e);
      await rejects!.add(row.cells, row.row, rowErrors);
    }
    await lookUp();
    rejectsFileId = (await rejects?.finish()) ?? null;
  } catch (error) {
    rejects?.abort();
    if (!(error instanceof CsvFileError)) throw error;
    fileError = error.message;
  }
  return {
    importId: upload.importId,
    kind: kind.kind,
    fileName: upload.fileName,
    fileId: upload.stored.fileId,
    fileSha256: fileError ? '' : sha256(),
    fileBytes: upload.stored.fileSize,
    headers: headers.slice(0, 100).map(clip),
    fileError,
    totalRows: fileError ? 0 : totalRows,
    validRows: fileError ? 0 : validRows,
    alreadyImportedRows: fileError ? 0 : alreadyImportedRows,
    rejectedRows: fileError ? 0 : rejectedRows,
    errorCount: fileError ? 0 : errorCount,
    errors: fileError ? [] : errors,
    preview: fileError ? [] : preview,
    rejectsFileId: fileError ? null : rejectsFileId,
  };
}
