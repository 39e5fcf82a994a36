import type { Prisma, PrismaClient } from '@afterwards/persistence';
import type { RecordedEvent } from '@afterwards/event-store';
import { toDomainEvent } from '../event-sourcing/execute-command';

export type ProjectionTx = Prisma.TransactionClient;

/**
 * A recorded event as a read model applies it: the aggregate's event (`Event`, its union), when it happened,
 * and its stream revision, the version a row keeps so that a replayed event changes nothing.
 */
export interface ProjectedEvent<Event> {
  readonly event: Event;
  readonly at: Date;
  readonly version: bigint;
}

export function projectedEvent<Event>(recorded: RecordedEvent): ProjectedEvent<Event> {
  return { event: toDomainEvent<Event>(recorded), at: new Date(recorded.metadata.occurredAt), version: recorded.revision };
}

/** A table a projection writes, as a rebuild copies its shape into a shadow schema and compares it. */
export interface ProjectionTable {
  readonly name: string;
  /** The projection's rows of a table it shares with another (an SQL condition on its columns). */
  readonly where?: string;
  /**
   * `false` for a table it only clears (another context's rows about an erased memory): the rebuild gives it
   * an empty shadow so the replay touches no live row, and does not compare it.
   */
  readonly compare?: boolean;
  /**
   * `apply` finds its rows by key alone: a rebuild's copy gets only the unique indexes (a table read many ways,
   * like the finder's, has indexes that would cost the bulk load more than they save). Default: every index.
   */
  readonly uniqueIndexesOnly?: boolean;
  /** Filled by `derive` from the other tables (counts kept by trigger live): compared, not counted as rows. */
  readonly derived?: boolean;
}

/** The row's id when a version-guarded write touched it; none when a replayed event found it already applied. */
export function changedRow(result: { readonly count: number }, id: string): string[] {
  return result.count > 0 ? [id] : [];
}

/**
 * A read model fed from the event log. `apply` runs inside the transaction that also moves the
 * projection's checkpoint, so rows and checkpoint never disagree; it must be idempotent anyway
 * (upserts), because a rebuild replays everything.
 */
export interface Projection {
  readonly name: string;
  /** Only events of streams with these prefixes are delivered. */
  readonly streamPrefixes: readonly string[];
  /** Realtime topic told about changed row ids, if the read model is watched by screens. */
  readonly topic?: string;
  /**
   * For a private topic: the rooms of the people whose screens show the rows `event` changes (see
   * `privateRoom` in the contracts), so only they hear of it. Read in the batch's transaction before the
   * event is applied, so a deletion still knows who saw the rows. Without it the topic is public.
   */
  audience?(event: RecordedEvent, tx: ProjectionTx): Promise<string[]>;
  /** Also tell the staff back office (its staff-only room) which rows changed. */
  readonly notifyStaff?: boolean;
  /** Applies one event; returns the ids of rows it changed. */
  apply(event: RecordedEvent, tx: ProjectionTx): Promise<string[]>;
  /**
   * After a batch's events are applied and before its checkpoint moves, in the same transaction: for a
   * reactor that acts once per batch on what its events touched (many commands at once, not one by one).
   */
  afterBatch?(tx: ProjectionTx): Promise<void>;
  /**
   * `false` for a reactor whose effects leave the database (event appends, queued jobs): its batches run
   * without a transaction, effects first and the checkpoint after, so every effect must be idempotent.
   */
  readonly transactional?: boolean;
  /**
   * Every table `apply` writes (rows it owns first; a table shared with another projection names its rows
   * with `where`). A rebuild replays into empty copies of these in a schema of its own (decision 0040).
   */
  readonly tables?: readonly ProjectionTable[];
  /**
   * The events whose order matters to each other share a key: a rebuild applies different keys' events in
   * parallel transactions. Default the stream: a projection whose rows of one stream read another's (names of
   * listings quoted by promotion rows) keys both by what they share.
   */
  partitionOf?(event: RecordedEvent): string;
  /**
   * Fills tables derived from the rows by triggers on the live tables (counts), once, at the end of a rebuild:
   * the shadow tables have no triggers, so the replay does not pay for them row by row. Unqualified names:
   * it runs with the shadow schema first on the search path.
   */
  derive?(tx: ProjectionTx): Promise<void>;
  /** Every row, in a stable order: a test compares it before and after replaying the log (a rebuild compares tables in SQL). */
  snapshot(prisma: PrismaClient): Promise<unknown[]>;
}

/** What `staffTableProjection` is told: one aggregate's streams, the one table it writes, and how. */
export interface StaffTableProjectionSpec<Event> {
  readonly name: string;
  readonly streamPrefix: string;
  readonly table: string;
  /** Applies one event (as `projectedEvent` gives it; the recorded event for its metadata); returns the ids of rows it changed. */
  apply(projected: ProjectedEvent<Event>, tx: ProjectionTx, recorded: RecordedEvent): Promise<string[]>;
  snapshot(prisma: PrismaClient): Promise<unknown[]>;
}

/** A projection of one aggregate's streams into one table the staff back office watches (told of every changed row). */
export function staffTableProjection<Event>(spec: StaffTableProjectionSpec<Event>): Projection {
  return {
    name: spec.name,
    streamPrefixes: [spec.streamPrefix],
    notifyStaff: true,
    apply: (recorded, tx) => spec.apply(projectedEvent<Event>(recorded), tx, recorded),
    tables: [{ name: spec.table }],
    snapshot: (prisma) => spec.snapshot(prisma),
  };
}
