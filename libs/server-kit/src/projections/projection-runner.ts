import { dialectOf, type PrismaClient } from '@afterwards/persistence';
import type { EventStore, Position, RecordedEvent, Subscription } from '@afterwards/event-store';
import type { Projection, ProjectionTx } from './projection';
import { isTransientFailure, parkEvent, retryDelayMs } from './projection-failures';
import { LeaseLostError, type Fence } from './leadership';
import { openBatch, readCheckpoint, saveCheckpoint } from './checkpoints';

export { CHECKPOINT_CHANNEL, CheckpointWatch, readCheckpoint, saveCheckpoint, waitForProjection } from './checkpoints';

export interface ProjectionChange {
  readonly projection: string;
  readonly topic: string | undefined;
  /** The rooms to tell: the topic itself, or the rooms of the people who see the rows of a private topic. */
  readonly rooms: readonly string[];
  /** The projection asked for staff screens to be told as well. */
  readonly staff: boolean;
  readonly ids: string[];
  readonly event: RecordedEvent;
}

/** An event applied: the rows it changed and, for a private topic, the rooms to tell. */
interface Applied {
  event: RecordedEvent;
  ids: string[];
  rooms?: string[];
}

/** Most events applied in one transaction. */
const MAX_BATCH = 500;
/** Microtask turns a batch waits for the next event before it starts (a handed event takes one or two). */
const COLLECT_TURNS = 4;

/**
 * On PGlite a projection starts a batch at most this often while events keep coming. Its batches run in the
 * API's own thread and hold the one connection the appends need, and each costs about the same whatever its
 * size (BEGIN, the opening statement, the writes planned afresh, COMMIT): one batch per event or two kept the
 * process at 100 % CPU below 200 events/s, where batches 20 ms apart carry 300/s with p99 lag under 30 ms
 * (decision 0030). PostgreSQL runs batches in its own processes: no pacing there.
 */
export const PGLITE_BATCH_INTERVAL_MS = 20;

/** How the runner paces batches, what it does when a batch fails, and whom it tells. */
export interface ProjectionRunnerOptions {
  /** Least time between the starts of two batches of a projection (default: by engine, see `PGLITE_BATCH_INTERVAL_MS`). */
  readonly batchIntervalMs?: number;
  /** The leader's fencing token, checked first in every batch: without it (rebuilds, tests) nothing is fenced. */
  readonly fence?: Fence;
  /** A batch found that another replica leads now: the runner has stopped that projection. */
  onLeaseLost?(error: LeaseLostError): void;
  /** A passing database failure: the same batch is tried again after `delayMs`. */
  onRetry?(projection: string, error: unknown, attempt: number, delayMs: number): void;
  /** An event that fails for reasons of its own was set aside; the projection goes on with the next. */
  onParked?(projection: string, event: RecordedEvent, error: unknown): void;
  /**
   * Longest a batch's transaction may take (default 30 s). A batch that takes longer is applied again in
   * halves, down to single events, instead of being retried whole for ever on a slow machine.
   */
  readonly batchTimeoutMs?: number;
  /** Backoff of the retries (default 100 ms doubling to 30 s). */
  readonly retryFirstMs?: number;
  readonly retryMaxMs?: number;
}

/** Thrown out of a retry wait when the runner stops: not a projection failure. */
class RunnerStopping extends Error {}

/** A batch of more than one event outlasted its transaction's time: apply it in halves. */
class BatchTooLong extends Error {}

/**
 * Prisma's code for an interactive transaction that expired, or could not start, in its time: only the first
 * says the batch was too long, so the caller tells them apart by whether the transaction had opened.
 */
const isTransactionTimeout = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'P2028';

/**
 * Runs projections from their checkpoints: catch-up, then live. Events are applied in batches, each
 * batch with its checkpoint in one transaction, so a restart resumes exactly after the last commit
 * (a batch cut short by a crash is replayed, and projections are idempotent).
 */
