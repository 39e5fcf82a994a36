import { StreamConflictError, type EventStore, type Position } from '@afterwards/event-store';
import {
  executeCommand,
  executeNewStreamCommands,
  type Clock,
  type CommandContext,
  type Decider,
  type ExecuteResult,
  type NewStreamOutcome,
  type Upcaster,
} from './execute-command';
import { retryOnConflict, StreamWriteQueue } from './stream-writes';

/**
 * Everything the pipeline needs to know about one event-sourced aggregate. Each context writes one of these
 * (cases, listings, promotions, settings) and every command of that aggregate runs through it.
 */
export interface AggregateCommands<Command, Event extends { type: string; data: unknown }, State> {
  /** The stream of the aggregate with this id (`case-<id>`, `listing-<id>`, …). */
  readonly streamId: (id: string) => string;
  readonly decider: Decider<Command, Event, State>;
  /**
   * A lost append race on a command that carries no expected version is decided again on the newer state,
   * up to `maxAttempts` in all. Safe because commands are intents and edits carry their version: a repeated
   * intent decides nothing and a stale edit is refused by the domain. Absent: one attempt.
   */
  readonly retry?: { readonly maxAttempts: number; readonly pause?: (attempt: number) => Promise<void> };
  /**
   * What a conflict becomes for the caller: a stale expected version, or a race lost on every attempt. A typed
   * error whose code maps to a 409 problem (`registerErrorCodes`). Absent: the StreamConflictError itself.
   */
  readonly conflict?: (error: StreamConflictError, id: string, command: Command | undefined) => Error;
  /** A domain refusal in the words the caller should see (e.g. a not-found naming the id); others pass through. */
  readonly refusal?: (error: unknown, id: string) => unknown;
  /** Time of the events: the aggregate's clock, or one read from the command (a command that carries its time). */
  readonly clock?: Clock | ((command: Command) => Clock);
  readonly upcasters?: ReadonlyMap<string, Upcaster>;
  /** Per command: erase what came before (erasure), or only ever create the stream (no read, `no_stream`). */
  readonly appendOptions?: (command: Command, expectedRevision: bigint | undefined) => { eraseEarlier?: boolean; newStream?: boolean };
  /**
   * The realtime hook: resolves once the read model holds what was appended at `position` (its projection
   * pushes the realtime message), so an answer read after it shows the change.
   */
  readonly settle?: (position: Position) => Promise<void>;
}

export interface RunOptions {
  /** The version the caller last saw: a newer stream is refused as a conflict and never decided again. */
  readonly expectedRevision?: bigint;
}

/** A command as given, or made from the current state (e.g. a price that depends on the plan held). */
export type CommandOrFromState<Command, State> = Command | ((state: State) => Command);

/** A change made of one or more commands, audited and answered as one. */
export interface ChangeOptions<Row, Event> extends RunOptions {
  /** Reads the record as the caller shows it (the read model): before the change for the audit, and after it as the answer. */
  readonly read?: () => Promise<Row | undefined>;
  /** The audit hook: called once, after the read model holds the change, when something was appended. */
  readonly audit?: (change: { readonly before: Row | undefined; readonly after: Row | undefined; readonly events: readonly Event[] }) => Promise<void>;
}

export interface ChangeResult<Row, Event> {
  readonly events: Event[];
  readonly revision: bigint;
  readonly position?: Position;
  /** The record after the change (when `read` was given). */
  readonly after?: Row;
}

/**
 * The one way a command runs (decision 0054): writes to one stream from this process queue one at a time;
 * load, fold, decide, append with the revision decided on (or refuse a stale expected one); a lost race is
 * decided again per the aggregate's retry policy; conflicts and refusals become typed errors that map to
 * problem details; `change` adds the read-your-writes wait and the audit hook around it.
 */
export class CommandPipeline<Command, Event extends { type: string; data: unknown }, State> {
  private readonly writes = new StreamWriteQueue();

  constructor(
    private readonly store: EventStore,
    readonly aggregate: AggregateCommands<Command, Event, State>,
  ) {}

  /** Runs one command on the aggregate `id`. */
  run(id: string, command: CommandOrFromState<Command, State>, context: CommandContext, options: RunOptions = {}): Promise<ExecuteResult<Event>> {
    const streamId = this.aggregate.streamId(id);
    return this.writes.run(streamId, () => this.decideAndAppend(id, streamId, command, context, options));
  }

  /** Resolves once the read model holds `position` (nothing to wait for when nothing was appended). */
  async settled(position: Position | undefined): Promise<void> {
    if (position && this.aggregate.settle) await this.aggregate.settle(position);
  }

  /**
   * Runs `commands` on one aggregate in order (the first with the expected revision), waits for the read model,
   * and audits the whole as one change with the record as it was before and is after.
   */
  async change<Row = never>(
    id: string,
    commands: readonly CommandOrFromState<Command, State>[],
    context: CommandContext,
    options: ChangeOptions<Row, Event> = {},
  ): Promise<ChangeResult<Row, Event>> {
    const before = options.audit && options.read ? await options.read() : undefined;
    const events: Event[] = [];
    let revision = -1n;
    let position: Position | undefined;
    for (const [i, command] of commands.entries()) {
      const result = await this.run(id, command, context, i === 0 ? { expectedRevision: options.expectedRevision } : {});
      events.push(...result.events);
      revision = result.revision;
      position = result.position ?? position;
    }
    await this.settled(position);
    const after = options.read ? await options.read() : undefined;
    if (position && options.audit) await options.audit({ before, after, events });
    return { events, revision, position, after };
  }

  /**
   * Many commands that each only create their own stream, appended together in one round trip (an import).
   * Per command its result, or the refusal its decide threw, or a StreamConflictError when it already existed.
   */
  createMany(items: readonly { readonly id: string; readonly command: Command }[], context: CommandContext): Promise<NewStreamOutcome<Event>[]> {
    const clock = this.aggregate.clock;
    return executeNewStreamCommands(
      this.store,
      this.aggregate.decider,
      items.map(({ id, command }) => ({ streamId: this.aggregate.streamId(id), command })),
      context,
      // One clock for the batch: an aggregate whose commands carry their time takes the first one's.
      { clock: typeof clock === 'function' && items[0] ? clock(items[0].command) : (clock as Clock | undefined) },
    );
  }

  private async decideAndAppend(
    id: string,
    streamId: string,
    command: CommandOrFromState<Command, State>,
    context: CommandContext,
    { expectedRevision }: RunOptions,
  ): Promise<ExecuteResult<Event>> {
    const { aggregate } = this;
    const given = typeof command === 'function' ? undefined : command;
    const { eraseEarlier, newStream } = given !== undefined && aggregate.appendOptions ? aggregate.appendOptions(given, expectedRevision) : {};
    const clock = typeof aggregate.clock === 'function' ? (given !== undefined ? aggregate.clock(given) : undefined) : aggregate.clock;
    const attempt = () => executeCommand(this.store, streamId, aggregate.decider, command, context, { expectedRevision, clock, upcasters: aggregate.upcasters, eraseEarlier, newStream });
    // An expectation or a stream only ever created cannot come true by deciding again: one attempt.
    const retries = expectedRevision === undefined && !newStream && aggregate.retry;
    try {
      return retries ? await retryOnConflict(attempt, retries) : await attempt();
    } catch (error) {
      if (error instanceof StreamConflictError) throw aggregate.conflict ? aggregate.conflict(error, id, given) : error;
      throw aggregate.refusal ? aggregate.refusal(error, id) : error;
    }
  }
}
