import { randomUUID } from 'node:crypto';
import { Queue, Worker, type ConnectionOptions, type Job, type JobsOptions } from 'bullmq';
import { JobQueueBase } from './job-queue-base';
import { toError } from './listeners';
import type { EnqueueOptions, EnqueueResult, FinishedJob, JobCounts, JobDefinition, JobHandler, JobQueue, ProcessOptions, ScheduleOptions } from './port';

export interface BullMqJobQueueOptions {
  /** Redis connection options for BullMQ, e.g. `{ url: 'redis://127.0.0.1:6379' }`. */
  readonly connection: ConnectionOptions;
  /** Namespace of every Redis key. Instances sharing Redis and prefix share their jobs. Default `afterwards`. */
  readonly prefix?: string;
  /** Connection and listener errors (BullMQ emits them; unhandled they would crash the process). Default: console.error. */
  readonly onError?: (error: unknown) => void;
}

/** Atomic HINCRBY through BullMQ's client, whose interface has scripts but not that command. */
const INCREMENT_COMMAND = 'afterwardsHashIncrement';
const INCREMENT_LUA = "return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)";
type BullRedisClient = Awaited<Queue['getBackend'] extends () => { client: infer C } ? C : never>;

interface Processor {
  readonly def: JobDefinition<unknown>;
  readonly handler: JobHandler<unknown>;
  readonly concurrency: number;
}

/** BullMQ over Redis (production profile): one BullMQ Queue, and Worker when processed, per job name. */
export class BullMqJobQueue extends JobQueueBase implements JobQueue {
  readonly prefix: string;
  private readonly connection: ConnectionOptions;
  private readonly onError: (error: unknown) => void;
  private readonly queues = new Map<string, Queue>();
  private readonly processors = new Map<string, Processor>();
  private readonly workers = new Map<string, Worker>();
  private readonly scripted = new WeakSet<object>();

  constructor(options: BullMqJobQueueOptions) {
    const onError = options.onError ?? ((error: unknown) => console.error('[jobs]', error));
    super(onError);
    this.onError = onError;
    this.connection = options.connection;
    this.prefix = options.prefix ?? 'afterwards';
  }

  async enqueue<Payload>(def: JobDefinition<Payload>, payload: NoInfer<Payload>, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    this.assertOpen();
    // Our own id lets us tell a deduplicated add (BullMQ returns the existing job's id) from a new one.
    const id = randomUUID();
    const job = await this.queue(def).add(def.name, payload, {
      ...jobOptions(def),
      jobId: id,
      delay: options.delayMs,
      // BullMQ's simple deduplication mode: the key lives until the job completes or fails.
      deduplication: options.jobId === undefined ? undefined : { id: options.jobId },
    });
    return { jobId: options.jobId ?? id, deduplicated: job.id !== id };
  }

  async schedule<Payload>(def: JobDefinition<Payload>, payload: NoInfer<Payload>, everyMs: number, options: ScheduleOptions = {}): Promise<void> {
    this.checkSchedule(def, everyMs);
    await this.queue(def).upsertJobScheduler(options.scheduleId ?? def.name, { every: everyMs }, { name: def.name, data: payload, opts: jobOptions(def) });
  }

  async unschedule(def: JobDefinition<unknown>, options: ScheduleOptions = {}): Promise<void> {
    this.assertOpen();
    await this.queue(def).removeJobScheduler(options.scheduleId ?? def.name);
  }

  process<Payload>(def: JobDefinition<Payload>, handler: JobHandler<Payload>, options: ProcessOptions = {}): void {
    const concurrency = this.checkProcess(def, options, this.processors);
    this.processors.set(def.name, { def: def as JobDefinition<unknown>, handler: handler as JobHandler<unknown>, concurrency });
    if (this.started) void this.startWorker(def.name).catch(this.onError);
  }

