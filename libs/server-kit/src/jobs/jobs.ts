import { Logger } from '@nestjs/common';
import { BullMqJobQueue, InProcessJobQueue, type JobDefinition, type JobHandler, type JobQueue, type ProcessOptions } from '@afterwards/jobs';
import type { AppConfig } from '../config/config';

/** A job processor a context contributes; the process that runs jobs registers them all. */
export interface JobProcessor<P = unknown> {
  readonly definition: JobDefinition<P>;
  readonly handler: JobHandler<P>;
  readonly options?: ProcessOptions;
}

/**
 * Embedded profile: jobs run in this process. Services profile: jobs go to BullMQ on Redis and
 * `apps/worker` runs them; the API only enqueues.
 */
export function createJobQueue(config: AppConfig): JobQueue {
  const logger = new Logger('jobs');
  const onError = (error: unknown) => logger.error({ err: error }, 'job queue error');
  if (config.redisUrl) return new BullMqJobQueue({ connection: { url: config.redisUrl }, onError });
  return new InProcessJobQueue({ onError });
}

/** Whether this process runs job handlers: always when embedded; with Redis, only the worker. */
export function runsJobs(config: AppConfig, role: 'api' | 'worker' | 'tools'): boolean {
  if (role === 'tools') return false;
  return role === 'worker' || !config.redisUrl;
}
