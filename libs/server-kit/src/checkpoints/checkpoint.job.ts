import type { KeyObject } from 'node:crypto';
import { defineJob } from '@afterwards/jobs';
import type { SqlClient } from '@afterwards/persistence';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import type { JobProcessor } from '../jobs/jobs';
import { APP_CONFIG, ROOT_LOGGER, SQL_CLIENT } from '../tokens';
import { checkpointSigningKey, takeCheckpoints } from './checkpoints';

export const checkpointLogsJob = defineJob<null>('audit.checkpoint-logs', { removeOnComplete: 10 });

let warnedOff = false;

/** The signing key per config, worked out on the first run: the key file is not read and parsed again every run. */
const signingKeys = new WeakMap<AppConfig, KeyObject | undefined>();
function signingKeyOf(config: AppConfig): KeyObject | undefined {
  if (!signingKeys.has(config)) signingKeys.set(config, checkpointSigningKey(config));
  return signingKeys.get(config);
}

/**
 * Every CHECKPOINT_EVERY_MS, by the process that runs jobs (the embedded API, or the worker): one signed
 * checkpoint of the audit trail and of the Postgres event log (decision 0038). In the services profile
 * without CHECKPOINT_SIGNING_KEY the feature is off, said once in the log, and the verify commands say so too.
 */
export const checkpointJobProcessor: JobProcessor<null> = {
  definition: checkpointLogsJob,
  handler: async (_job, services) => {
    const config = services.get<AppConfig>(APP_CONFIG);
    const key = signingKeyOf(config);
    if (!key) {
      if (!warnedOff) {
        warnedOff = true;
        services
          .get<Logger>(ROOT_LOGGER)
          .warn('Signed checkpoints are off: set CHECKPOINT_SIGNING_KEY so the audit trail and event log can be checked against something outside the database');
      }
      return;
    }
    try {
      await takeCheckpoints(services.get<SqlClient>(SQL_CLIENT), { key, file: config.checkpoints.file, events: !config.eventStoreUrl });
    } catch (error) {
      // Said in the log, not only counted as a failed job: a log that is not being checkpointed is unguarded.
      services.get<Logger>(ROOT_LOGGER).error({ err: error }, 'Could not take a signed checkpoint of the logs; the next run tries again');
      throw error;
    }
  },
  everyMs: (config) => config.checkpoints.everyMs,
  schedulePayload: null,
  // One at a time: each checkpoint follows the one before it.
  options: { concurrency: 1 },
};
