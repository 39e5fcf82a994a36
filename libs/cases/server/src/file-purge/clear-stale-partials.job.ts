import { Logger } from '@nestjs/common';
import { defineJob } from '@afterwards/jobs';
import type { JobProcessor } from '@afterwards/server-kit';
import { EXPORT_RUNTIME, type ExportRuntime } from '../export-memory/export-runtime';

/** A partial file this old is no write in progress (each write touches it): a crash or kill left it. */
export const STALE_PARTIAL_MS = 15 * 60 * 1000;
/**
 * How often the sweep runs, in whichever process runs jobs (the worker, or the embedded API): a partial
 * file left by a killed process (a half-written zip of a memory is readable with the master key) is gone
 * within 20 minutes. It sweeps the whole file store's temp folder, which every API replica and the worker
 * share: every memory's folder, and the directory's staged imports too. API replicas do not sweep at
 * start-up: the job covers them.
 */
const CLEAR_STALE_PARTIALS_EVERY_MS = 5 * 60 * 1000;

const clearStalePartialsJob = defineJob<null>('files.clear-stale-partials', { attempts: 1, removeOnComplete: 10 });

const logger = new Logger('file-purge');

const clearStalePartialsProcessor: JobProcessor<null> = {
  definition: clearStalePartialsJob,
  handler: async (_job, services) => {
    const rt = services.get<ExportRuntime>(EXPORT_RUNTIME);
    const cleared = await rt.files().clearStalePartials(STALE_PARTIAL_MS, rt.now());
    if (cleared > 0) logger.log({ cleared }, 'removed partial files left by a stopped process');
  },
  everyMs: CLEAR_STALE_PARTIALS_EVERY_MS,
  schedulePayload: null,
};

/** The file store's upkeep, for the process that runs jobs. */
export const fileJobProcessors: JobProcessor[] = [clearStalePartialsProcessor as JobProcessor];
