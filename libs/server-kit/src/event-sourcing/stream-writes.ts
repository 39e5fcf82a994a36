import { StreamConflictError } from '@afterwards/event-store';

/**
 * How this process writes to one aggregate's stream, shared by every event-sourced context (cases, listings,
 * promotions): commands to the same stream run one at a time here, and a lost append race with another
 * process is decided again on the newer state. Deciding again is safe because commands are intents ('complete
 * this task', 'expire period 2') and edits carry the revision they were made from: a repeated intent decides
 * nothing and a stale edit is refused by the domain.
 */
export class StreamWriteQueue {
  /** The last write queued per stream; a stream leaves the map once its queue drains. */
  private readonly queues = new Map<string, Promise<unknown>>();

  /** Runs `work` after every write already queued for `streamId` (whether they succeeded or failed). */
  run<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const run = previous.then(work, work);
    this.queues.set(streamId, run);
    const settle = () => {
      if (this.queues.get(streamId) === run) this.queues.delete(streamId);
    };
    run.then(settle, settle);
    return run;
  }

  /** Streams with a write queued or running (for tests and diagnostics). */
  get busyStreams(): number {
    return this.queues.size;
  }
}

export interface ConflictRetry {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The error to throw when the last attempt still conflicts (the conflict itself when absent). */
  readonly giveUp?: (conflict: StreamConflictError) => Error;
  /** Waits before attempt `attempt` (2, 3, …), to step aside for another writer. */
  readonly pause?: (attempt: number) => Promise<void>;
}

/** Runs `attempt` again while it fails with a StreamConflictError, up to `retry.maxAttempts` times in all. */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T>, retry: ConflictRetry): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof StreamConflictError)) throw error;
      if (n >= retry.maxAttempts) throw retry.giveUp ? retry.giveUp(error) : error;
      await retry.pause?.(n + 1);
    }
  }
}

/** A short random pause that grows with each attempt, so two processes racing on one stream drift apart. */
export const jitter =
  (msPerAttempt: number) =>
  (attempt: number): Promise<void> =>
    new Promise((resolve) => setTimeout(resolve, Math.random() * msPerAttempt * attempt));