export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly positions = new Map<string, Position>();

  constructor(
    private readonly store: EventStore,
    private readonly prisma: PrismaClient,
    private readonly projections: readonly Projection[],
    private readonly onChange: (change: ProjectionChange) => void = () => undefined,
    private readonly onError: (projection: string, error: unknown) => void = () => undefined,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.batchTimeoutMs = options.batchTimeoutMs ?? 30_000;
  }

  private readonly batchTimeoutMs: number;
  private stopping = false;
  private readonly wakeRetries = new Set<() => void>();
  /** Most events a projection's batch may hold, after one outlasted its transaction. */
  private readonly batchLimits = new Map<string, number>();
  private readonly retryingNow = new Set<string>();

  /** Projections waiting to retry a batch after a passing database failure. */
  retrying(): string[] {
    return [...this.retryingNow];
  }

  private async applyBatch(projection: Projection, events: RecordedEvent[]): Promise<Applied[]> {
    const fence = this.options.fence;
    let readPast: (() => void) | undefined;
    let opened = false;
    const apply = async (tx: ProjectionTx) => {
      opened = true;
      if (projection.transactional !== false) {
        const xid = await openBatch(tx, projection.name, events[events.length - 1]!.position, fence);
        // This transaction writes rows and a checkpoint, never events: the log's readers (this runner's
        // subscriptions among them) need not wait for it, so the next batch is read while this one commits.
        if (this.store.readPast) readPast = this.store.readPast(xid);
      }
      const results: Applied[] = [];
      for (const event of events) {
        // Asked before the event is applied, so a deletion still knows whose screens showed the rows.
        const rooms = projection.audience ? await projection.audience(event, tx) : undefined;
        results.push({ event, ids: await projection.apply(event, tx), ...(rooms ? { rooms } : {}) });
      }
      if (projection.afterBatch) await projection.afterBatch(tx);
      if (projection.transactional !== false) return results;
      if (fence) {
        // The effects already left (idempotent, so a stale leader's repeat is harmless); the checkpoint is fenced.
        await this.prisma.$transaction(async (ctx) => {
          await fence.check(ctx);
          await saveCheckpoint(ctx, projection.name, events[events.length - 1]!.position);
        });
      } else {
        await saveCheckpoint(tx, projection.name, events[events.length - 1]!.position);
      }
      return results;
    };
    // A reactor whose effects leave the database (appends, jobs) runs without holding a transaction:
    // on PGlite, with its one connection, an append inside the batch's transaction would wait for it.
    // Its effects are idempotent and the checkpoint moves after them, so a crash replays, never skips.
    // Waiting up to 30 s for a transaction: PGlite serialises every projection's batches.
    if (fence && projection.transactional === false) {
      // A stale leader finds out before any effect leaves, in the common case (the fenced checkpoint is the guarantee).
      await fence.check(this.prisma as unknown as ProjectionTx);
    }
    if (projection.transactional === false) return apply(this.prisma as unknown as ProjectionTx);
    try {
      return await this.prisma.$transaction(apply, { timeout: this.batchTimeoutMs, maxWait: 30_000 });
    } catch (error) {
      // Retried whole, a batch too slow for its transaction would time out again and again. One that could not
      // start in time (a busy pool) is a passing failure, retried as it is.
      if (opened && events.length > 1 && isTransactionTimeout(error)) throw new BatchTooLong();
      throw error;
    } finally {
      readPast?.();
    }
  }

  /** Runs `work` until it succeeds or fails for a reason other than a passing database failure. */
  private async withRetries<T>(projection: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await work();
        this.retryingNow.delete(projection);
        return result;
      } catch (error) {
        if (this.stopping) throw new RunnerStopping();
        if (error instanceof BatchTooLong || error instanceof LeaseLostError || !isTransientFailure(error)) throw error;
        const delayMs = retryDelayMs(attempt, this.options.retryFirstMs, this.options.retryMaxMs);
        this.retryingNow.add(projection);
        this.options.onRetry?.(projection, error, attempt, delayMs);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.wakeRetries.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, delayMs);
          this.wakeRetries.add(wake);
        });
        if (this.stopping) throw new RunnerStopping();
      }
    }
  }

  /**
   * Applies a batch; a passing database failure retries it with backoff. Any other failure is one of its
   * events': the batch is applied again one event at a time, and an event that fails on its own is parked
   * (set aside with its error, the checkpoint moved past it, in one transaction) so later events go on.
   */
  private async applyResiliently(projection: Projection, events: RecordedEvent[]): Promise<Applied[]> {
    // After a batch outlasted its transaction, later batches start at the size that fitted (growing back while
    // they finish well in time), instead of each losing a whole transaction's time first.
    const limit = this.batchLimits.get(projection.name) ?? MAX_BATCH;
    if (events.length > limit) {
      const results: Applied[] = [];
      for (let i = 0; i < events.length; i += limit) results.push(...(await this.applyResiliently(projection, events.slice(i, i + limit))));
      return results;
    }
    try {
      const started = performance.now();
      const results = await this.withRetries(projection.name, () => this.applyBatch(projection, events));
      if (limit < MAX_BATCH && events.length === limit && performance.now() - started < this.batchTimeoutMs / 4) {
        this.batchLimits.set(projection.name, Math.min(MAX_BATCH, Math.ceil(limit * 1.25)));
      }
      return results;
    } catch (error) {
      if (error instanceof BatchTooLong) {
        const half = Math.ceil(events.length / 2);
        this.batchLimits.set(projection.name, Math.min(limit, half));
        const first = await this.applyResiliently(projection, events.slice(0, half));
        return [...first, ...(await this.applyResiliently(projection, events.slice(half)))];
      }
      if (error instanceof RunnerStopping || error instanceof LeaseLostError || events.length === 0) throw error;
    }
    const results: Applied[] = [];
    for (const event of events) {
      try {
        results.push(...(await this.withRetries(projection.name, () => this.applyBatch(projection, [event]))));
      } catch (error) {
        if (error instanceof RunnerStopping || error instanceof LeaseLostError) throw error;
        await this.withRetries(projection.name, () =>
          this.prisma.$transaction(async (tx) => {
            if (this.options.fence) await this.options.fence.check(tx);
            await parkEvent(tx, projection.name, event, error);
            await saveCheckpoint(tx, projection.name, event.position);
          }),
        );
        this.options.onParked?.(projection.name, event, error);
      }
    }
    return results;
  }

  async start(): Promise<void> {
    const batchIntervalMs = this.options.batchIntervalMs ?? (dialectOf(this.prisma) === 'pglite' ? PGLITE_BATCH_INTERVAL_MS : 0);
    for (const projection of this.projections) {
      const after = await readCheckpoint(this.prisma, projection.name);
      this.positions.set(projection.name, after);
      const batcher = new Batcher(batchIntervalMs, async (events) => {
        const changed = await this.applyResiliently(projection, events);
        this.positions.set(projection.name, events[events.length - 1]!.position);
        for (const { event, ids, rooms } of changed) {
          if (ids.length === 0) continue;
          const to = rooms ?? (projection.topic && !projection.audience ? [projection.topic] : []);
          this.onChange({ projection: projection.name, topic: projection.topic, rooms: to, staff: projection.notifyStaff === true, ids, event });
        }
      });
      const subscription = this.store.subscribeToAll((event) => batcher.push(event), {
        after,
        streamPrefixes: projection.streamPrefixes,
      });
      const fail = (error: unknown) => {
        void subscription.stop();
        if (error instanceof LeaseLostError) this.options.onLeaseLost?.(error);
        else if (!(error instanceof RunnerStopping)) this.onError(projection.name, error);
      };
      batcher.onError = fail;
      subscription.done.catch(fail);
      this.subscriptions.set(projection.name, subscription);
      this.batchers.set(projection.name, batcher);
    }
  }

  private readonly batchers = new Map<string, Batcher>();

  /** Last position committed per projection. */
  status(): Record<string, Position> {
    return Object.fromEntries(this.positions);
  }

  /**
   * Per projection, seconds since the oldest event it was handed and has not committed was recorded: 0 when
   * it has applied all it was handed, growing while a batch retries or after the projection stopped.
   */
  lagSeconds(now = Date.now()): Record<string, number> {
    return Object.fromEntries(
      this.projections.map((projection) => {
        const oldest = this.batchers.get(projection.name)?.oldestUncommitted();
        return [projection.name, oldest ? Math.max(0, now - Date.parse(oldest.recordedAt)) / 1000 : 0];
      }),
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.wakeRetries]) wake();
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    await Promise.all([...this.batchers.values()].map((b) => b.drain()));
    this.subscriptions.clear();
    this.batchers.clear();
  }
}

