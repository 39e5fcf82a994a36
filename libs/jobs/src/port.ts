/**
 * The jobs port: background work named by typed definitions, run by a driver
 * (in-process for the embedded profile, BullMQ over Redis in production).
 *
 * Payloads must be JSON-serialisable: the BullMQ driver stores them as JSON and the
 * in-process driver round-trips them through JSON too, so both behave the same.
 */

/** Delay before a retry: a fixed number of ms, or exponential (`delayMs * 2^(failedAttempt - 1)`). */
export type Backoff = number | { readonly type: 'fixed' | 'exponential'; readonly delayMs: number };

export interface JobOptions {
  /** Total tries, the first included. Default 1 (no retry). */
  readonly attempts?: number;
  /** Wait between a failed attempt and the next one. Default 0. */
  readonly backoff?: Backoff;
  /**
   * What to keep of completed jobs where the driver keeps history (BullMQ): `true` drops them,
   * `false` keeps all, a number keeps the latest N. Default 1000, so Redis does not grow forever.
   * Failed jobs are always kept. The in-process driver keeps no history.
   */
  readonly removeOnComplete?: boolean | number;
}

export interface JobDefinition<Payload> {
  readonly name: string;
  readonly options: Readonly<Required<Pick<JobOptions, 'attempts' | 'removeOnComplete'>> & Pick<JobOptions, 'backoff'>>;
  /** Type-only: carries `Payload` so `enqueue` and `process` agree. Never set. */
  readonly __payload?: Payload;
}

/** Job names become BullMQ queue names, which cannot contain ':'. */
const JOB_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function defineJob<Payload>(name: string, options: JobOptions = {}): JobDefinition<Payload> {
  if (!JOB_NAME.test(name)) throw new Error(`Invalid job name "${name}": use letters, digits, '.', '_' or '-'`);
  const attempts = options.attempts ?? 1;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`Job "${name}": attempts must be an integer >= 1`);
  if (options.backoff !== undefined) {
    const delay = typeof options.backoff === 'number' ? options.backoff : options.backoff.delayMs;
    if (!Number.isFinite(delay) || delay < 0) throw new Error(`Job "${name}": backoff must be a finite number of ms >= 0`);
  }
  return Object.freeze({
    name,
    options: Object.freeze({ attempts, backoff: options.backoff, removeOnComplete: options.removeOnComplete ?? 1000 }),
  });
}

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now. */
  readonly delayMs?: number;
  /**
   * Deduplication key, scoped to the job name: while a job with this id is waiting, delayed,
   * running or between retries, enqueueing another is a no-op. Once it completed or failed the
   * id can be used again. Handlers see it as `jobId`.
   */
  readonly jobId?: string;
}

export interface EnqueueResult {
  /** The caller's `jobId` if given, otherwise an id chosen by the driver. */
  readonly jobId: string;
  /** True when a pending job with the same `jobId` absorbed this one (nothing was added). */
  readonly deduplicated: boolean;
}

export interface JobContext<Payload> {
  readonly name: string;
  readonly jobId: string;
  readonly payload: Payload;
  /** 1 for the first try, 2 for the first retry, and so on. */
  readonly attempt: number;
}

export type JobHandler<Payload> = (job: JobContext<Payload>) => Promise<void> | void;

export interface ProcessOptions {
  /** Handlers of this job running at once in this queue instance. Default 1. */
  readonly concurrency?: number;
}

export interface ScheduleOptions {
  /** Identifies the schedule, so several can exist per job. Default: the job name. */
  readonly scheduleId?: string;
}

export interface FinishedJob {
  readonly name: string;
  readonly jobId: string;
  readonly payload: unknown;
  /** Attempts made, the last one included. */
  readonly attempt: number;
}

export interface FailedJob extends FinishedJob {
  /** The error thrown by the last attempt. */
  readonly error: Error;
}

export type Unsubscribe = () => void;

/** How many jobs of one definition are in each state, for the metrics. */
export interface JobCounts {
  /** Ready to run, waiting for a free handler. */
  readonly waiting: number;
  /** Running now. */
  readonly active: number;
  /** Waiting for their delay: a later start, a retry's backoff, a schedule's next occurrence. */
  readonly delayed: number;
  /** Failed for good (every attempt): BullMQ keeps them in Redis; the in-process driver counts since it started. */
  readonly failed: number;
  /** Attempts that threw, retried or not: BullMQ counts them in Redis across workers; in-process, since it started. */
  readonly failedAttempts: number;
}

/**
 * A queue instance. Producer-only use is fine: `enqueue`/`schedule` work without `process` or
 * `start`. Handlers run only after `start()`; `process` may be called before or after it.
 * Outcome listeners fire on the instance that ran the handler.
 */
export interface JobQueue {
  enqueue<Payload>(def: JobDefinition<Payload>, payload: NoInfer<Payload>, options?: EnqueueOptions): Promise<EnqueueResult>;
  /**
   * Creates or replaces a repeatable job: runs now, then every `everyMs`. An occurrence is not
   * queued while the previous one is still waiting, so slow handlers do not pile up. With BullMQ
   * the schedule lives in Redis and survives `close()` (it is upserted again on the next boot);
   * use `unschedule` to remove it.
   */
  schedule<Payload>(def: JobDefinition<Payload>, payload: NoInfer<Payload>, everyMs: number, options?: ScheduleOptions): Promise<void>;
  unschedule(def: JobDefinition<unknown>, options?: ScheduleOptions): Promise<void>;
  /** Registers the handler for a job; one handler per job name and instance. */
  process<Payload>(def: JobDefinition<Payload>, handler: JobHandler<Payload>, options?: ProcessOptions): void;
  start(): Promise<void>;
  /**
   * Graceful: stops taking new jobs, waits for running handlers, then releases resources.
   * Idempotent. Every other method except the listeners fails afterwards.
   */
  close(): Promise<void>;
  /** After the last attempt failed. */
  onFailed(listener: (job: FailedJob) => void): Unsubscribe;
  onCompleted(listener: (job: FinishedJob) => void): Unsubscribe;
  /**
   * The state of the queues of these definitions, by job name. A producer-only instance sees the jobs
   * other instances run where the store is shared (BullMQ); the in-process driver only its own.
   */
  counts(defs: readonly JobDefinition<unknown>[]): Promise<Record<string, JobCounts>>;
}

export class JobQueueClosedError extends Error {
  constructor() {
    super('The job queue is closed');
    this.name = 'JobQueueClosedError';
  }
}
