import { describe, expect, it } from '@jest/globals';
import { PostgresEventStore, StreamConflictError, type EventStore, type Position } from '@afterwards/event-store';
import { usePostgresEventStore } from '@afterwards/event-store/testing';
import { createPgliteTestDatabase } from '@afterwards/persistence/testing';
import { CommandPipeline, type AggregateCommands } from './command-pipeline';

/** A tally that counts up to a limit: enough of an aggregate to see every step of the pipeline. */
type TallyCommand = { type: 'Add'; by: number } | { type: 'ReachAtLeast'; value: number };
type TallyEvent = { type: 'TallyAdded'; data: { by: number } };
const LIMIT = 10;
class TallyError extends Error {
  readonly code = 'TALLY_FULL';
}
class TallyChanged extends Error {
  readonly code = 'TALLY_CHANGED';
}

const tally: AggregateCommands<TallyCommand, TallyEvent, number> = {
  streamId: (id) => `tally-${id}`,
  decider: {
    initialState: 0,
    decide(command, value) {
      const by = command.type === 'Add' ? command.by : Math.max(0, command.value - value);
      if (value + by > LIMIT) throw new TallyError(`A tally stops at ${LIMIT}`);
      return by === 0 ? [] : [{ type: 'TallyAdded', data: { by } }];
    },
    evolve: (value, event) => value + event.data.by,
  },
  retry: { maxAttempts: 3 },
  conflict: (_error, id) => new TallyChanged(`Tally ${id} was changed by someone else`),
};

/** An event store where another process appends to the stream just before each of our first `races` appends. */
function racingStore(store: EventStore, races: number): EventStore {
  let left = races;
  return new Proxy(store, {
    get(target, key) {
      if (key !== 'append') return Reflect.get(target, key);
      return async (...args: Parameters<EventStore['append']>) => {
        if (left-- > 0) await target.append(args[0], [{ type: 'TallyAdded', data: { by: 1 }, metadata: { eventId: crypto.randomUUID(), occurredAt: new Date().toISOString(), actor: 'other', correlationId: 'c', causationId: 'c', schemaVersion: 1 } }], 'any');
        return target.append(...args);
      };
    },
  });
}

describe('the command pipeline', () => {
  let store: PostgresEventStore;
  const context = { actor: 'user-1' };
  let n = 0;
  const id = () => `t${++n}`;

  usePostgresEventStore(createPgliteTestDatabase, (opened) => ({ store } = opened));

  it('decides on the folded stream and appends; an intent already met appends nothing', async () => {
    const pipeline = new CommandPipeline(store, tally);
    const t = id();
    const first = await pipeline.run(t, { type: 'Add', by: 4 }, context);
    expect(first).toMatchObject({ events: [{ type: 'TallyAdded', data: { by: 4 } }], revision: 0n });
    expect(first.position).toBeDefined();
    expect((await pipeline.run(t, { type: 'ReachAtLeast', value: 4 }, context)).events).toEqual([]);
    const history = await store.readStream(`tally-${t}`);
    expect(history.map((e) => [e.data, e.metadata.actor])).toEqual([[{ by: 4 }, 'user-1']]);
  });

  it('runs writes to one aggregate from this process one at a time, so none conflicts', async () => {
    const pipeline = new CommandPipeline(store, { ...tally, retry: undefined });
    const t = id();
    await Promise.all(Array.from({ length: 5 }, () => pipeline.run(t, { type: 'Add', by: 1 }, context)));
    expect(await store.readStream(`tally-${t}`)).toHaveLength(5);
  });

  it('refuses a stale expected version with the aggregate conflict error, without deciding again', async () => {
    const pipeline = new CommandPipeline(store, tally);
    const t = id();
    await pipeline.run(t, { type: 'Add', by: 1 }, context);
    await pipeline.run(t, { type: 'Add', by: 1 }, context);
    await expect(pipeline.run(t, { type: 'Add', by: 1 }, context, { expectedRevision: 0n })).rejects.toThrow(TallyChanged);
    await expect(pipeline.run(t, { type: 'Add', by: 1 }, context, { expectedRevision: 1n })).resolves.toMatchObject({ revision: 2n });
  });

  it('decides a race lost to another process again on the newer state', async () => {
    const t = id();
    const pipeline = new CommandPipeline(racingStore(store, 2), tally);
    // The other process added 1 twice: reaching 5 now takes 3, decided on the state after both.
    const result = await pipeline.run(t, { type: 'ReachAtLeast', value: 5 }, context);
    expect(result.events).toEqual([{ type: 'TallyAdded', data: { by: 3 } }]);
  });

  it('gives up with the conflict error when every attempt loses, and does not retry without a policy', async () => {
    await expect(new CommandPipeline(racingStore(store, 3), tally).run(id(), { type: 'Add', by: 1 }, context)).rejects.toThrow(TallyChanged);
    await expect(new CommandPipeline(racingStore(store, 1), { ...tally, retry: undefined, conflict: undefined }).run(id(), { type: 'Add', by: 1 }, context)).rejects.toThrow(
      StreamConflictError,
    );
  });

  it('passes a refusal through the aggregate mapping, in words naming the aggregate', async () => {
    const pipeline = new CommandPipeline(store, { ...tally, refusal: (error, tallyId) => (error instanceof TallyError ? new TallyError(`Tally ${tallyId} is full`) : error) });
    await expect(pipeline.run('full', { type: 'Add', by: LIMIT + 1 }, context)).rejects.toThrow('Tally full is full');
  });

  it('runs a change of several commands: waits for the read model, then audits once with before and after', async () => {
    const settled: Position[] = [];
    const pipeline = new CommandPipeline(store, { ...tally, settle: async (position) => void settled.push(position) });
    const t = id();
    let row = 0;
    const audits: unknown[] = [];
    const read = async () => row;
    const change = await pipeline.change(t, [{ type: 'Add', by: 2 }, (value: number) => ({ type: 'ReachAtLeast', value: value + 3 })], context, {
      read,
      audit: async (audited) => void audits.push(audited),
    });
    expect(change.events.map((e) => e.data.by)).toEqual([2, 3]);
    expect(settled).toEqual([change.position]);
    expect(audits).toEqual([{ before: 0, after: 0, events: change.events }]);
    row = 5;
    const unchanged = await pipeline.change(t, [{ type: 'ReachAtLeast', value: 5 }], context, { read, audit: async (audited) => void audits.push(audited) });
    expect(unchanged).toMatchObject({ events: [], after: 5 });
    expect(audits).toHaveLength(1);
  });

  it('creates many new aggregates in one append, refusing the ones that exist', async () => {
    const pipeline = new CommandPipeline(store, tally);
    const existing = id();
    await pipeline.run(existing, { type: 'Add', by: 1 }, context);
    const outcomes = await pipeline.createMany(
      [
        { id: id(), command: { type: 'Add', by: 1 } },
        { id: existing, command: { type: 'Add', by: 1 } },
        { id: id(), command: { type: 'Add', by: LIMIT + 1 } },
      ],
      context,
    );
    expect(outcomes.map((o) => (o.ok ? 'ok' : (o.error as Error).constructor.name))).toEqual(['ok', 'StreamConflictError', 'TallyError']);
  });
});
