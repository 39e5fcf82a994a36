import { Listeners } from './listeners';
import { JobQueueClosedError, type FailedJob, type FinishedJob, type JobDefinition, type ProcessOptions, type Unsubscribe } from './port';

/**
 * What every driver keeps the same around its own storage of jobs: the outcome listeners, the started and
 * closing states, and the port's checks of what callers pass (so both drivers refuse the same calls alike).
 */
export abstract class JobQueueBase {
  protected readonly failed: Listeners<FailedJob>;
  protected readonly completed: Listeners<FinishedJob>;
  protected started = false;
  protected closing?: Promise<void>;

  protected constructor(onListenerError: (error: unknown) => void) {
    this.failed = new Listeners(onListenerError);
    this.completed = new Listeners(onListenerError);
  }

  onFailed(listener: (job: FailedJob) => void): Unsubscribe {
    return this.failed.add(listener);
  }

  onCompleted(listener: (job: FinishedJob) => void): Unsubscribe {
    return this.completed.add(listener);
  }

  protected assertOpen(): void {
    if (this.closing) throw new JobQueueClosedError();
  }

  /** A `schedule` call: the queue open and a period above zero. */
  protected checkSchedule(def: JobDefinition<unknown>, everyMs: number): void {
    this.assertOpen();
    if (!Number.isFinite(everyMs) || everyMs <= 0) throw new Error(`Job "${def.name}": everyMs must be > 0`);
  }

  /** A `process` call: the queue open, one handler a job and a whole concurrency of at least 1; the concurrency. */
  protected checkProcess(def: JobDefinition<unknown>, options: ProcessOptions, handled: ReadonlyMap<string, unknown>): number {
    this.assertOpen();
    if (handled.has(def.name)) throw new Error(`Job "${def.name}" already has a handler`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Job "${def.name}": concurrency must be an integer >= 1`);
    return concurrency;
  }
}
