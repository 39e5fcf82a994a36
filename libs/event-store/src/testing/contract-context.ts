import { randomUUID } from 'node:crypto';
import { comparePositions, type EventHandler, type EventStore, type NewEvent, type Position, type RecordedEvent, type SubscribeOptions, type Subscription } from '../port';

export interface EventStoreFixture {
  readonly store: EventStore;
  dispose(): Promise<void>;
}

export interface EventStoreContractOptions {
  /** Deleted events also leave readAll at once (KurrentDB only drops them at scavenge). Default true. */
  readonly deleteRemovesFromAll?: boolean;
  /** Concurrency test size. Defaults: 20 writers x 50 appends. */
  readonly writers?: number;
  readonly appendsPerWriter?: number;
}

/** What each test of the contract works with: the shared store, its own stream-name prefix, and helpers. */
export interface ContractContext {
  readonly store: EventStore;
  /** This test's stream-name prefix: tests share one store and never see each other's streams. */
  readonly prefix: string;
  /** Subscribes, stopped after the test. */
  subscribe(handler: EventHandler, options: SubscribeOptions): Subscription;
  /** A position before everything this test writes. */
  marker(): Promise<Position>;
  /** Events of this test after `after`, read back from the global log. */
  readAllOfTest(after: Position): Promise<RecordedEvent[]>;
}

export const key = (e: Pick<RecordedEvent, 'streamId' | 'revision'>) => `${e.streamId}@${e.revision}`;

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  const eventId = randomUUID();
  return {
    type,
    data,
    metadata: {
      eventId,
      occurredAt: new Date().toISOString(),
      actor: 'system',
      correlationId: eventId,
      causationId: eventId,
      schemaVersion: 1,
    },
  };
}

export function expectStrictlyIncreasing(positions: readonly Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    if (comparePositions(positions[i - 1]!, positions[i]!) >= 0) {
      throw new Error(`position ${i} does not increase: ${String(positions[i - 1]!.commit)}/${String(positions[i - 1]!.prepare)} then ${String(positions[i]!.commit)}/${String(positions[i]!.prepare)}`);
    }
  }
}
