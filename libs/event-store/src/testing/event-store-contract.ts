import { randomUUID } from 'node:crypto';
import type { EventHandler, EventStore, Position, RecordedEvent, SubscribeOptions, Subscription } from '../port';
import { appendAndReadContract } from './append-and-read.contract';
import { newEvent, type ContractContext, type EventStoreContractOptions, type EventStoreFixture } from './contract-context';
import { subscriptionContract } from './subscription.contract';

export type { EventStoreContractOptions, EventStoreFixture };


/**
 * The behaviour every EventStore adapter must show. Tests share one store per adapter and isolate
 * themselves by stream-name prefix and by starting reads after a marker position, so the suite also
 * runs against a long-lived server that holds other data.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<EventStoreFixture>,
  options: EventStoreContractOptions = {},
): void {
  describe(`EventStore contract: ${name}`, () => {
    let fixture: EventStoreFixture | undefined;
    let store: EventStore;
    let prefix: string;
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      fixture = await factory();
      store = fixture.store;
    }, 30_000);

    afterAll(async () => {
      await fixture?.dispose();
    });

    beforeEach(() => {
      prefix = `t${randomUUID().replaceAll('-', '').slice(0, 10)}-`;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
    });

    function subscribe(handler: EventHandler, subscribeOptions: SubscribeOptions): Subscription {
      const subscription = store.subscribeToAll(handler, subscribeOptions);
      subscriptions.push(subscription);
      return subscription;
    }

    /** A position before everything this test writes. */
    async function marker(): Promise<Position> {
      return (await store.append(`${prefix}marker`, [newEvent('MarkerSet')], 'no_stream')).position;
    }

    /** Events of this test after `after`, read back from the global log. */
    async function readAllOfTest(after: Position): Promise<RecordedEvent[]> {
      return (await store.readAll({ after })).filter((e) => e.streamId.startsWith(prefix));
    }

    const t: ContractContext = {
      get store() {
        return store;
      },
      get prefix() {
        return prefix;
      },
      subscribe,
      marker,
      readAllOfTest,
    };
    appendAndReadContract(t, options);
    subscriptionContract(t, name, options);
  });
}