  async start(): Promise<void> {
    this.assertOpen();
    this.started = true;
    await Promise.all([...this.processors.keys()].map((name) => this.startWorker(name)));
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Workers first: Worker.close() waits for running handlers, which may still enqueue.
      const results = await Promise.allSettled([...this.workers.values()].map((worker) => worker.close()));
      results.push(...(await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()))));
      const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      if (errors.length > 0) throw new AggregateError(errors, 'Closing the BullMQ job queue failed');
    })();
    return this.closing;
  }

  async counts(defs: readonly JobDefinition<unknown>[]): Promise<Record<string, JobCounts>> {
    this.assertOpen();
    if (defs.length === 0) return {};
    const [states, attempts] = await Promise.all([
      Promise.all(defs.map((def) => this.queue(def).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'))),
      this.queue(defs[0]!).getBackend().client.then((client) => client.hgetall(this.failedAttemptsKey)),
    ]);
    return Object.fromEntries(
      defs.map((def, i) => {
        const c = states[i]!;
        const counts: JobCounts = {
          // A job with a priority waits in its own set: still waiting for a handler.
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
          failedAttempts: Number(attempts[def.name] ?? 0),
        };
        return [def.name, counts];
      }),
    );
  }

  /** One hash for every job name: field = name, value = attempts that threw, kept in Redis so any API replica can report them. */
  private get failedAttemptsKey(): string {
    return `${this.prefix}:failed-attempts`;
  }

  private async countFailedAttempt(worker: Worker, name: string): Promise<void> {
    const client: BullRedisClient = await worker.getBackend().client;
    if (!this.scripted.has(client)) {
      client.defineCommand(INCREMENT_COMMAND, { numberOfKeys: 1, lua: INCREMENT_LUA });
      this.scripted.add(client);
    }
    await client.runCommand(INCREMENT_COMMAND, [this.failedAttemptsKey, name]);
  }

  private queue(def: JobDefinition<unknown>): Queue {
    let queue = this.queues.get(def.name);
    if (!queue) {
      queue = new Queue(def.name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', this.onError);
      this.queues.set(def.name, queue);
    }
    return queue;
  }

  private async startWorker(name: string): Promise<void> {
    const processor = this.processors.get(name);
    if (!processor || this.workers.has(name) || this.closing) return;
    const worker = new Worker(
      name,
      async (job: Job) => {
        await processor.handler({ name, jobId: publicId(job), payload: job.data, attempt: job.attemptsMade + 1 });
      },
      { connection: this.connection, prefix: this.prefix, concurrency: processor.concurrency },
    );
    this.workers.set(name, worker);
    worker.on('error', this.onError);
    worker.on('completed', (job) => this.completed.emit(describe(job)));
    worker.on('failed', (job, error) => {
      // Every failed attempt, retried or not, for the metrics.
      void this.countFailedAttempt(worker, name).catch(this.onError);
      // BullMQ emits 'failed' for every failed attempt; the port reports only the last one.
      if (job && (job.finishedOn !== undefined || job.attemptsMade >= (job.opts.attempts ?? 1))) {
        this.failed.emit({ ...describe(job), error: toError(error) });
      }
    });
    await worker.waitUntilReady();
  }
}

function jobOptions(def: JobDefinition<unknown>): Pick<JobsOptions, 'attempts' | 'backoff' | 'removeOnComplete'> {
  const { attempts, backoff, removeOnComplete } = def.options;
  return {
    attempts,
    backoff: backoff === undefined ? undefined : typeof backoff === 'number' ? backoff : { type: backoff.type, delay: backoff.delayMs },
    removeOnComplete,
  };
}

/** The caller's dedupe id when there was one; BullMQ's own id otherwise. */
function publicId(job: Job): string {
  return job.opts.deduplication?.id ?? job.id!;
}

function describe(job: Job): FinishedJob {
  return { name: job.name, jobId: publicId(job), payload: job.data, attempt: job.attemptsMade };
}
