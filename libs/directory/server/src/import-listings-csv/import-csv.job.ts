import { Logger } from '@nestjs/common';
import { CSV_SOURCE, type ImportProgress } from '@afterwards/contracts';
import { csvRowIdentity } from '@afterwards/directory-domain';
import { defineJob } from '@afterwards/jobs';
import type { CommandContext, JobProcessor } from '@afterwards/server-kit';
import { SubmitListings, type SubmitListingCommand } from '../change-listing/submit-listings.command';
import { IMPORT_RUNTIME, loadCsvImport, runCsvImportCommand, uuidFromName, type ImportRuntime } from '../imports/import-runtime';
import { rowDefaults } from './check-csv-upload';
import { CsvFileError, readCsv } from './csv-records';
import { checkedRows } from './csv-rows';

export interface ImportCsvPayload {
  readonly importId: string;
  /** The staff member who started it, and their request: every listing event carries them. */
  readonly context: CommandContext;
}

/** One try: a failed import says why and can be uploaded again (rows already imported are skipped). */
export const importCsvJob = defineJob<ImportCsvPayload>('directory.import-csv', { attempts: 1, removeOnComplete: 100 });

/**
 * Listings submitted together: one SubmitListings, one statement creating that many streams. Large
 * enough that a statement's fixed cost is small per row, small enough that a batch's transaction is
 * short (it holds back the log's readers until it ends) and its rows are little memory.
 */
export const IMPORT_BATCH_ROWS = 500;
/** Batches in flight: the next is read and decided while the last is written. */
export const IMPORT_BATCHES_IN_FLIGHT = 2;
/** How often progress is recorded (and so pushed to staff screens) while rows are imported. */
export const PROGRESS_EVERY_MS = 1000;

const logger = new Logger('csv-import');

/** Where an accepted row's listing lives: named by the row itself, so the same row twice is one listing. */
export const csvRowListingId = (identity: string): string => uuidFromName(`afterwards-csv-row:${identity}`);

/**
 * Imports a started CSV import: reads the stored file again, applies the same rules as the check, and
 * submits each accepted row as a listing through the Add form's command (SubmitListing, source 'Bulk
 * Upload'), placed from its postcode or town, 500 rows to a SubmitListings batch. A row seen before is
 * refused as already existing and counted as a duplicate. Progress is recorded about once a second.
 */
export async function runCsvImport(rt: ImportRuntime, payload: ImportCsvPayload): Promise<ImportProgress> {
  const { importId, context } = payload;
  const state = await loadCsvImport(rt.store, importId);
  if (state.status !== 'queued' && state.status !== 'running') return state.progress;
  const defaults = rowDefaults(await rt.settings());
  const progress: ImportProgress = { checked: 0, imported: 0, duplicates: 0, rejected: 0 };
  const record = (type: 'RecordCsvImportProgress' | 'CompleteCsvImport') => runCsvImportCommand(rt.store, importId, { type, importId, progress: { ...progress } }, context);

  let fatal: unknown;
  const submit = async (commands: SubmitListingCommand[]) => {
    try {
      const outcomes = await rt.commands.execute(new SubmitListings(commands, context));
      for (const outcome of outcomes) {
        if (outcome === 'submitted') progress.imported += 1;
        else if (outcome === 'exists') progress.duplicates += 1;
        else progress.rejected += 1;
      }
    } catch (error) {
      fatal ??= error;
    }
  };

  try {
    const { records } = readCsv(await rt.files().open(state.fileId!));
    const inFlight = new Set<Promise<void>>();
    let reported = Date.now();
    let batch: SubmitListingCommand[] = [];
    const send = async () => {
      const work = submit(batch).finally(() => inFlight.delete(work));
      batch = [];
      inFlight.add(work);
      if (inFlight.size >= IMPORT_BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    };
    for await (const row of checkedRows(records, defaults, () => undefined)) {
      if (fatal) break;
      progress.checked += 1;
      if (!row.result.ok) {
        progress.rejected += 1;
        continue;
      }
      const { details, status } = row.result;
      const listingId = csvRowListingId(csvRowIdentity(details, status));
      batch.push({ type: 'SubmitListing', listingId, details, status, source: CSV_SOURCE, originalFilename: state.fileName });
      if (batch.length >= IMPORT_BATCH_ROWS) await send();
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now();
        await record('RecordCsvImportProgress');
      }
    }
    if (batch.length > 0 && !fatal) await send();
    await Promise.all(inFlight);
    if (fatal) throw fatal;
    await record('CompleteCsvImport');
    logger.log({ importId, ...progress }, 'CSV import completed');
  } catch (error) {
    logger.error({ err: error, importId }, 'CSV import failed');
    const reason = error instanceof CsvFileError ? error.message : 'The import stopped on an unexpected error. Rows already imported are kept; upload the file again to import the rest.';
    await runCsvImportCommand(rt.store, importId, { type: 'FailCsvImport', importId, reason, progress: { ...progress } }, context);
  }
  return progress;
}

export const importCsvProcessor: JobProcessor<ImportCsvPayload> = {
  definition: importCsvJob,
  handler: async (job, services) => {
    await runCsvImport(services.get<ImportRuntime>(IMPORT_RUNTIME), job.payload);
  },
  // Imports are long: two may run side by side, each with its own appends in parallel.
  options: { concurrency: 2 },
};
