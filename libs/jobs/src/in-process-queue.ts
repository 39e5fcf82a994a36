import { randomUUID } from 'node:crypto';
import { backoffDelay } from './backoff';
import { JobQueueBase } from './job-queue-base';
import { toError } from './listeners';
import type { EnqueueOptions, EnqueueResult, FinishedJob, JobCounts, JobDefinition, JobHandler, JobQueue, ProcessOptions, ScheduleOptions } from './port';

/** The longest delay a Node timer keeps (2^31 - 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface InProcessJobQueueOptions {
  /** Errors thrown by outcome listeners. Default: console.error. */
  readonly onError?: (error: unknown) => void;
}

interface PendingJob {
  readonly def: JobDefinition<unknown>;
  readonly jobId: string;
  /** Set when the caller gave a jobId; frees the id once the job finished. */
  readonly dedupeKey?: string;
  /** Payload as JSON, parsed again for every attempt, like a Redis-backed driver would. */
  readonly payloadJson: string;
  attemptsMade: number;
  /** Set for occurrences of a schedule, which queue their successor when they start. */
  readonly schedule?: Schedule;
  readonly slot?: number;
}

interface Schedule {
  readonly key: string;
  readonly id: string;
  readonly def: JobDefinition<unknown>;
  readonly payloadJson: string;
  readonly everyMs: number;
  /** The occurrence waiting or delayed, if any (at most one, so slow handlers do not pile up). */
  next?: PendingJob;
}

interface Processor {
  readonly handler: JobHandler<unknown>;
  readonly concurrency: number;
  running: number;
}

/**
 * Runs jobs inside this process (embedded profile, no Redis). Same semantics as the BullMQ
 * driver, but nothing survives the process: jobs still pending at `close()` are dropped.
 */
export class InProcessJobQueue extends JobQueueBase implements JobQueue {
  private readonly processors = new Map<string, Processor>();
  private readonly waiting = new Map<string, PendingJob[]>();
  private readonly timers = new Map<PendingJob, NodeJS.Timeout>();
  private readonly pendingByKey = new Map<string, PendingJob>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Jobs failed for good and attempts that threw, by job name, since this queue was made (it keeps no history). */
  private readonly failures = new Map<string, { failed: number; attempts: number }>();

  constructor(options: InProcessJobQueueOptions = {}) {
    super(options.onError ?? ((error: unknown) => console.error('[jobs] listener failed', error)));
  }

  async enqueue<Payload>(def: JobDefinition<Payload>, payload: NoInfer<Payload>, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    this.assertOpen();
    const dedupeKey = options.jobId === undefined ? undefined : `${def.name}\u0000${options.jobId}`;
    if (dedupeKey !== undefined && this.pendingByKey.has(dedupeKey)) return { jobId: options.jobId!, deduplicated: true };
    const job: PendingJob = {
      def: def as JobDefinition<unknown>,
      jobId: options.jobId ?? randomUUID(),
      dedupeKey,
      payloadJson: toJson(payload),
      attemptsMade: 0,
    };
    if (dedupeKey !== undefined) this.pendingByKey.set(dedupeKey, job);
    this.queueAfter(job, options.delayMs ?? 0);
    return { jobId: job.jobId, deduplicated: false };
  }

  async schedule<Payload>(def: JobDefinition<Payload>, payload: NoInfer<Payload>, everyMs: number, options: ScheduleOptions = {}): Promise<void> {
    this.checkSchedule(def, everyMs);
    const id = options.scheduleId ?? def.name;
    this.removeSchedule(def.name, id);
    const schedule: Schedule = { key: `${def.name}\u0000${id}`, id, def: def as JobDefinition<unknown>, payloadJson: toJson(payload), everyMs };
    this.schedules.set(schedule.key, schedule);
    this.queueOccurrence(schedule, Date.now());
  }

  async unschedule(def: JobDefinition<unknown>, options: ScheduleOptions = {}): Promise<void> {
    this.assertOpen();
    this.removeSchedule(def.name, options.scheduleId ?? def.name);
  }

  process<Payload>(def: JobDefinition<Payload>, handler: JobHandler<Payload>, options: ProcessOptions = {}): void {
    const concurrency = this.checkProcess(def, options, this.processors);
    this.processors.set(def.name, { handler: handler as JobHandler<unknown>, concurrency, running: 0 });
    this.dispatch(def.name);
  }

