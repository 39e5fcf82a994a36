import { Logger } from '@nestjs/common';
import type { ImportProgress } from '@afterwards/contracts';
import { NO_PROGRESS, importStreamId, type ImportRowRef } from '@afterwards/directory-domain';
import type { EventStore } from '@afterwards/event-store';
import { defineJob } from '@afterwards/jobs';
import type { CommandContext, JobProcessor } from '@afterwards/server-kit';
import type { ImportSubmission } from './import-kind';
import { IMPORT_RUNTIME, loadCsvImport, runCsvImportCommand, type ImportRuntime } from './import-runtime';
import { AlreadyImported } from './already-imported';
import { CsvFileError, readCsv } from './csv-records';
import { checkedRows } from './csv-rows';

export interface ImportCsvPayload {
  readonly importId: string;
  /** The staff member who started it, and their request: every event the rows make carries them. */
  readonly context: CommandContext;
}

/** One try: a failed import says why and can be uploaded again (rows already imported are skipped). */
export const importCsvJob = defineJob<ImportCsvPayload>('directory.import-csv', { attempts: 1, removeOnComplete: 100 });

/**
 * Entries submitted together: one `submitMany` of the kind, for listings one statement creating that many streams. Large
 * enough that a statement's fixed cost is small per row, small enough that a batch's transaction is
 * short (it holds back the log's readers until it ends) and its rows are little memory.
 */
export const IMPORT_BATCH_ROWS = 500;
/** Batches in flight: the next is read and decided while the last is written. */
export const IMPORT_BATCHES_IN_FLIGHT = 2;
/** How often progress is recorded (and so pushed to staff screens) while rows are imported. */
export const PROGRESS_EVERY_MS = 1000;

const logger = new Logger('csv-import');

interface Batch {
  /** Data rows of the file the batch covers, accepted or not: batches cover the file in order, without gaps. */
  rows: number;
  rejected: number;
  commands: ImportSubmission<unknown>[];
}

const newBatch = (): Batch => ({ rows: 0, rejected: 0, commands: [] });

/**
 * How many of `commands`, refused because their listing exists, were made by this import from the same
 * row: written by an earlier run of this job that stopped (a crash) before it recorded them. Those count
 * as imported; a listing made by another import, or by an earlier row of this file, is a duplicate.
 */
async function madeByThisRow(store: EventStore, streamId: (entryId: string) => string, importId: string, commands: readonly ImportSubmission<unknown>[]): Promise<number> {
  let mine = 0;
  const check = async (command: ImportSubmission<unknown>) => {
    // Every kind's first event carries the import row that made it (`importRow` in its data).
    const [first] = await store.readStream(streamId(command.entryId), { maxCount: 1 });
    const made = (first?.data as { importRow?: ImportRowRef } | undefined)?.importRow;
    if (made?.importId === importId && made.row === command.importRow.row) mine += 1;
  };
  for (let i = 0; i < commands.length; i += ORIGIN_READS_IN_FLIGHT) await Promise.all(commands.slice(i, i + ORIGIN_READS_IN_FLIGHT).map(check));
  return mine;
}
const ORIGIN_READS_IN_FLIGHT = 16;

/**
 * Imports a started CSV import: reads the stored file again, applies the same rules as the check (its
 * kind's), and submits each accepted row through the kind (listings: the Add form's SubmitListing, source
 * 'Bulk Upload'; organisations: AddOrganisation), 500 rows to a batch. A row seen before is
 * refused as already existing and counted as a duplicate.
 *
 * Progress is recorded about once a second, and only for the rows every batch of which has been written
 * (a prefix of the file), so it is a resume point: a run that finds the import already running (an
 * earlier run was killed) goes on after the recorded rows with the recorded counts, and counts a row
 * written after the last record but before the crash as imported (its entry names this import and row).
 * The counts are then exactly those of a run without a crash.
 */
