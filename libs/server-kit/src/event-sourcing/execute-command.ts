import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, ExpectedState, Position, RecordedEvent } from '@afterwards/event-store';
import { StreamConflictError } from '@afterwards/event-store';

/** A pure aggregate: decide(command, state) -> events; evolve(state, event) -> state. */
export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  readonly initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** Who is acting and why: becomes every event's metadata. */
export interface CommandContext {
  readonly actor: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly requestId?: string;
  readonly ip?: string;
  readonly userAgent?: string;
}

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface ExecuteResult<Event> {
  readonly events: Event[];
  /** Revision of the stream after the command; -1n when the stream still does not exist. */
  readonly revision: bigint;
  /** Global position of the last event appended; undefined when nothing was appended. */
  readonly position?: Position;
}

/** Events in the store carry a schema version; upcasters lift old shapes to the current one. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

export function toDomainEvent<Event>(recorded: RecordedEvent, upcasters: ReadonlyMap<string, Upcaster> = new Map()): Event {
  const upcast = upcasters.get(recorded.type);
  const current = upcast ? upcast(recorded) : recorded;
  return { type: current.type, data: current.data } as Event;
}

/** Metadata for the events of one command: one time and correlation for all, a new id each. */
function metadataFor(context: CommandContext, clock: Clock = systemClock): () => EventMetadata {
  const now = clock.now().toISOString();
  const correlationId = context.correlationId ?? randomUUID();
  return () => ({
    eventId: randomUUID(),
    occurredAt: now,
    actor: context.actor,
    correlationId,
    causationId: context.causationId ?? correlationId,
    schemaVersion: 1,
    ...(context.requestId ? { requestId: context.requestId } : {}),
    ...(context.ip ? { ip: context.ip } : {}),
    ...(context.userAgent ? { userAgent: context.userAgent } : {}),
  });
}

/** One command's outcome in `executeNewStreamCommands`. */
export type NewStreamOutcome<Event> = { readonly ok: true; readonly result: ExecuteResult<Event> } | { readonly ok: false; readonly error: unknown };

/**
 * Many commands that each only ever create their own stream (as `executeCommand` with `newStream`),
 * decided on the initial state and appended together with `appendNewStreams`: one round trip for the
 * lot instead of one each. Per command: its result, or the error its decide threw, or a
 * StreamConflictError when its stream already existed. A command that decides nothing appends nothing.
 */
export async function executeNewStreamCommands<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  commands: readonly { readonly streamId: string; readonly command: Command }[],
  context: CommandContext,
  options: { clock?: Clock } = {},
): Promise<NewStreamOutcome<Event>[]> {
  const metadata = metadataFor(context, options.clock);
  const outcomes: NewStreamOutcome<Event>[] = new Array(commands.length);
  const appends: { index: number; streamId: string; events: Event[] }[] = [];
  for (const [index, { streamId, command }] of commands.entries()) {
    try {
      const events = decider.decide(command, decider.initialState);
      if (events.length === 0) outcomes[index] = { ok: true, result: { events, revision: -1n } };
      else appends.push({ index, streamId, events });
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  const results = await store.appendNewStreams(appends.map(({ streamId, events }) => ({ streamId, events: events.map((e) => ({ type: e.type, data: e.data, metadata: metadata() })) })));
  for (const [i, { index, events }] of appends.entries()) {
    const result = results[i]!;
    outcomes[index] = result instanceof StreamConflictError ? { ok: false, error: result } : { ok: true, result: { events, revision: result.nextRevision, position: result.position } };
  }
  return outcomes;
}

/**
 * Loads a stream, folds it, decides, and appends with the revision it decided on, so a concurrent
 * writer gets a StreamConflictError instead of a silent overwrite. `expectedRevision` lets a client
 * that saw an older state be refused too (a stale tab).
 */
export async function executeCommand<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  /** The command, or how to make it from the current state (e.g. a price that depends on the plan held). */
  command: Command | ((state: State) => Command),
  context: CommandContext,
  options: {
    expectedRevision?: bigint;
    clock?: Clock;
    upcasters?: ReadonlyMap<string, Upcaster>;
    /** Erasure: the decided events become the stream's only history (see AppendOptions). */
    eraseEarlier?: boolean;
    /**
     * The command only ever creates its stream: decide on the initial state without reading, and append
     * as `no_stream`, so an existing stream is a StreamConflictError (one round trip instead of two).
     */
    newStream?: boolean;
  } = {},
): Promise<ExecuteResult<Event>> {
  const history = options.newStream ? [] : await store.readStream(streamId);
  const revision = history.length === 0 ? -1n : history[history.length - 1]!.revision;
  if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
    throw new StreamConflictError(streamId, options.expectedRevision, revision < 0n ? 'no_stream' : revision);
  }
  const state = history.reduce(
    (s, recorded) => decider.evolve(s, toDomainEvent<Event>(recorded, options.upcasters)),
    decider.initialState,
  );
  const events = decider.decide(typeof command === 'function' ? (command as (state: State) => Command)(state) : command, state);
  if (events.length === 0) return { events, revision };

  const metadata = metadataFor(context, options.clock);
  const expected: ExpectedState = revision < 0n ? 'no_stream' : revision;
  const result = await store.append(
    streamId,
    events.map((e) => ({ type: e.type, data: e.data, metadata: metadata() })),
    expected,
    options.eraseEarlier ? { eraseEarlier: true } : undefined,
  );
  return { events, revision: result.nextRevision, position: result.position };
}
