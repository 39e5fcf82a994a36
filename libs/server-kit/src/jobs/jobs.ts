import { Logger } from '@nestjs/common';
import { InProcessJobQueue, type JobDefinition, type JobHandler, type JobQueue, type ProcessOptions } from '@afterwards/jobs';
import type { AppConfig } from '../config/config';

/** What a job handler may reach in the process running it: the platform's ports by token. */
export interface JobServices {
  get<T = unknown>(token: string | symbol): T;
}

/** A job processor a context contributes; the process that runs jobs registers them all. */
export interface JobProcessor<P = unknown> {
  readonly definition: JobDefinition<P>;
  /** Gets the job and, as a second argument, the process's services (SQL_CLIENT, PRISMA…). */
  readonly handler: (job: Parameters<JobHandler<P>>[0], services: JobServices) => ReturnType<JobHandler<P>>;
  readonly options?: ProcessOptions;
  /** Repeat every this many ms with `schedulePayload`, scheduled by the process that runs jobs (or as configured). */
  readonly everyMs?: number | ((config: AppConfig) => number);
  readonly schedulePayload?: P;
  /**
   * Embedded profile only, at start-up: the in-process queue keeps no job across a restart, so a processor
   * whose work is recorded elsewhere (an event stream) queues again what a crash left unfinished. BullMQ
   * keeps jobs in Redis and hands a killed worker's job to the next worker itself.
   */
  readonly requeueAfterRestart?: (queue: JobQueue, services: JobServices) => Promise<void>;
}

/**
 * Embedded profile: jobs run in this process. Services profile: jobs go to BullMQ on Redis and
 * `apps/worker` runs them; the API only enqueues.
 */
export async function createJobQueue(config: AppConfig): Promise<JobQueue> {
  const logger = new Logger('jobs');
  const onError = (error: unknown) => logger.error({ err: error }, 'job queue error');
  // bullmq and ioredis are about 20 MB of memory: loaded only in the services profile.
  if (config.redisUrl) return new (await import('@afterwards/jobs/bullmq')).BullMqJobQueue({ connection: { url: config.redisUrl }, prefix: config.jobsPrefix, onError });
  return new InProcessJobQueue({ onError });
}

/** Whether this process runs job handlers: always when embedded; with Redis, only the worker. */
export function runsJobs(config: AppConfig, role: 'api' | 'worker' | 'tools'): boolean {
  if (role === 'tools') return false;
  return role === 'worker' || !config.redisUrl;
}