export async function runCsvImport(rt: ImportRuntime, payload: ImportCsvPayload): Promise<ImportProgress> {
  const { importId, context } = payload;
  const state = await loadCsvImport(rt.store, importId);
  if (state.status !== 'queued' && state.status !== 'running') return state.progress;
  // Running already: an earlier run of this job stopped without recording the end.
  const resumed = state.status === 'running';
  const settled: ImportProgress = { ...(resumed ? state.progress : NO_PROGRESS) };
  const skip = settled.checked;
  const kind = rt.kinds.get(state.kind);
  const record = (type: 'RecordCsvImportProgress' | 'CompleteCsvImport') => runCsvImportCommand(rt, importId, { type, importId, progress: { ...settled } }, context);

  // The check's duplicate rule: rows imported before are skipped, not submitted.
  const already = new AlreadyImported(rt.store, kind.streamId);
  const submit = async (batch: Batch): Promise<ImportProgress> => {
    const counts: ImportProgress = { checked: batch.rows, imported: 0, duplicates: 0, rejected: batch.rejected };
    if (batch.commands.length === 0) return counts;
    const before = await already.check(batch.commands.map((c) => c.entryId));
    const existing: ImportSubmission<unknown>[] = batch.commands.filter((_, i) => before[i]);
    const fresh = batch.commands.filter((_, i) => !before[i]);
    // A listing made since the lookup (another import at the same time) is refused by the store: the same rule.
    const outcomes = fresh.length > 0 ? await kind.submitMany(fresh, context, state.fileName!) : [];
    outcomes.forEach((outcome, i) => {
      if (outcome === 'submitted') counts.imported += 1;
      else if (outcome === 'exists') existing.push(fresh[i]!);
      else counts.rejected += 1;
    });
    // Only a resumed run can meet its own rows; a first run's conflicts are all duplicates.
    const mine = resumed && existing.length > 0 ? await madeByThisRow(rt.store, kind.streamId, importId, existing) : 0;
    counts.imported += mine;
    counts.duplicates += existing.length - mine;
    return counts;
  };

  // Batches written or being written, oldest first; settled in order, so `settled` is always a prefix.
  const inFlight: Promise<ImportProgress>[] = [];
  try {
    // Marks the import running before its first row: a run after a crash from here on resumes it.
    await record('RecordCsvImportProgress');
    let reported = Date.now();
    const settleOldest = async () => {
      const counts = await inFlight.shift()!;
      settled.checked += counts.checked;
      settled.imported += counts.imported;
      settled.duplicates += counts.duplicates;
      settled.rejected += counts.rejected;
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now();
        await record('RecordCsvImportProgress');
      }
    };
    let batch = newBatch();
    const send = async () => {
      const work = submit(batch);
      // Awaited in order by settleOldest; this only keeps a failure behind an earlier one from being unhandled.
      work.catch(() => undefined);
      inFlight.push(work);
      batch = newBatch();
      if (inFlight.length >= IMPORT_BATCHES_IN_FLIGHT) await settleOldest();
    };

    const { records } = readCsv(await rt.files().open(state.fileId!));
    let index = 0;
    for await (const row of checkedRows(records, kind, await kind.rowRules(), () => undefined)) {
      // Rows settled by an earlier run: read again only to find where to go on.
      if (index++ < skip) continue;
      batch.rows += 1;
      if (!row.result.ok) {
        batch.rejected += 1;
        continue;
      }
      batch.commands.push({ entryId: row.result.entryId, submission: row.result.submission, importRow: { importId, row: row.row } });
      if (batch.commands.length >= IMPORT_BATCH_ROWS) await send();
    }
    if (batch.rows > 0) await send();
    while (inFlight.length > 0) await settleOldest();
    await record('CompleteCsvImport');
    logger.log({ importId, kind: kind.kind, ...(resumed ? { resumedAfterRows: skip } : {}), ...settled }, 'CSV import completed');
  } catch (error) {
    await Promise.allSettled(inFlight);
    logger.error({ err: error, importId }, 'CSV import failed');
    const reason = error instanceof CsvFileError ? error.message : 'The import stopped on an unexpected error. Rows already imported are kept; upload the file again to import the rest.';
    await runCsvImportCommand(rt, importId, { type: 'FailCsvImport', importId, reason, progress: { ...settled } }, context);
  }
  return settled;
}

export const importCsvProcessor: JobProcessor<ImportCsvPayload> = {
  definition: importCsvJob,
  handler: async (job, services) => {
    await runCsvImport(services.get<ImportRuntime>(IMPORT_RUNTIME), job.payload);
  },
  // Imports are long: two may run side by side, each with its own appends in parallel.
  options: { concurrency: 2 },
  requeueAfterRestart: async (queue, services) => {
    const rt = services.get<ImportRuntime>(IMPORT_RUNTIME);
    for (const { id } of await rt.prisma.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM listing_imports WHERE status IN ('queued', 'running')`) {
      // An import stream opens CsvImportChecked, CsvImportStarted: only its first two events need reading.
      const started = (await rt.store.readStream(importStreamId(id), { maxCount: 2 })).find((e) => e.type === 'CsvImportStarted');
      if (!started) continue;
      // As the start queued it: the staff member who started it, under the import's correlation.
      const { actor, correlationId, requestId, ip, userAgent } = started.metadata;
      const context: CommandContext = { actor, correlationId, ...(requestId ? { requestId } : {}), ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) };
      await queue.enqueue(importCsvJob, { importId: id, context }, { jobId: id });
      logger.log({ importId: id }, 'CSV import left unfinished by a restart queued again');
    }
  },
};
