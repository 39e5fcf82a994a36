/**
 * The event store port. Adapters: Postgres (PGlite or a real server) and KurrentDB.
 * Positions follow KurrentDB's shape: `commit` orders events globally in commit order; `prepare`
 * breaks ties inside one commit. Compare with `comparePositions`, never by one field alone.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = Object.freeze({ commit: 0n, prepare: 0n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Who and what caused an event. Every event carries it. */
export interface EventMetadata {
  readonly eventId: string;
  readonly occurredAt: string; // ISO 8601
  readonly actor: string; // user id, admin id, or 'system'
  readonly correlationId: string;
  readonly causationId: string;
  /** The HTTP request that caused the event (one per request; the correlation id may span several). */
  readonly requestId?: string;
  readonly ip?: string;
  readonly userAgent?: string;
  readonly schemaVersion: number;
}

/** An event to append: explicit past-tense `type`, JSON-serialisable `data`. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  readonly streamId: string;
  /** 0-based index of the event in its stream. */
  readonly revision: bigint;
  readonly position: Position;
  readonly recordedAt: string;
}

/**
 * What the writer expects of the stream: `no_stream` (creating), `stream_exists`, `any`, or the
 * revision of the last event the writer saw (its decision was made on that state).
 */
export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendOptions {
  /**
   * Erase every earlier event of the stream together with this append, leaving the appended events (a
   * tombstone) as the stream's only history. Atomic on PostgreSQL; on KurrentDB the append is followed
   * by `$tb` (truncate before).
   */
  readonly eraseEarlier?: boolean;
}

export interface AppendResult {
  /** Revision of the last event appended. */
  readonly nextRevision: bigint;
  readonly position: Position;
}

/** A stream to create with its first events (see `EventStore.appendNewStreams`). */
export interface NewStreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
}

/** One stream's outcome in `appendNewStreams`: appended, or refused because it already existed. */
export type NewStreamResult = AppendResult | StreamConflictError;

export interface ReadStreamOptions {
  /** Inclusive revision to start from (default 0). */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: returns events strictly after this position (default START: everything). */
  readonly after?: Position;
  readonly maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive: deliver events strictly after this position. */
  readonly after?: Position;
  /** Only events whose stream id starts with one of these prefixes (e.g. `listing-`). */
  readonly streamPrefixes?: readonly string[];
}

export interface Subscription {
  /** Resolves once the subscription has stopped and no handler is running. */
  stop(): Promise<void>;
  /** Rejects if the handler or the store fails; the subscription is then stopped. */
  readonly done: Promise<void>;
}

/** Handler for a subscription. Called one event at a time, in order; awaited before the next. */
export type EventHandler = (event: RecordedEvent) => Promise<void>;

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedState, options?: AppendOptions): Promise<AppendResult>;
  /**
   * Creates many streams, each as `append(streamId, events, 'no_stream')` would, in list order: one result
   * per entry, the append's or a StreamConflictError for a stream that already existed (a stream named
   * twice in the list exists by the second). Each stream is all or nothing; the list is not one unit.
   * For bulk creation (an import): PostgreSQL writes the list in one statement.
   */
  appendNewStreams(streams: readonly NewStreamAppend[]): Promise<NewStreamResult[]>;
  /**
   * Which of these streams exist: those an append with `no_stream` (or `appendNewStreams`) would refuse.
   * One lookup for many (an import asks about a batch of rows at once).
   */
  existingStreams(streamIds: readonly string[]): Promise<Set<string>>;
  /** Events of one stream in revision order; empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream in commit order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from `after`, then live, never skipping or repeating an event. */
  subscribeToAll(handler: EventHandler, options?: SubscribeOptions): Subscription;
  /** Removes a stream and its events for good (erasure). */
  deleteStream(streamId: string): Promise<void>;
  /**
   * Declares an open transaction of this process (its `pg_current_xact_id()`) that writes no events, such as
   * a projection batch's: reads of the log here need not wait for it to end. Call the returned function once
   * it has ended. Only stores whose log is read under a transaction horizon have it.
   */
  readPast?(transactionId: bigint): () => void;
  close(): Promise<void>;
}

/** A stale write: the stream was not in the state the writer expected. */
export class StreamConflictError extends Error {
  readonly code = 'STREAM_CONFLICT';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedState,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} expected ${String(expected)} but was ${String(actual)}`);
    this.name = 'StreamConflictError';
  }
}
