import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START as KURRENT_START,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamSubscription,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type JSONType,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  START,
  StreamConflictError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedState,
  type NewEvent,
  type NewStreamAppend,
  type NewStreamResult,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port';
import { OpenSubscriptions } from './open-subscriptions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toKurrentStreamState(expected: ExpectedState): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (typeof expected !== 'bigint' || expected < 0n) throw new RangeError(`Invalid expected state ${String(expected)}`);
      return expected;
  }
}

/** KurrentDB reports deleted (-5) and tombstoned (-6) streams as negative revisions. */
export function fromKurrentActualState(actual: CurrentStreamState): bigint | 'no_stream' {
  return typeof actual === 'bigint' && actual >= 0n ? actual : 'no_stream';
}

/** Maps the client's concurrency error to the port's; anything else is returned unchanged. */
export function toConflictError(error: unknown, streamId: string, expected: ExpectedState): unknown {
  if (error instanceof WrongExpectedVersionError) {
    return new StreamConflictError(streamId, expected, fromKurrentActualState(error.actualState));
  }
  return error;
}

export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

function toEventData(streamId: string, event: NewEvent): EventData {
  // Same rule as the Postgres adapter: plain JSON only (a bigint would throw here, not later).
  try {
    JSON.stringify([event.data, event.metadata]);
  } catch (error) {
    throw new TypeError(`Events for ${streamId} are not JSON-serialisable: ${(error as Error).message}`);
  }
  return jsonEvent({
    // The event id doubles as KurrentDB's idempotency key; it must be a UUID there.
    id: UUID.test(event.metadata.eventId) ? event.metadata.eventId : randomUUID(),
    type: event.type,
    data: (event.data ?? null) as JSONType,
    metadata: event.metadata as unknown as JSONType,
  });
}

function decodeJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return value.length ? JSON.parse(Buffer.from(value).toString('utf8')) : null;
  return value;
}