  async start(): Promise<void> {
    this.assertOpen();
    this.started = true;
    for (const name of this.processors.keys()) this.dispatch(name);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const timer of this.timers.values()) clearTimeout(timer);
      this.timers.clear();
      this.waiting.clear();
      this.schedules.clear();
      this.pendingByKey.clear();
      // Handlers finishing now may not start others (dispatch checks `closing`), so this drains.
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    })();
    return this.closing;
  }

  async counts(defs: readonly JobDefinition<unknown>[]): Promise<Record<string, JobCounts>> {
    const delayed = new Map<string, number>();
    for (const job of this.timers.keys()) delayed.set(job.def.name, (delayed.get(job.def.name) ?? 0) + 1);
    return Object.fromEntries(
      defs.map((def) => {
        const failures = this.failures.get(def.name);
        const counts: JobCounts = {
          waiting: this.waiting.get(def.name)?.length ?? 0,
          active: this.processors.get(def.name)?.running ?? 0,
          delayed: delayed.get(def.name) ?? 0,
          failed: failures?.failed ?? 0,
          failedAttempts: failures?.attempts ?? 0,
        };
        return [def.name, counts];
      }),
    );
  }

  private countFailure(name: string, final: boolean): void {
    const failures = this.failures.get(name) ?? { failed: 0, attempts: 0 };
    failures.attempts += 1;
    if (final) failures.failed += 1;
    this.failures.set(name, failures);
  }

  private queueOccurrence(schedule: Schedule, slot: number): void {
    const job: PendingJob = {
      def: schedule.def,
      jobId: `repeat:${schedule.id}:${slot}`,
      payloadJson: schedule.payloadJson,
      attemptsMade: 0,
      schedule,
      slot,
    };
    schedule.next = job;
    this.queueAfter(job, slot - Date.now());
  }

  private removeSchedule(name: string, id: string): void {
    const key = `${name}\u0000${id}`;
    const schedule = this.schedules.get(key);
    if (!schedule) return;
    this.schedules.delete(key);
    const next = schedule.next;
    if (!next) return;
    const timer = this.timers.get(next);
    if (timer) {
      clearTimeout(timer);
      this.timers.delete(next);
    }
    const waiting = this.waiting.get(name);
    const index = waiting?.indexOf(next) ?? -1;
    if (index >= 0) waiting!.splice(index, 1);
  }

  /**
   * Node timers may fire a millisecond early against Date.now(), so re-arm until really due. A timer
   * cannot wait longer than about 24.8 days (Node fires a longer one after 1 ms): wait in steps.
   */
  private queueAfter(job: PendingJob, delayMs: number): void {
    const dueAt = Date.now() + delayMs;
    const arm = (ms: number) => {
      this.timers.set(
        job,
        setTimeout(() => {
          const remaining = dueAt - Date.now();
          if (remaining > 0) return arm(remaining);
          this.timers.delete(job);
          this.makeReady(job);
        }, Math.min(ms, MAX_TIMER_MS)),
      );
    };
    if (delayMs > 0) arm(delayMs);
    else this.makeReady(job);
  }

  private makeReady(job: PendingJob): void {
    const waiting = this.waiting.get(job.def.name) ?? [];
    waiting.push(job);
    this.waiting.set(job.def.name, waiting);
    this.dispatch(job.def.name);
  }

  private dispatch(name: string): void {
    if (!this.started || this.closing) return;
    const processor = this.processors.get(name);
    const waiting = this.waiting.get(name);
    if (!processor || !waiting) return;
    while (waiting.length > 0 && processor.running < processor.concurrency) this.run(waiting.shift()!, processor);
  }

  private run(job: PendingJob, processor: Processor): void {
    processor.running += 1;
    const { schedule, slot } = job;
    // Like BullMQ's job schedulers: the next occurrence is queued when this one starts.
    if (schedule && slot !== undefined && this.schedules.get(schedule.key) === schedule) {
      this.queueOccurrence(schedule, Math.max(slot + schedule.everyMs, Date.now()));
    }
    const task = this.execute(job, processor);
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  /** Never rejects: handler errors become retries or failures. */
  private async execute(job: PendingJob, processor: Processor): Promise<void> {
    await null; // run the handler outside dispatch()
    const attempt = job.attemptsMade + 1;
    try {
      await processor.handler({ name: job.def.name, jobId: job.jobId, payload: JSON.parse(job.payloadJson), attempt });
      job.attemptsMade = attempt;
      this.finish(job);
      this.completed.emit(this.describe(job));
    } catch (thrown) {
      job.attemptsMade = attempt;
      this.countFailure(job.def.name, attempt >= job.def.options.attempts);
      if (attempt < job.def.options.attempts) {
        // While closing the retry is dropped with everything else still pending.
        if (!this.closing) this.queueAfter(job, backoffDelay(job.def.options.backoff, attempt));
      } else {
        this.finish(job);
        this.failed.emit({ ...this.describe(job), error: toError(thrown) });
      }
    } finally {
      processor.running -= 1;
      this.dispatch(job.def.name);
    }
  }

  private finish(job: PendingJob): void {
    if (job.dedupeKey !== undefined && this.pendingByKey.get(job.dedupeKey) === job) this.pendingByKey.delete(job.dedupeKey);
  }

  private describe(job: PendingJob): FinishedJob {
    return { name: job.def.name, jobId: job.jobId, payload: JSON.parse(job.payloadJson), attempt: job.attemptsMade };
  }
}

function toJson(payload: unknown): string {
  return JSON.stringify(payload) ?? 'null';
}