/**
 * Collects events while the previous batch commits. The subscription is only held back (awaited)
 * when a full batch is already waiting, which keeps memory bounded.
 */
class Batcher {
  private pending: RecordedEvent[] = [];
  /** The batch being committed, and the oldest event left uncommitted when the projection stopped. */
  private committing: RecordedEvent[] = [];
  private stalled: RecordedEvent | undefined;
  private flushing: Promise<void> | undefined;
  onError: (error: unknown) => void = () => undefined;

  /** When the last batch started, for the pacing. */
  private lastStartedAt = -Infinity;

  constructor(
    private readonly minIntervalMs: number,
    private readonly flushBatch: (events: RecordedEvent[]) => Promise<void>,
  ) {}

  async push(event: RecordedEvent): Promise<void> {
    this.pending.push(event);
    this.flushing ??= this.run();
    if (this.pending.length >= MAX_BATCH) await this.flushing;
  }

  private async run(): Promise<void> {
    try {
      await this.collect();
      while (this.pending.length > 0) {
        // Paced: events arriving meanwhile join this batch instead of each paying for a batch of their own.
        const wait = this.lastStartedAt + this.minIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        this.lastStartedAt = performance.now();
        this.committing = this.pending.splice(0, MAX_BATCH);
        await this.flushBatch(this.committing);
        this.committing = [];
      }
    } catch (error) {
      this.stalled = this.oldestUncommitted();
      this.committing = [];
      this.pending = [];
      this.onError(error);
    } finally {
      this.flushing = undefined;
    }
  }

  /**
   * Lets the subscription hand over what it already has (the rest of its page) before the first commit:
   * waits a few microtask turns at a time while events keep arriving. Not a macrotask (setImmediate):
   * where the database runs in this thread (PGlite), writers awaiting it can keep the microtask queue busy
   * for seconds, and a batch waiting for the event loop's next turn waited as long.
   */
  private async collect(): Promise<void> {
    for (let seen = -1; seen !== this.pending.length && this.pending.length < MAX_BATCH; ) {
      seen = this.pending.length;
      for (let turn = 0; turn < COLLECT_TURNS; turn++) await Promise.resolve();
    }
  }

  oldestUncommitted(): RecordedEvent | undefined {
    return this.committing[0] ?? this.pending[0] ?? this.stalled;
  }

  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }
}