export function fromKurrentEvent(event: KurrentRecordedEvent): RecordedEvent {
  if (!event.position) throw new Error(`KurrentDB returned ${event.streamId}@${event.revision} without a position`);
  return {
    streamId: event.streamId,
    revision: event.revision,
    position: { commit: event.position.commit, prepare: event.position.prepare },
    type: event.type,
    data: decodeJson(event.data),
    metadata: decodeJson(event.metadata) as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}

function matchesPrefixes(streamId: string, prefixes: readonly string[] | undefined): boolean {
  return prefixes === undefined || prefixes.some((p) => streamId.startsWith(p));
}

/** Event store over KurrentDB. `close` disposes the client. */
/** Streams looked up at once by existingStreams. */
const EXISTENCE_READS_IN_FLIGHT = 16;

export class KurrentDbEventStore implements EventStore {
  private readonly subscriptions = new OpenSubscriptions<KurrentSubscription>();

  constructor(private readonly client: KurrentDBClient) {}

  static connect(connectionString: string): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString));
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedState, options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId} needs at least one event`);
    const data = events.map((e) => toEventData(streamId, e));
    try {
      const result = await this.client.appendToStream(streamId, data, { streamState: toKurrentStreamState(expected) });
      const position = result.position
        ? { commit: result.position.commit, prepare: result.position.prepare }
        : await this.lastPosition(streamId);
      if (options.eraseEarlier) await this.truncateBefore(streamId, result.nextExpectedRevision - BigInt(events.length) + 1n);
      return { nextRevision: result.nextExpectedRevision, position };
    } catch (error) {
      throw toConflictError(error, streamId, expected);
    }
  }

  /** One append per stream (KurrentDB has no multi-stream append here), a few at a time, in list order per stream. */
  async appendNewStreams(streams: readonly NewStreamAppend[]): Promise<NewStreamResult[]> {
    const results: NewStreamResult[] = new Array(streams.length);
    const first = new Map<string, number>();
    const later: number[] = [];
    const unique: number[] = [];
    streams.forEach((s, i) => {
      if (first.has(s.streamId)) {
        later.push(i);
        return;
      }
      first.set(s.streamId, i);
      unique.push(i);
    });
    const appendOne = async (i: number) => {
      const { streamId, events } = streams[i]!;
      try {
        results[i] = await this.append(streamId, events, 'no_stream');
      } catch (error) {
        if (!(error instanceof StreamConflictError)) throw error;
        results[i] = error;
      }
    };
    for (let i = 0; i < unique.length; i += 16) await Promise.all(unique.slice(i, i + 16).map(appendOne));
    for (const i of later) {
      const earlier = results[first.get(streams[i]!.streamId)!]!;
      results[i] = earlier instanceof StreamConflictError ? earlier : new StreamConflictError(streams[i]!.streamId, 'no_stream', earlier.nextRevision);
    }
    return results;
  }

  // Older servers omit the position from append results.
  private async lastPosition(streamId: string): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      if (resolved.event) return fromKurrentEvent(resolved.event).position;
    }
    throw new Error(`Stream ${streamId} has no events after an append`);
  }

  /** A read of each stream's first event, a few at a time (KurrentDB has no lookup of many streams at once). */
  async existingStreams(streamIds: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(streamIds)];
    const found = new Set<string>();
    for (let i = 0; i < unique.length; i += EXISTENCE_READS_IN_FLIGHT) {
      await Promise.all(
        unique.slice(i, i + EXISTENCE_READS_IN_FLIGHT).map(async (streamId) => {
          if ((await this.readStream(streamId, { maxCount: 1 })).length > 0) found.add(streamId);
        }),
      );
    }
    return found;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: options.fromRevision ?? KURRENT_START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        if (resolved.event && !isSystemEvent(resolved.event)) events.push(fromKurrentEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    const fromPosition = comparePositions(after, START) === 0 ? KURRENT_START : { ...after };
    for await (const resolved of this.client.readAll({ fromPosition, filter: excludeSystemEvents() })) {
      if (!resolved.event || isSystemEvent(resolved.event)) continue;
      const event = fromKurrentEvent(resolved.event);
      // `fromPosition` is inclusive on reads; the port's `after` is exclusive.
      if (comparePositions(event.position, after) <= 0) continue;
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  subscribeToAll(handler: EventHandler, options: SubscribeOptions = {}): Subscription {
    const prefixes = options.streamPrefixes;
    const stream = this.client.subscribeToAll({
      fromPosition: options.after && comparePositions(options.after, START) !== 0 ? { ...options.after } : KURRENT_START,
      filter: prefixes?.length ? streamNameFilter({ prefixes: [...prefixes] }) : excludeSystemEvents(),
    });
    return this.subscriptions.track(new KurrentSubscription(stream, handler, options.after ?? START, prefixes));
  }

  async deleteStream(streamId: string): Promise<void> {
    try {
      // Tombstone: erasure is for good, the stream name cannot be revived. Scavenging frees the data.
      await this.client.tombstoneStream(streamId);
    } catch (error) {
      if (error instanceof StreamDeletedError) return;
      throw error;
    }
  }

  private async truncateBefore(streamId: string, revision: bigint): Promise<void> {
    // Reads stop returning earlier events at once; scavenging frees their bytes.
    await this.client.setStreamMetadata(streamId, { truncateBefore: Number(revision) });
  }

  async close(): Promise<void> {
    await this.subscriptions.stopAll();
    await this.client.dispose();
  }
}

class KurrentSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;

  constructor(
    private readonly stream: AllStreamSubscription,
    private readonly handler: EventHandler,
    private readonly after: Position,
    private readonly prefixes: readonly string[] | undefined,
  ) {
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => undefined);
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    let last = this.after;
    let handlerError: unknown;
    try {
      // for-await pulls one event at a time, so the handler is awaited before the next is read.
      for await (const resolved of this.stream) {
        if (this.stopped) return;
        if (!resolved.event || isSystemEvent(resolved.event)) continue;
        const event = fromKurrentEvent(resolved.event);
        // Guards the exclusive start and any redelivery on reconnect.
        if (comparePositions(event.position, last) <= 0) continue;
        if (!matchesPrefixes(event.streamId, this.prefixes)) continue;
        try {
          await this.handler(event);
        } catch (error) {
          handlerError = error;
          throw error;
        }
        last = event.position;
      }
    } catch (error) {
      // Once stopped, the stream's own cancellation error is expected; a handler failure never is.
      if (!this.stopped || error === handlerError) throw error;
    } finally {
      this.stopped = true;
      await this.stream.unsubscribe().catch(() => undefined);
    }
  }
}
